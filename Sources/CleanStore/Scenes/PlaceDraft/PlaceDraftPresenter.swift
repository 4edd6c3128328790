import Foundation

protocol PlaceDraftPresentationLogic: AnyObject {
    func presentCheckedDraft(response: PlaceDraft.CheckDraft.Response)
    func presentPlacedOrder(response: PlaceDraft.Place.Response)
    func presentDecidedPrice(response: PlaceDraft.DecidePrice.Response)
}

/// The check page, GOV.UK's "check your answers", all strings. The card's fields, words and
/// messages are the order form's (`CreateOrderPresenter+Messages.swift`).
final class PlaceDraftPresenter: PlaceDraftPresentationLogic {
    typealias Field = CreateOrder.Field

    weak var viewController: PlaceDraftDisplayLogic?
    let formatter: OrderDisplayFormatter
    private let orderForm: CreateOrderPresenter

    static let cardFields: [Field] = [.paymentMethodCreditCardNumber, .paymentMethodExpirationDate, .paymentMethodCVV]

    static let draftChangedMessage =
        "The order changed after this page was shown, so it was not placed. Check it again, then enter the card again: it is never kept."
    static let refusedMessage = "Something changed that stops this order being placed, so it was not placed. Check what is listed."
    /// The security code is never shown again: said at its field whenever one was typed.
    static let typeCVVAgainMessage = "Enter the card security code again: it is never kept"
    static let typeCardAgainMessage = "Enter the card number again: it is never kept"

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
        orderForm = CreateOrderPresenter(formatter: formatter)
    }

    // MARK: Use cases

    func presentCheckedDraft(response: PlaceDraft.CheckDraft.Response) {
        let page: PlaceDraft.DisplayedPage
        switch response {
        case .checked(let checked): page = .check(displayedCheck(checked, comeback: nil, typed: nil), status: .ready)
        case .notFound: page = .notFound
        case .storeUnavailable: page = .unavailable
        }
        viewController?.displayCheckedDraft(viewModel: PlaceDraft.CheckDraft.ViewModel(page: page))
    }

    func presentPlacedOrder(response: PlaceDraft.Place.Response) {
        let page: PlaceDraft.DisplayedPage
        switch response {
        case .placed(let order): page = .placed(orderID: order.id ?? "", note: nil)
        case .alreadyPlaced(let order):
            let id = order.id ?? ""
            page = .placed(orderID: id, note: CreateOrderPresenter.alreadyCreatedMessage(orderID: id))
        case .checkAgain(let checked, let comeback, let typed):
            let status: PlaceDraft.CheckStatus = comeback == .draftChanged || comeback == .refused ? .conflict : .invalid
            page = .check(displayedCheck(checked, comeback: comeback, typed: typed), status: status)
        case .notFound: page = .notFound
        case .storeUnavailable: page = .unavailable
        }
        viewController?.displayPlacedOrder(viewModel: PlaceDraft.Place.ViewModel(page: page))
    }

    func presentDecidedPrice(response: PlaceDraft.DecidePrice.Response) {
        let page: PlaceDraft.DisplayedPage
        switch response {
        case .decided(let ref): page = .checkAgain(ref: ref)
        case .notFound: page = .notFound
        case .storeUnavailable: page = .unavailable
        }
        viewController?.displayDecidedPrice(viewModel: PlaceDraft.DecidePrice.ViewModel(page: page))
    }

    // MARK: The page

    private func displayedCheck(
        _ checked: PlaceDraft.Checked, comeback: PlaceDraft.Comeback?, typed: PlaceDraft.PlaceFormFields?
    ) -> PlaceDraft.DisplayedCheck {
        let draft = checked.draft
        let check = checked.check
        let ref = draft.ref
        // Messages at the card's fields: the form's own, and, when the page comes back, that what is
        // never kept must be typed again.
        var messages: [Field: String] = [:]
        if case .invalidCard(let errors) = comeback {
            for error in errors where messages[error.field] == nil { messages[error.field] = orderForm.message(for: error) }
        }
        if comeback == .draftChanged, messages[.paymentMethodCreditCardNumber] == nil {
            messages[.paymentMethodCreditCardNumber] = Self.typeCardAgainMessage
        }
        if let typed, !typed.paymentMethodCVV.isEmpty || comeback == .draftChanged, messages[.paymentMethodCVV] == nil {
            messages[.paymentMethodCVV] = Self.typeCVVAgainMessage
        }
        var fields: [String: CreateOrder.DisplayedForm.DisplayedField] = [:]
        for field in Self.cardFields {
            // After a change, nothing of the card is kept; else the number and expiry as typed.
            let value: String
            switch field {
            case .paymentMethodCreditCardNumber: value = comeback == .draftChanged ? "" : typed?.paymentMethodCreditCardNumber ?? ""
            case .paymentMethodExpirationDate: value = comeback == .draftChanged ? "" : typed?.paymentMethodExpirationDate ?? ""
            default: value = ""
            }
            fields[field.rawValue] = CreateOrder.DisplayedForm.DisplayedField(
                name: field.rawValue, value: value, errorMessage: messages[field], hint: orderForm.hint(for: field, editing: nil))
        }
        let errors = Self.cardFields.compactMap { field in
            messages[field].map { CreateOrder.DisplayedForm.DisplayedError(field: field.rawValue, message: $0) }
        }
        let formMessage: String? = switch comeback {
        case .draftChanged: Self.draftChangedMessage
        case .refused: Self.refusedMessage
        default: nil
        }
        let contact = draft.contact
        let address = formatter.addressLines(draft.shipmentAddress).joined(separator: ", ")
        let problems = Self.problems(check, of: draft)
        let duplicateWaiting = check.duplicate != nil && !checked.duplicateAccepted
        let canPlace = check.allowsPlacing(duplicateAccepted: checked.duplicateAccepted)
        let heading = canPlace ? "Check the order before placing it" : "This order cannot be placed yet"
        let totals = check.totals
        return PlaceDraft.DisplayedCheck(
            title: errors.isEmpty && formMessage == nil ? heading : "Error: \(heading)", heading: heading, errors: errors,
            formMessage: formMessage,
            caller: [
                .init(key: "Name", value: [contact.firstName, contact.lastName].joined(separator: " ")),
                .init(key: "Phone number", value: contact.phone), .init(key: "Email address", value: contact.email),
            ],
            delivery: [
                .init(key: "Ship to", value: address), .init(key: "Shipping method", value: draft.shipmentMethod.toString()),
                .init(
                    key: "Bill to",
                    value: draft.billingSameAsShipping
                        ? "Same as shipping address" : formatter.addressLines(draft.billingAddress).joined(separator: ", ")),
            ],
            lines: draft.lines.map {
                .init(
                    sku: $0.sku, name: $0.name, quantity: String($0.quantity), unitPrice: Money.text(cents: $0.unitPriceCents),
                    amount: Money.text(cents: $0.amountCents))
            },
            totals: [
                .init(key: "Subtotal", value: Money.text(cents: totals.subtotalCents)),
                .init(key: "Shipping", value: Money.text(cents: totals.shippingCents)),
                .init(key: "Tax", value: check.missingTaxRegion == nil ? Money.text(cents: totals.taxCents) : "No rate"),
                .init(key: "Total", value: Money.text(cents: totals.totalCents)),
            ],
            changeCallerURL: Paths.draft(ref) + "#caller-heading", changeItemsURL: Paths.draft(ref) + "#items-heading",
            changeDeliveryURL: Paths.draft(ref) + "#delivery-heading", problems: problems,
            priceChanges: check.priceChanges.map {
                .init(
                    text: Self.priceChangeText($0),
                    line: $0.lineKey, keepLabel: "Keep \(Money.text(cents: $0.wasCents)) for \($0.name)",
                    useNewLabel: "Use \(Money.text(cents: $0.nowCents)) for \($0.name)")
            },
            pricesAction: Paths.draftPrices(ref),
            duplicateMessage: duplicateWaiting
                ? check.duplicate.map { "Order \($0.id ?? "") was placed for the same customer, address and items in the last 24 hours." } : nil,
            duplicateURL: duplicateWaiting ? check.duplicate.map { Paths.order($0.id ?? "") } : nil,
            placeAnywayURL: duplicateWaiting ? Paths.draftCheck(ref) + "?duplicate=accepted" : nil,
            canPlace: canPlace, placeAction: Paths.draftPlace(ref), fields: fields, version: String(draft.version),
            orderKey: checked.orderKey, placeDuplicateAnyway: checked.duplicateAccepted,
            saveCaller: typed.map { $0.saveCaller == "on" } ?? true,
            saveCallerHint: draft.customerID == nil
                ? "Adds them to the saved customers, with this order's addresses as theirs."
                : "Updates the saved customer this order was copied from: this order's contact and addresses become theirs.")
    }

    /// What stands in the way of placing `draft`, in words (missing sections, products no longer
    /// sold, shortages, a missing rate): the check page's list, and the API's (`PlaceDraftAPIPresenter`).
    static func problems(_ check: PlacingCheck, of draft: Draft) -> [String] {
        var problems: [String] = check.incomplete.map {
            switch $0 {
            case .caller: "Enter the caller's name, phone number and email address"
            case .items: "Add at least one item"
            case .delivery: "Enter the shipment address"
            }
        }
        problems += check.unavailableLines.compactMap { key in
            draft.lines.first { $0.key == key }.map { "\($0.name) (\($0.sku)) is no longer sold: remove it" }
        }
        problems += check.shortages.map { "Only \($0.available) of \($0.name) (\($0.sku)) in stock, \($0.wanted) wanted" }
        if let region = check.missingTaxRegion { problems.append("No tax rate for \(region) — ask a supervisor") }
        return problems
    }

    /// A catalog price that changed since a line was added, in words.
    static func priceChangeText(_ change: PriceChange) -> String {
        "\(change.name) (\(change.sku)) was \(Money.text(cents: change.wasCents)) when added; the catalog says \(Money.text(cents: change.nowCents)) now"
    }
}
