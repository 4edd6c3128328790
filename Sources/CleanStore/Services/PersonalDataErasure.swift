import Foundation

/// Erasing a customer's personal data (`CustomersStoreProtocol.eraseCustomer`), decided once, in
/// plain Swift, for every store: each store reads, in one transaction, what holds the customer's
/// values (the customers of their merge group, their orders, the drafts copied from them, the
/// histories, notes and bulk moves of those orders), asks here what each becomes, and writes it.
///
/// - **Who**: the customer and everyone merged with them. A merge says two records are one person
///   (`CustomersStoreProtocol.mergeCustomers`): erasing any of them erases the whole group, the
///   survivor and every customer merged into it (and into those), with all their orders.
/// - **Contact and addresses** (`erased(_:)`): every field that holds something becomes "Erased"
///   (a field that was empty stays empty); the first name "Erased" and the last name empty, so the
///   name reads "Erased". The phone's digits (search, duplicate keys) are then empty.
/// - **Cards**: the ciphertext is removed (`SealedCardNumber.erased`); pages show "••••".
/// - **Free text** (notes, cancellation reasons, a history's other values): kept, with each of the
///   values the customer ever had (names, email, phone in any punctuation, street lines) replaced
///   by "Erased" (`scrub(_:)`), whatever their case, as whole words.
/// - **History** (`erased(changes:)`): a personal field's old and new values become "Erased"; a
///   card's last four "••••"; every other value scrubbed. The one change history ever gets; the
///   erasure itself is recorded (`customerEvent`, `orderEvent`) with no erased value.
/// - **Kept**: totals, items, statuses, the tax region and rate, dates, who did what.
/// Version-checked on the customer asked for: `.conflict` when it changed since the page was shown.
public struct PersonalDataErasure: Sendable {
    /// What replaces a personal value.
    public static let replacement = "Erased"
    /// What a card's last four become.
    public static let erasedCardDigits = "••••"
    /// The field of the order event recording an erasure (`orderEvent`).
    public static let orderEventField = "Personal data"

    /// A contact and two addresses: a customer's, an order's or a draft's.
    public struct Contact: Equatable, Sendable {
        public var firstName: String
        public var lastName: String
        public var phone: String
        public var email: String
        public var shipping: Address
        public var billing: Address

        public init(firstName: String, lastName: String, phone: String, email: String, shipping: Address, billing: Address) {
            self.firstName = firstName
            self.lastName = lastName
            self.phone = phone
            self.email = email
            self.shipping = shipping
            self.billing = billing
        }
    }

    /// The values replaced in free text, longest first.
    let terms: [String]
    /// The phones' digits (7 or more), found in free text whatever punctuation separates them.
    let phones: [String]

    /// The erasure of everything `contacts` hold, and the personal values of `histories` (the
    /// changes of the events of the customers and their orders, before erasing).
    public init(contacts: [Contact], histories: [[OrderChange]] = []) {
        var terms: Set<String> = []
        var phones: Set<String> = []
        func add(_ value: String) {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.count >= 2, trimmed != Self.replacement else { return }
            terms.insert(trimmed)
        }
        func addPhone(_ value: String) {
            add(value)
            let digits = CustomerSearch.digits(value)
            if digits.count >= CustomerSearch.phoneDigits.stored { phones.insert(digits) }
        }
        for contact in contacts {
            add(contact.firstName)
            add(contact.lastName)
            add("\(contact.firstName) \(contact.lastName)")
            add(contact.email)
            addPhone(contact.phone)
            for address in [contact.shipping, contact.billing] {
                add(address.street1)
                add(address.street2)
            }
        }
        for changes in histories {
            for change in changes where Self.isPersonal(change.field) {
                for value in [change.old, change.new] {
                    if change.field.localizedCaseInsensitiveContains("phone") { addPhone(value) } else if !change.field.contains("address") {
                        add(value)
                    } else {
                        // A customer's address is one line ("12 Main St, Apt 4, San Francisco, CA 94107"): its first part is the street.
                        add(value)
                        if let street = value.split(separator: ",").first { add(String(street)) }
                    }
                }
            }
        }
        self.terms = terms.sorted { ($0.count, $0) > ($1.count, $1) }
        self.phones = phones.sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// Refuses the erasure of `stored` when the page was shown at another version.
    static func check(_ stored: Customer, version: Int) throws(CustomersStoreError) {
        guard stored.version == version else { throw .conflict(current: stored) }
    }

    /// Whether a history field holds a personal value whole: a name, a phone, an email, an
    /// address or a part of one (an order's or a customer's field names).
    static func isPersonal(_ field: String) -> Bool {
        personalFields.contains(field) || field.hasPrefix("Shipment address") || field.hasPrefix("Billing address")
            || field.hasPrefix("Shipping address")
    }

    private static let personalFields: Set<String> = [
        "First name", "Last name", "Phone", "Phone number", "Email", "Email address",
    ]

    // MARK: What each thing becomes

    /// "Erased" for a value that held something, "" for one that did not.
    static func erasedValue(_ value: String) -> String {
        value.isEmpty ? "" : replacement
    }

    static func erased(_ address: Address) -> Address {
        Address(
            street1: erasedValue(address.street1), street2: erasedValue(address.street2), city: erasedValue(address.city),
            state: erasedValue(address.state), zip: erasedValue(address.zip))
    }

    /// A contact erased: the name reads "Erased", each other field that held something "Erased".
    public static func erased(_ contact: Contact) -> Contact {
        let named = !contact.firstName.isEmpty || !contact.lastName.isEmpty
        return Contact(
            firstName: named ? replacement : "", lastName: "", phone: erasedValue(contact.phone), email: erasedValue(contact.email),
            shipping: erased(contact.shipping), billing: erased(contact.billing))
    }

    /// `customer` erased: its contact and addresses, its note scrubbed; one more version, changed
    /// by `by` at `at`; still merged where it was.
    func erased(_ customer: Customer, by: AccountName?, at: Date) -> Customer {
        var saved = customer
        let contact = Self.erased(Self.contact(of: customer))
        saved.firstName = contact.firstName
        saved.lastName = contact.lastName
        saved.phone = contact.phone
        saved.email = contact.email
        saved.shippingAddress = contact.shipping
        saved.billingAddress = contact.billing
        saved.note = scrub(customer.note)
        saved.version = customer.version + 1
        saved.updatedAt = at
        saved.updatedBy = by
        return saved
    }

    /// `order` erased (the memory store's; the SQL stores write the same columns): its contact and
    /// addresses, its card, its reasons scrubbed; one more version, changed by `by` at `at`.
    func erased(_ order: Order, by: AccountName?, at: Date) -> Order {
        var saved = order
        let contact = Self.erased(Self.contact(of: order))
        saved.firstName = contact.firstName
        saved.lastName = contact.lastName
        saved.phone = contact.phone
        saved.email = contact.email
        saved.shipmentAddress = contact.shipping
        saved.billingAddress = contact.billing
        saved.paymentMethod = .erasedCard(expirationDate: order.paymentMethod.expirationDate)
        saved.cancellationReason = order.cancellationReason.map(scrub)
        saved.cancellationRequest?.reason = scrub(order.cancellationRequest?.reason ?? "")
        saved.version = order.version + 1
        saved.updatedAt = at
        saved.updatedBy = by
        return saved
    }

    /// A history's changes erased: a personal field's values "Erased", a card's last four "••••",
    /// every other value scrubbed.
    func erased(changes: [OrderChange]) -> [OrderChange] {
        changes.map { change in
            if Self.isPersonal(change.field) {
                return OrderChange(field: change.field, old: Self.erasedValue(change.old), new: Self.erasedValue(change.new))
            }
            if change.field == OrderChange.cardNumberField {
                return OrderChange(field: change.field, old: Self.erasedCard(change.old), new: Self.erasedCard(change.new))
            }
            return OrderChange(field: change.field, old: scrub(change.old), new: scrub(change.new))
        }
    }

    /// "ending 1111" → "ending ••••" (any digit of a history's card value).
    static func erasedCard(_ value: String) -> String {
        String(value.map { $0.isASCII && $0.isNumber ? "•" : $0 })
    }

    /// `text` with every value the customer had replaced by "Erased" (whatever the case, as whole
    /// words; a phone whatever punctuation separates its digits).
    public func scrub(_ text: String) -> String {
        guard !text.isEmpty, !(terms.isEmpty && phones.isEmpty) else { return text }
        var result = text
        if !terms.isEmpty {
            let alternatives = terms.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
            result = Self.replace(#"(?<![\p{L}\p{N}])(?:"# + alternatives + #")(?![\p{L}\p{N}])"#, in: result)
        }
        if !phones.isEmpty {
            let separator = #"[\s().+/\-]*"#
            let alternatives = phones.map { $0.map(String.init).joined(separator: separator) }.joined(separator: "|")
            result = Self.replace(#"(?<![0-9])(?:\+?1"# + separator + ")?(?:" + alternatives + ")(?![0-9])", in: result)
        }
        return result
    }

    /// A saved search's query (`SavedView.query`, `q=Jane+Doe&status=paid`) with each value
    /// scrubbed as typed (percent- and plus-decoded, then encoded again); the query as it was when
    /// nothing in it was theirs.
    public func scrubQuery(_ query: String) -> String {
        var changed = false
        let pieces = query.split(separator: "&", omittingEmptySubsequences: false).map { piece -> String in
            guard let equals = piece.firstIndex(of: "=") else { return String(piece) }
            let raw = String(piece[piece.index(after: equals)...])
            guard let value = raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else { return String(piece) }
            let scrubbed = scrub(value)
            guard scrubbed != value else { return String(piece) }
            changed = true
            let encoded = scrubbed.addingPercentEncoding(withAllowedCharacters: Self.formValue)?.replacingOccurrences(of: "%20", with: "+")
            return String(piece[..<equals]) + "=" + (encoded ?? "")
        }
        return changed ? pieces.joined(separator: "&") : query
    }

    /// What a form's value keeps unencoded (a space becomes `+`).
    private static let formValue = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private static func replace(_ pattern: String, in text: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return text }
        return expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
    }

    // MARK: Records of the erasure

    /// The customer's history entry: who erased, when, and no value.
    static func customerEvent(customerID: Int64, by: AccountName?, at: Date) -> CustomerEvent {
        CustomerEvent(customerID: customerID, kind: .erased, by: by, at: at)
    }

    /// An order's history entry: "Personal data" erased, who and when, no erased value.
    static func orderEvent(orderID: String, by: AccountName?, at: Date) -> OrderEvent {
        OrderEvent(
            orderID: orderID, kind: .updated, by: by, at: at, changes: [OrderChange(field: orderEventField, old: "", new: replacement)])
    }

    // MARK: Reading contacts

    static func contact(of customer: Customer) -> Contact {
        Contact(
            firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone, email: customer.email,
            shipping: customer.shippingAddress, billing: customer.billingAddress)
    }

    static func contact(of order: Order) -> Contact {
        Contact(
            firstName: order.firstName, lastName: order.lastName, phone: order.phone, email: order.email, shipping: order.shipmentAddress,
            billing: order.billingAddress)
    }

    static func contact(of draft: Draft) -> Contact {
        Contact(
            firstName: draft.contact.firstName, lastName: draft.contact.lastName, phone: draft.contact.phone, email: draft.contact.email,
            shipping: draft.shipmentAddress, billing: draft.billingAddress)
    }

    /// `draft` erased: its caller and addresses; one more version.
    static func erased(_ draft: Draft, by: AccountName?, at: Date) -> Draft {
        var saved = draft
        let contact = erased(contact(of: draft))
        saved.contact = Draft.Contact(firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone, email: contact.email)
        saved.shipmentAddress = contact.shipping
        saved.billingAddress = contact.billing
        saved.version = draft.version + 1
        saved.updatedAt = at
        saved.updatedBy = by
        return saved
    }

    /// The ids of the customers erased with `id`: the root of its merges (following `mergedInto`)
    /// and every customer merged into any of them, found in `customers` (id → merged into).
    static func group(of id: Int64, mergedInto: [Int64: Int64?]) -> [Int64] {
        var root = id
        var seen: Set<Int64> = [id]
        while let next = mergedInto[root] ?? nil, seen.insert(next).inserted { root = next }
        var group: Set<Int64> = [root]
        var changed = true
        while changed {
            changed = false
            for (customer, into) in mergedInto {
                if let into, group.contains(into), group.insert(customer).inserted { changed = true }
            }
        }
        return group.sorted()
    }
}

/// What an erasure changed (`CustomersStoreProtocol.eraseCustomer`).
public struct CustomerErasure: Equatable, Sendable {
    /// The customer asked for, erased.
    public var customer: Customer
    /// The ids of every customer erased (the merge group), the one asked for among them.
    public var customerIDs: [Int64]
    /// How many orders and drafts were erased.
    public var orders: Int
    public var drafts: Int

    public init(customer: Customer, customerIDs: [Int64], orders: Int, drafts: Int) {
        self.customer = customer
        self.customerIDs = customerIDs
        self.orders = orders
        self.drafts = drafts
    }
}
