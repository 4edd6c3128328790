import Foundation

protocol EditDraftBusinessLogic: AnyObject {
    func startDraft(request: EditDraft.StartDraft.Request) async
    func keepOrderForm(request: EditDraft.KeepOrderForm.Request) async
    func showDraft(request: EditDraft.ShowDraft.Request) async
    func saveSection(request: EditDraft.SaveSection.Request) async
}

protocol EditDraftDataStore: AnyObject {
    var draft: Draft? { get }
}

/// A draft's sections, each saved on its own: the caller and delivery by the order form's rules
/// (`OrderValidationWorker`), the items by the line rules (`OrderLine.quantities`,
/// `OrderLine.mostLines`, enforced again by the store, `DraftWrites`).
final class EditDraftInteractor: EditDraftBusinessLogic, EditDraftDataStore {
    typealias ItemError = EditDraft.ItemError

    var presenter: EditDraftPresentationLogic?
    var worker: DraftsWorker
    var validationWorker: OrderValidationWorker
    var draft: Draft?

    init(worker: DraftsWorker, validationWorker: OrderValidationWorker) {
        self.worker = worker
        self.validationWorker = validationWorker
    }

    // MARK: Start a draft

    func startDraft(request: EditDraft.StartDraft.Request) async {
        presenter?.presentStartedDraft(response: await start(request))
    }

    private func start(_ request: EditDraft.StartDraft.Request) async -> EditDraft.StartDraft.Response {
        do {
            switch request.start {
            case .empty:
                let draft = try await worker.createDraft(by: request.signedIn)
                self.draft = draft
                return .created(ref: draft.ref)
            case .forCustomerOf(let orderID):
                guard let order = try await order(orderID) else { return .orderNotFound }
                guard let customerID = order.customerID else { return .nothingToStartFrom(orderID: orderID, repeating: false) }
                let (draft, made) = try await worker.createDraft(by: request.signedIn, key: request.key.map { "customer-of/\(orderID)/\($0)" })
                self.draft = draft
                guard made else { return .created(ref: draft.ref) }  // A second click: the draft the first made.
                // *Use*'s own path: the customer read and copied by the same rule (a copy, never a link).
                let used = EditDraft.UseCustomerFormFields(customer: String(customerID))
                guard case .change(let change, .customerUsed(let name)) = try await decide(.useCustomer(used), on: draft) else {
                    return .created(ref: draft.ref)  // The customer is gone: the draft starts empty.
                }
                self.draft = try await worker.update(ref: draft.ref, change: change, by: request.signedIn)
                return .createdForCustomer(ref: draft.ref, name: name)
            case .repeating(let orderID):
                guard let order = try await order(orderID) else { return .orderNotFound }
                guard !order.lines.isEmpty else { return .nothingToStartFrom(orderID: orderID, repeating: true) }
                let (draft, made) = try await worker.createDraft(
                    by: request.signedIn, key: request.key.map { "repeating/\(orderID)/\($0)" }, repeating: OrderID.rowID(orderID))
                self.draft = draft
                if made { try await repeatOrder(order, into: draft.ref, by: request.signedIn) }
                return .repeated(ref: draft.ref, orderID: orderID)
            }
        } catch {
            return .storeUnavailable
        }
    }

    /// The order `id` (an order number is digits: anything else is no order, and no store is asked).
    private func order(_ id: String) async throws -> Order? {
        guard OrderID.rowID(id) != nil else { return nil }
        return try await worker.order(id: id)
    }

    /// A new draft holding `order` again: its customer remembered (as *Use* does, so placing with
    /// "Save this caller" brings that customer up to date), its caller and addresses as ordered, and
    /// each line whose product is still sold, the same quantity at today's catalog price (each
    /// added as the items section adds one). A product no longer sold is left off, and its page
    /// says so (`ShowDraft`, `Repeated.notSold`): never dropped silently.
    private func repeatOrder(_ order: Order, into ref: String, by: AccountName?) async throws {
        if let id = order.customerID, let customer = try await worker.customer(id: id) {
            draft = try await worker.update(ref: ref, change: .useCustomer(customer), by: by)
        }
        let contact = Draft.Contact(firstName: order.firstName, lastName: order.lastName, phone: order.phone, email: order.email)
        draft = try await worker.update(ref: ref, change: .contact(contact), by: by)
        let billingSame = order.billingAddress == order.shipmentAddress
        draft = try await worker.update(
            ref: ref,
            change: .delivery(
                shipment: order.shipmentAddress, billingSameAsShipping: billingSame, billing: order.billingAddress,
                method: order.shipmentMethod),
            by: by)
        for line in order.lines {
            guard let product = try await worker.product(sku: line.sku), product.active else { continue }
            let added = OrderLine(
                key: "", productID: product.id, sku: product.sku, name: product.name, catalogPriceCents: product.priceCents,
                quantity: line.quantity, taxable: product.taxable)
            draft = try await worker.update(ref: ref, change: .addLine(added), by: by)
        }
    }

    // MARK: Keep the old one-page order form as a draft

    /// The old form's caller fields, and its delivery's typed fields (the shipping method and the
    /// "billing same as shipping" box always carry a value, so they do not count as typed).
    static let callerFields: [CreateOrder.Field] = [.firstName, .lastName, .phone, .email]
    static let deliveryTypedFields: [CreateOrder.Field] = [
        .shipmentAddressStreet1, .shipmentAddressStreet2, .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP,
        .billingAddressStreet1, .billingAddressStreet2, .billingAddressCity, .billingAddressState, .billingAddressZIP,
    ]

    func keepOrderForm(request: EditDraft.KeepOrderForm.Request) async {
        presenter?.presentKeptOrderForm(response: await keep(request))
    }

    private func keep(_ request: EditDraft.KeepOrderForm.Request) async -> EditDraft.KeepOrderForm.Response {
        // The card is never read: not the number, the expiry or the security code.
        var fields = request.orderFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodExpirationDate = ""
        fields.paymentMethodCVV = ""
        func typed(_ names: [CreateOrder.Field]) -> Bool {
            names.contains { !fields[$0].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        }
        var changes: [DraftChange] = []
        var refused: [(EditDraft.Section, [CreateOrder.FieldError])] = []
        if typed(Self.callerFields) {
            switch validationWorker.validateContact(fields) {
            case .success(let contact): changes.append(.contact(contact))
            case .failure(let errors): refused.append((.caller(fields), errors.errors))
            }
        }
        if typed(Self.deliveryTypedFields) {
            switch validationWorker.validateDelivery(fields) {
            case .success(let change): changes.append(change)
            case .failure(let errors): refused.append((.delivery(fields), errors.errors))
            }
        }
        do {
            let ref = try await worker.createDraft(by: request.signedIn).ref
            for change in changes {
                draft = try await worker.update(ref: ref, change: change, by: request.signedIn)
            }
            guard let first = refused.first else { return .kept(ref: ref) }
            guard let loaded = try await load(ref: ref) else { return .storeUnavailable }
            return .keptWithMistakes(
                loaded,
                EditDraft.Refusal(posted: first.0, alsoPosted: refused.dropFirst().first?.0, fieldErrors: refused.flatMap(\.1)))
        } catch {
            return .storeUnavailable
        }
    }

    // MARK: Show a draft

    func showDraft(request: EditDraft.ShowDraft.Request) async {
        let response: EditDraft.ShowDraft.Response
        // A reference of another shape is no draft: no store is asked (`DraftRefs.isWellFormed`).
        guard DraftRefs.isWellFormed(request.ref) else { return presenter?.presentDraft(response: .notFound) ?? () }
        do {
            if var loaded = try await load(ref: request.ref, findingDuplicate: request.readsDuplicate) {
                if let text = request.search?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                    loaded.search = EditDraft.Search(text: text, products: try await worker.search(text))
                }
                if let text = request.callerSearch?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                    let found = try await worker.findCallers(text)
                    loaded.callers = EditDraft.CallerSearch(text: text, customers: found.customers, summaries: found.summaries)
                }
                // The order the draft repeats (kept on it until placed), else the address's `?repeated=`.
                if let orderID = loaded.draft.repeatsOrderID.map(String.init) ?? request.repeated, let order = try await order(orderID),
                    !order.lines.isEmpty
                {
                    loaded.repeated = try await repeated(order, on: loaded.draft)
                }
                response = .found(loaded)
            } else {
                response = .notFound
            }
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentDraft(response: response)
    }

    /// What the page of a draft repeating `order` marks: the order's lines, and those of a product
    /// not on the draft that is no longer sold (a line the clerk removed is not one).
    private func repeated(_ order: Order, on draft: Draft) async throws -> EditDraft.Repeated {
        var notSold: [OrderLine] = []
        for line in order.lines where !draft.lines.contains(where: { $0.productID != nil && $0.productID == line.productID }) {
            if try await worker.product(sku: line.sku)?.active != true { notSold.append(line) }
        }
        return EditDraft.Repeated(orderID: order.id ?? "", ordered: order.lines, notSold: notSold)
    }

    // MARK: Save a section

    func saveSection(request: EditDraft.SaveSection.Request) async {
        presenter?.presentSavedSection(response: await save(request))
    }

    private func save(_ request: EditDraft.SaveSection.Request) async -> EditDraft.SaveSection.Response {
        guard DraftRefs.isWellFormed(request.ref) else { return .notFound }
        do {
            guard let stored = try await worker.fetchDraft(ref: request.ref) else { return .notFound }
            draft = stored
            // Decided on the version the client read, or not at all (the store checks it again in
            // the write's transaction).
            if let expected = request.expectedVersion, expected != stored.version { return .changedMeanwhile(current: stored) }
            let decided = try await decide(request.section, on: stored)
            switch decided {
            case .refused(let refusal):
                return try await refused(request.ref, refusal)
            case .nothing(let saved):
                return .saved(ref: request.ref, saved)
            case .notFound:
                return .notFound
            case .change(let change, let saved):
                do {
                    draft = try await worker.update(
                        ref: request.ref, change: change, expectedVersion: request.expectedVersion, by: request.signedIn)
                    return .saved(ref: request.ref, saved)
                } catch .draftChanged(let current) {
                    draft = current
                    return .changedMeanwhile(current: current)
                } catch .tooManyLines {
                    return try await refused(request.ref, EditDraft.Refusal(
                        posted: request.section, itemErrors: [ItemError(field: "sku", problem: .tooManyLines)]))
                } catch .quantityOutOfRange(let key, _) {
                    // An added quantity that takes its line past the most a line holds, or a line's.
                    let field = key.flatMap { key in request.section.isQuantities ? Self.quantityField(key) : nil } ?? "quantity"
                    return try await refused(request.ref, EditDraft.Refusal(
                        posted: request.section, itemErrors: [ItemError(field: field, problem: .quantityOutOfRange)]))
                } catch .lineNotFound {
                    // Removed meanwhile (another tab): the page shows the draft as it is now.
                    return .saved(ref: request.ref, .lineAlreadyGone)
                }
            }
        } catch .notFound {
            return .notFound
        } catch {
            return .storeUnavailable
        }
    }

    private func refused(_ ref: String, _ refusal: EditDraft.Refusal) async throws(DraftsStoreError) -> EditDraft.SaveSection.Response {
        guard let loaded = try await load(ref: ref) else { return .notFound }
        return .invalid(loaded, refusal)
    }

    /// The draft and its check in one read (the draft and its lines read once); a duplicate is
    /// looked for only when asked: a refused section's page and the kept order form show none.
    private func load(ref: String, findingDuplicate: Bool = false) async throws(DraftsStoreError) -> EditDraft.Loaded? {
        guard let checked = try await worker.fetchChecked(ref: ref, findingDuplicate: findingDuplicate) else { return nil }
        self.draft = checked.draft
        return EditDraft.Loaded(draft: checked.draft, check: checked.check)
    }

    // MARK: The rules of each section

    private enum Decision {
        case change(DraftChange, EditDraft.Saved)
        case nothing(EditDraft.Saved)
        case refused(EditDraft.Refusal)
        /// What the post names is not there (no such customer).
        case notFound
    }

    private func decide(_ section: EditDraft.Section, on draft: Draft) async throws(DraftsStoreError) -> Decision {
        switch section {
        case .useCustomer(let fields):
            // A customer's id is digits (`OrderID.rowID`): anything else names no customer.
            guard let id = OrderID.rowID(fields.customer.trimmingCharacters(in: .whitespaces)) else { return .notFound }
            let customer: Customer?
            do {
                customer = try await worker.customer(id: id)
            } catch {
                throw .unavailable("\(error)")
            }
            guard let customer else { return .notFound }
            // Copied, not linked: the draft holds the values; a later change to the customer rewrites nothing here.
            return .change(.useCustomer(customer), .customerUsed(name: customer.name))
        case .caller(let fields):
            switch validationWorker.validateContact(fields) {
            case .success(let contact): return .change(.contact(contact), .caller)
            case .failure(let errors): return .refused(EditDraft.Refusal(posted: section, fieldErrors: errors.errors))
            }
        case .delivery(let fields):
            switch validationWorker.validateDelivery(fields) {
            case .success(let change): return .change(change, .delivery)
            case .failure(let errors): return .refused(EditDraft.Refusal(posted: section, fieldErrors: errors.errors))
            }
        case .addLine(let fields):
            return try await addLine(fields, section: section)
        case .quantities(let fields):
            // Only the draft's lines: a line removed in another tab since this page is left out.
            var quantities: [String: Int] = [:]
            var errors: [ItemError] = []
            for line in draft.lines {
                guard let typed = fields.line[line.key]?.quantity else { continue }
                switch Self.quantity(typed) {
                case .success(let quantity): quantities[line.key] = quantity
                case .failure(let error): errors.append(ItemError(field: Self.quantityField(line.key), problem: error.problem))
                }
            }
            if !errors.isEmpty { return .refused(EditDraft.Refusal(posted: section, itemErrors: errors)) }
            return .change(.quantities(quantities), .quantities)
        case .removeLine(let key):
            guard let line = draft.lines.first(where: { $0.key == key }) else { return .nothing(.lineAlreadyGone) }
            return .change(.removeLine(key: key), .lineRemoved(name: line.name))
        case .price(let fields):
            guard let line = draft.lines.first(where: { $0.key == fields.line }) else { return .nothing(.lineAlreadyGone) }
            return Self.price(fields, of: line, section: section)
        }
    }

    /// A typed price (`Money.cents(from:)`, the one way money typed becomes cents) and its reason
    /// (`FreeTextRule`); an empty price, or the catalog's, is the catalog's again.
    private static func price(_ fields: EditDraft.PriceFormFields, of line: OrderLine, section: EditDraft.Section) -> Decision {
        let saved = EditDraft.Saved.priceSaved(name: line.name)
        let typed = fields.price.trimmingCharacters(in: .whitespaces)
        if typed.isEmpty { return .change(.price(key: line.key, cents: nil, reason: nil), saved) }
        func refused(_ field: String, _ problem: EditDraft.ItemProblem) -> Decision {
            .refused(EditDraft.Refusal(posted: section, itemErrors: [ItemError(field: field, problem: problem, lineKey: line.key)]))
        }
        guard let cents = Money.cents(from: typed) else { return refused(EditDraftPresenter.priceID(line.key), .priceNotMoney) }
        if cents == line.catalogPriceCents { return .change(.price(key: line.key, cents: nil, reason: nil), saved) }
        switch FreeTextRule.check(fields.reason, maximumLength: reasonLength) {
        case .valid(let reason): return .change(.price(key: line.key, cents: cents, reason: reason), saved)
        case .invalid(.missing): return refused(EditDraftPresenter.reasonID(line.key), .reasonMissing)
        case .invalid(let problem): return refused(EditDraftPresenter.reasonID(line.key), .reason(problem))
        }
    }

    /// How long a typed price's reason may be.
    static let reasonLength = 200

    private func addLine(_ fields: EditDraft.LineFormFields, section: EditDraft.Section) async throws(DraftsStoreError) -> Decision {
        var errors: [ItemError] = []
        let sku = fields.sku.trimmingCharacters(in: .whitespacesAndNewlines)
        var product: Product?
        if sku.isEmpty {
            errors.append(ItemError(field: "sku", problem: .skuMissing))
        } else if sku.count > OrderValidationWorker.maximumLength || TextRules.containsControlCharacters(sku) {
            errors.append(ItemError(field: "sku", problem: .skuUnknown))
        } else {
            do {
                product = try await worker.product(sku: sku)
            } catch {
                throw .unavailable("\(error)")
            }
            if product == nil {
                errors.append(ItemError(field: "sku", problem: .skuUnknown))
            } else if product?.active == false {
                errors.append(ItemError(field: "sku", problem: .productArchived))
            }
        }
        var quantity = 0
        switch Self.quantity(fields.quantity) {
        case .success(let typed): quantity = typed
        case .failure(let error): errors.append(ItemError(field: "quantity", problem: error.problem))
        }
        guard errors.isEmpty, let product else { return .refused(EditDraft.Refusal(posted: section, itemErrors: errors)) }
        let line = OrderLine(
            key: "", productID: product.id, sku: product.sku, name: product.name, catalogPriceCents: product.priceCents,
            quantity: quantity, taxable: product.taxable)
        return .change(.addLine(line), .lineAdded(name: product.name, quantity: quantity))
    }

    /// A typed quantity: digits only, 1 to 9,999 (`OrderLine.quantities`).
    static func quantity(_ text: String) -> Result<Int, ItemProblemError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .failure(ItemProblemError(problem: .quantityMissing)) }
        guard trimmed.count <= 9, trimmed.allSatisfy(\.isASCIIDigit), let value = Int(trimmed) else {
            return .failure(ItemProblemError(problem: .quantityNotANumber))
        }
        return OrderLine.quantities.contains(value) ? .success(value) : .failure(ItemProblemError(problem: .quantityOutOfRange))
    }

    /// The name of a line's quantity in the quantities form: `line[l7][quantity]`.
    static func quantityField(_ key: String) -> String { "line[\(key)][quantity]" }

    /// A quantity's problem, as a `Result`'s failure.
    struct ItemProblemError: Error, Equatable {
        var problem: EditDraft.ItemProblem
    }
}

extension EditDraft.Section {
    var isQuantities: Bool {
        if case .quantities = self { return true }
        return false
    }
}
