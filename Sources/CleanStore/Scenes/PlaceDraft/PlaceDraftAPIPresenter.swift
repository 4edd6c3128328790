import Foundation

extension PlaceDraft.Place {
    /// What the API answers: the order placed (or placed before by the same key), or a problem.
    enum APIViewModel: Equatable {
        case placed(Components.Schemas.Order, again: Bool)
        case problem(APIProblem)
    }
}

/// A placing's outcome as the API's document, in the check page's words: a card the order form's
/// rules refuse is a 422 at the API's card fields, a draft changed since its version a 412 (with its
/// ETag now), a placing check that fails a 409 listing what stands in the way.
final class PlaceDraftAPIPresenter: PlaceDraftPresentationLogic {
    weak var viewController: PlaceDraftAPIDisplayLogic?
    let formatter = OrderAPIFormatter()
    let signedIn: SignedIn
    private let orderForm: CreateOrderPresenter

    init(formatter: OrderDisplayFormatter, signedIn: SignedIn) {
        self.signedIn = signedIn
        orderForm = CreateOrderPresenter(formatter: formatter)
    }

    /// The API has no check page: `GET /api/v1/drafts/{ref}` says what stands in the way.
    func presentCheckedDraft(response: PlaceDraft.CheckDraft.Response) {}
    /// Nor a changed price's choice.
    func presentDecidedPrice(response: PlaceDraft.DecidePrice.Response) {}

    func presentPlacedOrder(response: PlaceDraft.Place.Response) {
        let viewModel: PlaceDraft.Place.APIViewModel
        switch response {
        case .placed(let order): viewModel = .placed(document(order), again: false)
        case .alreadyPlaced(let order): viewModel = .placed(document(order), again: true)
        case .checkAgain(_, .invalidCard(let errors), _):
            var fields: [APIProblem.FieldError] = []
            for error in errors where !fields.contains(where: { $0.field == OrderAPIFormatter.field(error.field) }) {
                fields.append(.init(field: OrderAPIFormatter.field(error.field), message: orderForm.message(for: error)))
            }
            viewModel = .problem(.invalid(fields))
        case .checkAgain(let checked, .draftChanged, _):
            var problem = APIProblem(
                status: .preconditionFailed, title: "The draft changed since it was read",
                detail: "It was not placed: read it again (GET), check it, then place it with its ETag.")
            problem.headers[.eTag] = OrderAPIFormatter.eTag(checked.draft.version)
            viewModel = .problem(problem)
        case .checkAgain(let checked, .refused, _):
            var problems = PlaceDraftPresenter.problems(checked.check, of: checked.draft)
            problems += checked.check.priceChanges.map(PlaceDraftPresenter.priceChangeText)
            if let duplicate = checked.check.duplicate, !checked.duplicateAccepted {
                problems.append(
                    "Order \(duplicate.id ?? "") was placed for the same customer, address and items in the last 24 hours: send placeDuplicateAnyway to place this one too")
            }
            var problem = APIProblem(
                status: .conflict, title: "This order cannot be placed yet",
                detail: ([PlaceDraftPresenter.refusedMessage] + problems).joined(separator: " "))
            problem.headers[.eTag] = OrderAPIFormatter.eTag(checked.draft.version)
            viewModel = .problem(problem)
        case .notFound: viewModel = .problem(EditDraftAPIPresenter.notFound)
        case .storeUnavailable: viewModel = .problem(.unavailable)
        }
        viewController?.displayPlacedOrder(viewModel: viewModel)
    }

    private func document(_ order: Order) -> Components.Schemas.Order {
        formatter.order(order, allowed: order.status.actions.filter { signedIn.may(.changeStatus($0)) })
    }
}
