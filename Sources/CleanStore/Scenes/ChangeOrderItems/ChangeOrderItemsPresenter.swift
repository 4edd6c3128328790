import Foundation

protocol ChangeOrderItemsPresentationLogic: AnyObject {
    func presentChangedItems(response: ChangeOrderItems.ChangeItems.Response)
}

/// A change of items in words: the flash after it is saved ("Items saved; tax re-computed: $7.32"),
/// the 409 pages, and the messages of a refused form (GOV.UK's error message style), which the
/// order's page shows at their fields (`ShowOrderPresenter.itemForms`).
final class ChangeOrderItemsPresenter: ChangeOrderItemsPresentationLogic {
    weak var viewController: ChangeOrderItemsDisplayLogic?

    // MARK: Change items

    func presentChangedItems(response: ChangeOrderItems.ChangeItems.Response) {
        let viewModel: ChangeOrderItems.ChangeItems.ViewModel
        switch response {
        case .changed(let order):
            viewModel = .changed(
                orderID: order.id ?? "", flash: "Items saved; tax re-computed: \(Money.text(cents: order.totals.taxCents))")
        case .invalid(let order, let form, let errors):
            viewModel = .invalid(orderID: order.id ?? "", refused: ShowOrder.GetOrder.RefusedItems(form: form, errors: errors))
        case .conflict(let current):
            viewModel = .refused(.itemsChangedMeanwhile(orderID: current.id ?? ""))
        case .refused(let current, let reason):
            viewModel = .refused(.itemsRefused(orderID: current.id ?? "", reason: reason))
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayChangedItems(viewModel: viewModel)
    }

    static func message(for problem: ChangeOrderItems.FieldError.Problem) -> String {
        switch problem {
        case .skuMissing: return "Enter a SKU"
        case .unknownSKU(let sku): return "No product has the SKU \(sku): check it in the catalog"
        case .archived(let sku): return "\(sku) is archived: choose a product the shop still sells"
        case .quantity: return "Enter a quantity from 1 to 9,999"
        case .tooManyLines: return "An order holds at most \(OrderLine.mostLines) lines: change a quantity instead"
        case .price: return "Enter a price in dollars and cents, like 12.50"
        case .reason(.missing): return "Enter why this price is charged"
        case .reason(.tooLong(let maximum)): return "Reason must be \(maximum) characters or fewer"
        case .reason(.controlCharacters): return "Remove the hidden control characters (shown as \u{FFFD}) from the reason"
        case .reason(.looksLikeCardNumber): return "Remove the card number from the reason"
        case .reason(.invisibleCharacters):
            return "Remove the hidden formatting characters (shown as \u{FFFD}), such as text direction marks, from the reason"
        }
    }

    /// The text as typed, each control or invisible formatting character a field may not hold
    /// shown as � (U+FFFD), as `AddOrderNotePresenter.shown` does for notes.
    static func shown(_ typed: String) -> String { AddOrderNotePresenter.shown(typed) }
}
