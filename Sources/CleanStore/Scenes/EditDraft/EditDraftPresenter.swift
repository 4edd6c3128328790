import Foundation

protocol EditDraftPresentationLogic: AnyObject {
    func presentStartedDraft(response: EditDraft.StartDraft.Response)
    func presentKeptOrderForm(response: EditDraft.KeepOrderForm.Response)
    func presentDraft(response: EditDraft.ShowDraft.Response)
    func presentSavedSection(response: EditDraft.SaveSection.Response)
}

/// The draft's page, all strings. A field's words and messages are the order form's
/// (`CreateOrderPresenter+Messages.swift`): the same field says the same thing on both pages.
final class EditDraftPresenter: EditDraftPresentationLogic {
    typealias Field = CreateOrder.Field

    weak var viewController: EditDraftDisplayLogic?
    let formatter: OrderDisplayFormatter
    /// The order form's presenter, for its messages and hints.
    private let orderForm: CreateOrderPresenter

    static let callerFields: [Field] = [.firstName, .lastName, .phone, .email]
    static let deliveryFields: [Field] = [
        .shipmentAddressStreet1, .shipmentAddressStreet2, .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP,
        .shipmentMethodSpeed, .billingAddressStreet1, .billingAddressStreet2, .billingAddressCity, .billingAddressState,
        .billingAddressZIP,
    ]

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
        orderForm = CreateOrderPresenter(formatter: formatter)
    }

    // MARK: Use cases

    func presentStartedDraft(response: EditDraft.StartDraft.Response) {
        let page: EditDraft.DisplayedPage
        switch response {
        case .created(let ref): page = .saved(ref: ref, flash: Self.startedMessage(ref: ref))
        case .createdForCustomer(let ref, let name):
            page = .saved(ref: ref, flash: "Order \(ref) started for \(name): their details are copied in. Check them with the caller.")
        case .repeated(let ref, let orderID):
            page = .repeated(
                ref: ref, orderID: orderID, flash: "Order \(ref) started from order \(orderID): check the items, their prices and stock.")
        case .orderNotFound: page = .notFound
        case .nothingToStartFrom(let orderID, let repeating): page = .refused(.nothingToStartFrom(orderID: orderID, repeating: repeating))
        case .storeUnavailable: page = .unavailable
        }
        viewController?.displayStartedDraft(viewModel: EditDraft.StartDraft.ViewModel(page: page))
    }

    func presentKeptOrderForm(response: EditDraft.KeepOrderForm.Response) {
        let page: EditDraft.DisplayedPage
        switch response {
        case .kept(let ref): page = .saved(ref: ref, flash: Self.keptMessage(ref: ref, mistakes: false))
        case .keptWithMistakes(let loaded, let refusal):
            // The error summary says where the typing went, then links to each mistake.
            var draft = displayedDraft(loaded, refusal: refusal)
            draft.formMessage = Self.keptMessage(ref: loaded.draft.ref, mistakes: true)
            page = .draft(draft, invalid: true)
        case .storeUnavailable: page = .unavailable
        }
        viewController?.displayKeptOrderForm(viewModel: EditDraft.KeepOrderForm.ViewModel(page: page))
    }

    /// What a new draft's page says first: its banner takes focus, and the next Tab is "Who is calling?".
    static func startedMessage(ref: String) -> String {
        "Order \(ref) started: who is calling?"
    }

    /// What the old one-page order form is told: where its typing went, and that the card must be
    /// typed again (a draft never keeps one).
    static func keptMessage(ref: String, mistakes: Bool) -> String {
        "Your order form was kept as draft \(ref)"
            + (mistakes ? ": correct what is marked below and save each section, then add the items." : ": add the items here.")
            + " The card is never kept in a draft: type it on the check page."
    }

    func presentDraft(response: EditDraft.ShowDraft.Response) {
        let page: EditDraft.DisplayedPage
        switch response {
        case .found(let loaded): page = .draft(displayedDraft(loaded, refusal: nil), invalid: false)
        case .notFound: page = .notFound
        case .storeUnavailable: page = .unavailable
        }
        viewController?.displayDraft(viewModel: EditDraft.ShowDraft.ViewModel(page: page))
    }

    func presentSavedSection(response: EditDraft.SaveSection.Response) {
        let page: EditDraft.DisplayedPage
        switch response {
        case .saved(let ref, let saved): page = .saved(ref: ref, flash: Self.flash(saved))
        case .invalid(let loaded, let refusal): page = .draft(displayedDraft(loaded, refusal: refusal), invalid: true)
        case .changedMeanwhile(let current): page = .saved(ref: current.ref, flash: Self.changedMeanwhileMessage)
        case .notFound: page = .notFound
        case .storeUnavailable: page = .unavailable
        }
        viewController?.displaySavedSection(viewModel: EditDraft.SaveSection.ViewModel(page: page))
    }

    // MARK: Words

    /// A save made from a version the draft is no longer at (the page shows it as it is now).
    static let changedMeanwhileMessage = "Someone changed this order since you opened it: nothing was saved. Check it and save again."

    static func flash(_ saved: EditDraft.Saved) -> String {
        switch saved {
        case .customerUsed(let name): "\(name)'s details copied into this order: check them with the caller."
        case .caller: "Caller saved."
        case .delivery: "Delivery saved."
        case .lineAdded(let name, let quantity): "Added \(quantity) × \(name)."
        case .quantities: "Quantities saved."
        case .lineRemoved(let name): "Removed \(name)."
        case .lineAlreadyGone: "That line was already removed."
        case .priceSaved(let name): "Price of \(name) saved."
        }
    }

    static func message(_ problem: EditDraft.ItemProblem, lineName: String?) -> String {
        let of = lineName.map { " of \($0)" } ?? ""
        switch problem {
        case .skuMissing: return "Enter a SKU"
        case .skuUnknown: return "Enter a SKU from the catalog, or search the catalog"
        case .productArchived: return "That product is no longer sold: choose another"
        case .quantityMissing: return "Enter the quantity\(of)"
        case .quantityNotANumber: return "Enter the quantity\(of) as a whole number, like 2"
        case .quantityOutOfRange: return "Enter a quantity\(of) from 1 to 9,999"
        case .tooManyLines: return "An order holds at most \(OrderLine.mostLines) lines: remove one first"
        case .priceNotMoney: return "Enter the price\(of) in dollars and cents, like 12.50"
        case .reasonMissing: return "Enter why the price\(of) is not the catalog's"
        case .reason(.missing): return "Enter why the price\(of) is not the catalog's"
        case .reason(.tooLong(let maximum)): return "The reason must be \(maximum) characters or fewer"
        case .reason(.controlCharacters): return "The reason must not include control characters other than line breaks"
        case .reason(.looksLikeCardNumber): return "The reason must not include a card number"
        case .reason(.invisibleCharacters):
            return "The reason must not include hidden formatting characters, such as text direction marks"
        }
    }

    /// "Enter the address" until a state is known; "No tax rate for OR — ask a supervisor" when
    /// none applies; else the tax.
    static func taxText(_ loaded: EditDraft.Loaded) -> String {
        if loaded.draft.shipmentAddress.state.isEmpty { return "Enter the address" }
        if let region = loaded.check.missingTaxRegion { return "No tax rate for \(region) — ask a supervisor" }
        return Money.text(cents: loaded.check.totals.taxCents)
    }

    // MARK: The page

    private func displayedDraft(_ loaded: EditDraft.Loaded, refusal: EditDraft.Refusal?) -> EditDraft.DisplayedDraft {
        let draft = loaded.draft
        let ref = draft.ref
        var fields = Self.fields(of: draft)
        var posted = EditDraft.LineFormFields(quantity: "1")
        var postedQuantities: [String: String] = [:]
        var postedPrice: EditDraft.PriceFormFields?
        for section in [refusal?.posted, refusal?.alsoPosted].compactMap({ $0 }) {
            switch section {
            case .caller(let typed):
                for field in Self.callerFields { fields[field] = typed[field] }
            case .delivery(let typed):
                for field in Self.deliveryFields + [.billingAddressSameAsShipping] { fields[field] = typed[field] }
            case .addLine(let typed): posted = typed
            case .quantities(let typed): postedQuantities = typed.line.mapValues(\.quantity)
            case .price(let typed): postedPrice = typed
            case .removeLine, .useCustomer: break
            }
        }
        var messages: [String: String] = [:]
        var summary: [EditDraft.DisplayedError] = []
        for error in refusal?.fieldErrors ?? [] where messages[error.field.rawValue] == nil {
            let message = orderForm.message(for: error)
            messages[error.field.rawValue] = message
            summary.append(EditDraft.DisplayedError(field: error.field.rawValue, message: message))
        }
        for error in refusal?.itemErrors ?? [] {
            let line = draft.lines.first { $0.key == error.lineKey || EditDraftInteractor.quantityField($0.key) == error.field }
            // A line's quantity is named `line[l1][quantity]`, and its id is `line-l1-quantity`: `[` may
            // not be in a link's fragment, which the error summary links by.
            let id = error.lineKey == nil ? line.map { Self.quantityID($0.key) } ?? error.field : error.field
            guard messages[id] == nil else { continue }
            let message = Self.message(error.problem, lineName: line?.name)
            messages[id] = message
            summary.append(EditDraft.DisplayedError(field: id, message: message))
        }
        func field(_ name: String, _ value: String, hint: String? = nil) -> EditDraft.DisplayedField {
            EditDraft.DisplayedField(name: name, value: value, errorMessage: messages[name], hint: hint)
        }
        var displayedFields: [String: EditDraft.DisplayedField] = [:]
        for name in Self.callerFields + Self.deliveryFields {
            displayedFields[name.rawValue] = field(name.rawValue, fields[name])
        }
        let lines = draft.lines.map { line in
            let id = Self.quantityID(line.key)
            return EditDraft.DisplayedLine(
                sku: line.sku, name: line.name, unitPrice: Money.text(cents: line.unitPriceCents),
                priceNote: line.priceReason.map { "Catalog price \(Money.text(cents: line.catalogPriceCents)): \($0)" },
                quantity: field(id, postedQuantities[line.key] ?? String(line.quantity)),
                quantityName: EditDraftInteractor.quantityField(line.key),
                price: EditDraft.DisplayedField(
                    name: Self.priceID(line.key),
                    value: postedPrice?.line == line.key
                        ? postedPrice?.price ?? "" : line.priceReason == nil ? "" : Money.plainText(cents: line.unitPriceCents),
                    errorMessage: messages[Self.priceID(line.key)],
                    hint: "The catalog's is \(Money.text(cents: line.catalogPriceCents)): leave empty for it"),
                reason: field(Self.reasonID(line.key), postedPrice?.line == line.key ? postedPrice?.reason ?? "" : line.priceReason ?? ""),
                priceLegend: "Price of \(line.name)", savePriceLabel: "Save the price of \(line.name)",
                quantityLabel: "Quantity of \(line.name)",
                amount: Money.text(cents: line.amountCents), key: line.key, removeLabel: "Remove \(line.name)",
                priceChanged: loaded.repeated.flatMap { Self.priceChanged(line, ordered: $0.ordered) })
        }
        let totals = loaded.check.totals
        let taxKnown = !draft.shipmentAddress.state.isEmpty && loaded.check.missingTaxRegion == nil
        let heading = "Order \(ref)"
        return EditDraft.DisplayedDraft(
            title: summary.isEmpty ? heading : "Error: \(heading)", heading: heading, errors: summary, fields: displayedFields,
            billingAddressSameAsShipping: fields.isBillingAddressSameAsShipping,
            shippingMethods: ShipmentMethod.ShippingSpeed.allCases.enumerated().map { index, speed in
                let name = Field.shipmentMethodSpeed.rawValue
                return EditDraft.ShippingMethod(
                    id: index == 0 ? name : "\(name)-\(index + 1)", value: String(speed.rawValue),
                    name: ShipmentMethod(speed: speed).toString(), selected: fields.shipmentMethodSpeed == String(speed.rawValue))
            },
            sku: field("sku", posted.sku), quantity: field("quantity", posted.quantity), lines: lines,
            noLinesMessage: lines.isEmpty ? "No items yet: add one by its SKU, or search the catalog." : nil,
            totals: EditDraft.DisplayedTotals(
                subtotal: Money.text(cents: totals.subtotalCents), shipping: Money.text(cents: totals.shippingCents),
                tax: Self.taxText(loaded),
                total: Money.text(cents: totals.totalCents) + (taxKnown ? "" : " before tax")),
            callerSearchText: loaded.callers?.text ?? "",
            callers: (loaded.callers?.customers ?? []).compactMap { displayedCaller($0, summaries: loaded.callers?.summaries ?? [:]) },
            callersCaption: loaded.callers.map {
                "\($0.customers.count == 1 ? "1 saved customer" : "\($0.customers.count) saved customers") found for “\($0.text)”"
                    + ($0.customers.count == DraftsWorker.callerLimit ? ": the first \(DraftsWorker.callerLimit) by name" : "")
            } ?? "",
            noCallersMessage: loaded.callers.flatMap {
                $0.customers.isEmpty ? "No saved customer matches “\($0.text)”: type the new caller's details below." : nil
            },
            useCustomerAction: Paths.draftCustomer(ref),
            fromCustomer: draft.customerID.map { _ in "Copied from a saved customer" },
            fromCustomerURL: draft.customerID.map { Paths.customer(String($0)) },
            callerFolded: draft.customerID != nil && !loaded.check.incomplete.contains(.caller)
                && ![refusal?.posted, refusal?.alsoPosted].contains { if case .caller = $0 { true } else { false } },
            callerSummary: [fields.firstName + " " + fields.lastName, fields.phone, fields.email].filter(Self.isNotBlank)
                .joined(separator: ", "),
            searchText: loaded.search?.text ?? "",
            searchResults: (loaded.search?.products ?? []).map {
                EditDraft.DisplayedProduct(sku: $0.sku, name: $0.name, price: Money.text(cents: $0.priceCents), addLabel: "Add \($0.name)")
            },
            noResultsMessage: loaded.search.flatMap { $0.products.isEmpty ? "No product matches “\($0.text)”." : nil },
            callerAction: Paths.draftCaller(ref), deliveryAction: Paths.draftDelivery(ref), addLineAction: Paths.draftLines(ref),
            quantitiesAction: Paths.draftQuantities(ref), removeLineAction: Paths.draftRemoveLine(ref),
            priceAction: Paths.draftLinePrice(ref), searchAction: Paths.draft(ref),
            checkURL: Paths.draftCheck(ref), readyToCheck: loaded.check.incomplete.isEmpty,
            draftsURL: Paths.drafts.description,
            repeatNotice: loaded.repeated.map { "Repeated from order \($0.orderID), each item at today's price." },
            repeatOrderURL: loaded.repeated.map { Paths.order($0.orderID) },
            repeatOrderLabel: loaded.repeated.map { "See order \($0.orderID) as it was placed" },
            repeatProblems: loaded.repeated.map { Self.repeatProblems($0, check: loaded.check) } ?? [])
    }

    /// "Price changed: was $12.00 when ordered, now $13.50": a repeated line whose price is not the
    /// one the order's line of the same product was charged (nil when it is).
    static func priceChanged(_ line: OrderLine, ordered: [OrderLine]) -> String? {
        guard let was = ordered.first(where: { $0.productID != nil && $0.productID == line.productID }),
            was.unitPriceCents != line.unitPriceCents
        else { return nil }
        return "Price changed: was \(Money.text(cents: was.unitPriceCents)) when ordered, now \(Money.text(cents: line.unitPriceCents))"
    }

    /// What a repeat could not take as it was: each product no longer sold (not added), each one
    /// short of stock (placing is refused until its quantity is available or changed).
    static func repeatProblems(_ repeated: EditDraft.Repeated, check: PlacingCheck) -> [String] {
        repeated.notSold.map { "\($0.name) (\($0.sku)) is no longer sold, so it was not added (\($0.quantity) on the order)." }
            + check.shortages.map {
                "\($0.name) (\($0.sku)) is short of stock: \($0.available) available, \($0.wanted) on this order. Change the quantity before placing."
            }
    }

    /// A customer "Who is calling?" found, in words: their city (shipping, else billing) and last order.
    private func displayedCaller(_ customer: Customer, summaries: [Int64: CustomerOrdersSummary]) -> EditDraft.DisplayedCaller? {
        guard let id = customer.id else { return nil }
        let city = customer.shippingAddress.city.isEmpty ? customer.billingAddress.city : customer.shippingAddress.city
        return EditDraft.DisplayedCaller(
            name: customer.name, phone: customer.phone, city: city,
            lastOrder: summaries[id].map { "#\($0.last.id), \(formatter.shortDate($0.last.date))" } ?? "No orders",
            id: String(id), useLabel: "Use \(customer.name)")
    }

    /// Whether `text` holds more than spaces (Foundation's `.whitespaces`). ASCII text is read byte
    /// by byte (only a space or a tab is blank there), without bridging to `NSString` to trim it:
    /// that was 0.7 % of a draft page (issue 31).
    static func isNotBlank(_ text: String) -> Bool {
        let utf8 = text.utf8
        if utf8.isASCII { return utf8.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } }
        return !text.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// The id of a line's quantity box (and of its error message, `…-error`): `line-l7-quantity`.
    static func quantityID(_ key: String) -> String { "line-\(key)-quantity" }
    static func priceID(_ key: String) -> String { "line-\(key)-price" }
    static func reasonID(_ key: String) -> String { "line-\(key)-reason" }

    /// The draft's caller and delivery as the order form's fields.
    static func fields(of draft: Draft) -> CreateOrder.OrderFormFields {
        var fields = CreateOrder.OrderFormFields()
        fields.firstName = draft.contact.firstName
        fields.lastName = draft.contact.lastName
        fields.phone = draft.contact.phone
        fields.email = draft.contact.email
        fields.shipmentAddressStreet1 = draft.shipmentAddress.street1
        fields.shipmentAddressStreet2 = draft.shipmentAddress.street2
        fields.shipmentAddressCity = draft.shipmentAddress.city
        fields.shipmentAddressState = draft.shipmentAddress.state
        fields.shipmentAddressZIP = draft.shipmentAddress.zip
        fields.shipmentMethodSpeed = String(draft.shipmentMethod.speed.rawValue)
        fields.billingAddressSameAsShipping = draft.billingSameAsShipping ? "on" : ""
        fields.billingAddressStreet1 = draft.billingAddress.street1
        fields.billingAddressStreet2 = draft.billingAddress.street2
        fields.billingAddressCity = draft.billingAddress.city
        fields.billingAddressState = draft.billingAddress.state
        fields.billingAddressZIP = draft.billingAddress.zip
        return fields
    }
}
