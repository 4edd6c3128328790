import Foundation

extension EditDraft {
    /// What the API answers: a draft, a draft saved or made (read again, as the page's router
    /// redirects to it), or a problem.
    enum APIViewModel: Equatable {
        case draft(Components.Schemas.Draft)
        case saved(ref: String)
        case problem(APIProblem)
    }
}

/// A draft's outcomes as the API's documents, in the pages' words: a section the order form's rules
/// refuse is a 422 with the form's messages at the API's field names (`OrderAPIFormatter.field`), a
/// line's the draft page's item messages.
final class EditDraftAPIPresenter: EditDraftPresentationLogic {
    weak var viewController: EditDraftAPIDisplayLogic?
    let formatter = OrderAPIFormatter()
    /// The order form's presenter, for its field messages.
    private let orderForm: CreateOrderPresenter

    init(formatter: OrderDisplayFormatter) {
        orderForm = CreateOrderPresenter(formatter: formatter)
    }

    static let notFound = APIProblem(status: .notFound, title: "No such draft")

    /// A change from a version the draft is not at: 412 with the draft's ETag now.
    static func changedMeanwhile(version: Int) -> APIProblem {
        var problem = APIProblem(
            status: .preconditionFailed, title: "The draft changed since it was read",
            detail: "Nothing was saved: read it again (GET), then send the change with its ETag.")
        problem.headers[.eTag] = OrderAPIFormatter.eTag(version)
        return problem
    }

    func presentStartedDraft(response: EditDraft.StartDraft.Response) {
        switch response {
        case .created(let ref), .createdForCustomer(let ref, _), .repeated(let ref, _):
            viewController?.displayDraft(viewModel: .saved(ref: ref))
        // The API starts empty drafts only (`POST /api/v1/drafts`): these answer an order's page's buttons.
        case .orderNotFound, .nothingToStartFrom:
            viewController?.displayDraft(viewModel: .problem(APIProblem(status: .notFound, title: "No such order")))
        case .storeUnavailable: viewController?.displayDraft(viewModel: .problem(.unavailable))
        }
    }

    func presentKeptOrderForm(response: EditDraft.KeepOrderForm.Response) {
        switch response {
        case .kept(let ref):
            viewController?.displayDraft(viewModel: .saved(ref: ref))
        case .keptWithMistakes(let loaded, let refusal):
            // The draft is made with the sections that passed: the problem says where it is.
            let ref = loaded.draft.ref
            var problem = APIProblem.invalid(errors(refusal, draft: loaded.draft))
            problem.detail =
                "Draft \(ref) was made with the sections that passed: correct the others with PUT \(Paths.apiDraft(ref))/caller or /delivery."
            problem.headers[.location] = Paths.apiDraft(ref)
            viewController?.displayDraft(viewModel: .problem(problem))
        case .storeUnavailable:
            viewController?.displayDraft(viewModel: .problem(.unavailable))
        }
    }

    func presentDraft(response: EditDraft.ShowDraft.Response) {
        switch response {
        case .found(let loaded): viewController?.displayDraft(viewModel: .draft(formatter.draft(loaded.draft, check: loaded.check)))
        case .notFound: viewController?.displayDraft(viewModel: .problem(Self.notFound))
        case .storeUnavailable: viewController?.displayDraft(viewModel: .problem(.unavailable))
        }
    }

    func presentSavedSection(response: EditDraft.SaveSection.Response) {
        switch response {
        case .saved(let ref, _): viewController?.displayDraft(viewModel: .saved(ref: ref))
        case .invalid(let loaded, let refusal):
            viewController?.displayDraft(viewModel: .problem(.invalid(errors(refusal, draft: loaded.draft))))
        case .changedMeanwhile(let current): viewController?.displayDraft(viewModel: .problem(Self.changedMeanwhile(version: current.version)))
        case .notFound: viewController?.displayDraft(viewModel: .problem(Self.notFound))
        case .storeUnavailable: viewController?.displayDraft(viewModel: .problem(.unavailable))
        }
    }

    /// The refusal's messages: the order form's at the caller's and delivery's fields, the draft
    /// page's at a line's (`sku`, `quantity`).
    private func errors(_ refusal: EditDraft.Refusal, draft: Draft) -> [APIProblem.FieldError] {
        var errors: [APIProblem.FieldError] = []
        for error in refusal.fieldErrors {
            let field = OrderAPIFormatter.field(error.field)
            guard !errors.contains(where: { $0.field == field }) else { continue }
            errors.append(.init(field: field, message: orderForm.message(for: error)))
        }
        for error in refusal.itemErrors {
            let line = draft.lines.first { EditDraftInteractor.quantityField($0.key) == error.field }
            let field = error.field == "sku" ? "sku" : "quantity"
            guard !errors.contains(where: { $0.field == field }) else { continue }
            errors.append(.init(field: field, message: EditDraftPresenter.message(error.problem, lineName: line?.name)))
        }
        return errors
    }
}
