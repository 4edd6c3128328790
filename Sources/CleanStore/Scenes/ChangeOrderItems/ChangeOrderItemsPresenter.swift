import Foundation

protocol ChangeOrderItemsPresentationLogic: AnyObject {
    func presentChangedItems(response: ChangeOrderItems.ChangeItems.Response)
}

/// A change of items in words: the flash after it is saved ("Items saved; tax re-computed: $7.32"),
/// the 409 pages, and the page a refused form comes back on, GOV.UK's error message style.
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
            viewModel = .invalid(displayedForm(order: order, form: form, errors: errors))
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

    private func displayedForm(
        order: Order, form: ChangeOrderItems.Form, errors: [ChangeOrderItems.FieldError]
    ) -> ChangeOrderItems.DisplayedForm {
        let id = order.id ?? ""
        func error(_ field: String) -> String? { errors.first { $0.field == field }.map { Self.message(for: $0.problem) } }
        func field(_ name: String, _ value: String) -> SignIn.DisplayedField {
            SignIn.DisplayedField(name: name, value: Self.shown(value), errorMessage: error(name))
        }
        var displayed = ChangeOrderItems.DisplayedForm(
            title: "", heading: "", errors: errors.map { SignIn.DisplayedError(field: $0.field, message: Self.message(for: $0.problem)) },
            action: "", version: String(order.version), orderURL: Paths.order(id), backLinkText: "Back to order \(id)")
        switch form {
        case .addLine(let fields):
            displayed.heading = "Add an item to order \(id)"
            displayed.action = Paths.orderLines(id)
            displayed.submitLabel = "Add item"
            displayed.addLine = ChangeOrderItems.DisplayedAddLine(sku: field("sku", fields.sku), quantity: field("quantity", fields.quantity))
        case .quantities(let fields):
            displayed.heading = "Change quantities of order \(id)"
            displayed.action = Paths.orderLineQuantities(id)
            displayed.submitLabel = "Save quantities"
            displayed.quantities = order.lines.map { line in
                let boxID = ChangeOrderItems.QuantitiesFields.id(key: line.key)
                return ChangeOrderItems.DisplayedQuantity(
                    id: boxID, name: ChangeOrderItems.QuantitiesFields.name(key: line.key), label: "Quantity of \(line.sku) \(line.name)",
                    value: Self.shown(fields.line[line.key]?.quantity ?? String(line.quantity)), errorMessage: error(boxID))
            }
        case .price(let key, let fields):
            let line = order.lines.first { $0.key == key }
            displayed.heading = "Change the price of \(line?.sku ?? key) on order \(id)"
            displayed.action = Paths.orderLinePrice(id, key: key)
            displayed.submitLabel = "Save price"
            displayed.price = ChangeOrderItems.DisplayedPrice(
                line: line.map { "\($0.sku) \($0.name), catalog price \(Money.text(cents: $0.catalogPriceCents))" } ?? key,
                price: field("price", fields.price), reason: field("reason", fields.reason))
        case .remove(let key, _):
            // A remove has no field to get wrong: never invalid.
            displayed.heading = "Remove an item from order \(id)"
            displayed.action = Paths.orderLineRemove(id, key: key)
            displayed.submitLabel = "Remove"
        }
        displayed.title = "Error: " + displayed.heading
        return displayed
    }

    /// The text as typed, each control or invisible formatting character a field may not hold
    /// shown as � (U+FFFD), as `AddOrderNotePresenter.shown` does for notes.
    static func shown(_ typed: String) -> String { AddOrderNotePresenter.shown(typed) }
}
