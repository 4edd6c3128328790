import Foundation

/// The write rules of a customer, decided once, in plain Swift, for every store (the contract is
/// `CustomersStoreProtocol`'s), as `ProductWrites` does for products: each store reads the stored
/// row in the transaction that would change it, asks here, and only executes the answer.
enum CustomerWrites {
    /// What a create stores: the customer as given, version 1, created by `by` at `at`, never
    /// updated. The store chooses its id.
    static func created(_ customer: Customer, by: AccountName?, at: Date) -> Customer {
        var created = customer
        created.id = nil
        created.version = 1
        created.createdAt = at
        created.createdBy = by
        created.updatedAt = nil
        created.updatedBy = nil
        return created
    }

    /// What an edit of `stored` to `customer` saves: the fields a clerk edits, with the stored id
    /// and creation, one more version, updated by `by` at `at`. Refused when the edit was made
    /// from another version than the stored one.
    static func updated(_ customer: Customer, of stored: Customer, by: AccountName?, at: Date) throws(CustomersStoreError) -> Customer {
        guard customer.version == stored.version else { throw .conflict(current: stored) }
        var saved = customer
        saved.id = stored.id
        saved.createdAt = stored.createdAt
        saved.createdBy = stored.createdBy
        saved.version = stored.version + 1
        saved.updatedAt = at
        saved.updatedBy = by
        saved.mergedInto = stored.mergedInto
        return saved
    }

    /// What a merge of `merged` into `survivor` saves, on both customers as stored
    /// (`storedSurvivor`, `storedMerged`): `survivor` is the survivor as the preview left it (its
    /// own values, or the other's where the supervisor took them, `CustomerMergeField.taking`) at
    /// the version the preview was made from; `mergedVersion` the other's. Refused (`.conflict`,
    /// with the customer that changed) when either changed since the preview, or is itself merged
    /// already, or both are one. The survivor takes one more version; the merged one too, pointing
    /// to the survivor, its own values kept. One event on each: the survivor's names the fields it
    /// took and whom it merged, the merged one's whom it went to.
    static func merged(
        _ survivor: Customer, of storedSurvivor: Customer, merging storedMerged: Customer, mergedVersion: Int, by: AccountName?,
        at: Date
    ) throws(CustomersStoreError) -> CustomersMerge {
        guard survivor.version == storedSurvivor.version, storedSurvivor.mergedInto == nil, storedSurvivor.id != storedMerged.id else {
            throw .conflict(current: storedSurvivor)
        }
        guard mergedVersion == storedMerged.version, storedMerged.mergedInto == nil else { throw .conflict(current: storedMerged) }
        let saved = try updated(survivor, of: storedSurvivor, by: by, at: at)
        var merged = storedMerged
        merged.mergedInto = storedSurvivor.id
        merged.version = storedMerged.version + 1
        merged.updatedAt = at
        merged.updatedBy = by
        let survivorEvent = CustomerEvent(
            customerID: saved.id ?? 0, kind: .merged, by: by, at: at,
            changes: [OrderChange(field: "Merged with", old: "", new: reference(storedMerged))] + changes(from: storedSurvivor, to: saved))
        let mergedEvent = CustomerEvent(
            customerID: merged.id ?? 0, kind: .mergedInto, by: by, at: at,
            changes: [OrderChange(field: "Merged into", old: "", new: reference(saved))])
        return CustomersMerge(survivor: saved, merged: merged, events: [survivorEvent, mergedEvent])
    }

    /// "Jane Doe (customer 12)": a customer as another's history names them.
    static func reference(_ customer: Customer) -> String {
        "\(customer.name.isEmpty ? "(no name)" : customer.name) (customer \(customer.id ?? 0))"
    }

    /// The event that records the change of `old` (nil: created) to `new`.
    static func event(_ kind: CustomerEvent.Kind, from old: Customer?, to new: Customer, by: AccountName?, at: Date) -> CustomerEvent {
        CustomerEvent(customerID: new.id ?? 0, kind: kind, by: by, at: at, changes: old.map { changes(from: $0, to: new) } ?? [])
    }

    /// What changed from `old` to `new`, field by field in the form's order, as people read them.
    static func changes(from old: Customer, to new: Customer) -> [OrderChange] {
        fields.compactMap { field, value in
            let before = value(old)
            let after = value(new)
            return before == after ? nil : OrderChange(field: field, old: before, new: after)
        }
    }

    /// An address on one line ("12 Main St, Apt 4, San Francisco, CA 94107"; "" when not known).
    static func line(_ address: Address) -> String {
        guard !address.isEmpty else { return "" }
        let place = [address.state, address.zip].filter { !$0.isEmpty }.joined(separator: " ")
        return [address.street1, address.street2, address.city, place].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    private static let fields: [(String, @Sendable (Customer) -> String)] = [
        ("First name", { $0.firstName }),
        ("Last name", { $0.lastName }),
        ("Phone", { $0.phone }),
        ("Email", { $0.email }),
        ("Shipping address", { line($0.shippingAddress) }),
        ("Billing address", { line($0.billingAddress) }),
        ("Note", { $0.note }),
    ]
}

/// What a merge saved (`CustomerWrites.merged`): the survivor, the merged customer pointing to it,
/// and the event of each (the survivor's first). The stores also move the merged one's orders,
/// each with `orderEvent(orderID:)` in its own history, and re-point the merged one's open drafts
/// (`Draft.customerID`), in the same transaction.
public struct CustomersMerge: Equatable, Sendable {
    public var survivor: Customer
    public var merged: Customer
    public var events: [CustomerEvent]

    /// The entry an order moved to the survivor gets in its own history: an update naming the
    /// customer it was taken for and the one it is now (`OrderChange.customerMergedField`), by
    /// whom and when the merge was made. The order itself is not saved (its version stays): a
    /// clerk's open edit of it is not refused for a merge.
    public func orderEvent(orderID: String) -> OrderEvent {
        OrderEvent(
            orderID: orderID, kind: .updated, by: survivor.updatedBy, at: survivor.updatedAt ?? survivor.createdAt,
            changes: [
                OrderChange(
                    field: OrderChange.customerMergedField, old: CustomerWrites.reference(merged),
                    new: CustomerWrites.reference(survivor))
            ])
    }
}

/// A field of a customer a merge's survivor may take from the other customer (the preview's
/// choices): the name (first and last together), the phone, the email, each address, the note.
public enum CustomerMergeField: String, CaseIterable, Equatable, Sendable {
    case name, phone, email
    case shippingAddress = "shipping"
    case billingAddress = "billing"
    case note

    /// `survivor` with these fields taken from `other` (its id, version and creation kept).
    public static func taking(_ fields: Set<CustomerMergeField>, from other: Customer, into survivor: Customer) -> Customer {
        var taken = survivor
        for field in fields {
            switch field {
            case .name:
                taken.firstName = other.firstName
                taken.lastName = other.lastName
            case .phone: taken.phone = other.phone
            case .email: taken.email = other.email
            case .shippingAddress: taken.shippingAddress = other.shippingAddress
            case .billingAddress: taken.billingAddress = other.billingAddress
            case .note: taken.note = other.note
            }
        }
        return taken
    }
}

/// How customers are found, the same for every store.
///
/// A customer's search text is the order search's (`OrderSearch.searchText`: names, email and the
/// cities folded, the phone and ZIPs as digits), kept by the SQL stores in `search_text`. A query
/// is read one of three ways (`query(_:)`):
/// - **a phone**: nothing but digits, spaces and phone punctuation, at least 4 digits. It finds a
///   customer whose phone's digits end with the query's (`0100`, `555 0100`), or whose phone of 7
///   digits or more is the end of the query's (`+1 415 555 0100` finds `(415) 555-0100`). The SQL
///   stores keep the digits reversed (`phone_reversed`), so both are comparisons of the start of
///   an indexed text. A bare number also finds the customer of the order of that number.
/// - **words**: each must be in the search text (`OrderSearch.words`), or name an order of theirs
///   (`#1042`).
/// - **everyone**: an empty query.
public enum CustomerSearch {
    enum Query: Equatable, Sendable {
        case everyone
        case phone(reversed: String, orderNumber: Int64?)
        case words([OrderSearch.Word])
    }

    /// The fewest digits a query needs to be read as a phone, and a stored phone to be found as
    /// the end of a longer query.
    static let phoneDigits = (query: 4, stored: 7)

    private static let phonePunctuation: Set<Character> = ["(", ")", "-", ".", "+", "/"]

    static func query(_ text: String) -> Query {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .everyone }
        let digits = digits(trimmed)
        if digits.count >= phoneDigits.query,
            trimmed.allSatisfy({ $0.isWhitespace || ($0.isASCII && ($0.isNumber || phonePunctuation.contains($0))) })
        {
            return .phone(reversed: String(digits.reversed()), orderNumber: digits == trimmed ? OrderID.rowID(digits) : nil)
        }
        let words = OrderSearch.words(in: trimmed)
        return words.isEmpty ? .everyone : .words(words)
    }

    static func digits(_ text: String) -> String { text.filter { $0.isASCII && $0.isNumber } }

    /// The phone's digits, last first (`phone_reversed`).
    static func phoneReversed(of customer: Customer) -> String { String(digits(customer.phone).reversed()) }

    /// The reversed phones a phone query finds besides those that start with its own reversed
    /// digits: each start of them at least `phoneDigits.stored` long and shorter than it.
    static func shorterPhones(reversed: String) -> [String] {
        guard reversed.count > phoneDigits.stored else { return [] }
        return (phoneDigits.stored..<reversed.count).map { String(reversed.prefix($0)) }
    }

    /// Whether a phone query (its digits reversed) finds a phone of these reversed digits.
    static func phoneMatches(_ phone: String, query: String) -> Bool {
        guard !phone.isEmpty else { return false }
        return phone.hasPrefix(query) || (phone.count >= phoneDigits.stored && query.hasPrefix(phone))
    }

    /// What makes two phones the same number: the last 10 digits of a US number (`(415) 555-0100`,
    /// `1-415-555-0100` and `+1 415 555 0100` are `4155550100`); every digit after the `+` of any
    /// other number written with one (`+44 20 7946 0958` is `+442079460958`); the digits of a
    /// shorter local number; "" (no number) for fewer than 7 digits.
    static func phoneKey(_ phone: String) -> String {
        let trimmed = phone.trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = digits(trimmed)
        guard digits.count >= phoneDigits.stored else { return "" }
        if trimmed.hasPrefix("+") {
            return digits.count == 11 && digits.hasPrefix("1") ? String(digits.suffix(10)) : "+" + digits
        }
        return digits.count >= 10 ? String(digits.suffix(10)) : digits
    }

    /// What makes two emails the same: trimmed, lowercased ("" for none).
    static func emailKey(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static func searchText(of customer: Customer) -> String {
        OrderSearch.searchText(
            firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.phone,
            shipmentCity: customer.shippingAddress.city, shipmentZip: customer.shippingAddress.zip,
            billingCity: customer.billingAddress.city, billingZip: customer.billingAddress.zip,
            // Not the streets: a customer is found by their number, never by a house number.
            shipmentStreet: "", billingStreet: "")
    }

    /// The list's sort key: last name, a space, first name, folded (`OrderSearch.sortName`).
    public static func sortName(of customer: Customer) -> String {
        OrderSearch.sortName(firstName: customer.firstName, lastName: customer.lastName)
    }

    /// Whether `a` comes before `b` in the list: by sort name (UTF-8 bytes, as SQLite's BINARY and
    /// PostgreSQL's `COLLATE "C"` sort), then id.
    static func precedes(_ a: CustomersCursor, _ b: CustomersCursor) -> Bool {
        if a.sortName != b.sortName { return a.sortName.utf8.lexicographicallyPrecedes(b.sortName.utf8) }
        return a.id < b.id
    }

    /// Whether `query` finds `customer`, whose orders are numbered `orderNumbers` (the memory
    /// store's search; the SQL stores ask their tables).
    static func matches(_ customer: Customer, orderNumbers: Set<Int64>, _ query: Query) -> Bool {
        switch query {
        case .everyone:
            return true
        case .phone(let reversed, let number):
            return phoneMatches(phoneReversed(of: customer), query: reversed) || number.map(orderNumbers.contains) == true
        case .words(let words):
            let text = searchText(of: customer)
            return words.allSatisfy { word in
                switch word {
                case .orderNumber(let number): return orderNumbers.contains(number)
                case .text(let folded, let number):
                    return text.utf8.firstRange(of: folded.utf8) != nil || number.map(orderNumbers.contains) == true
                }
            }
        }
    }

    /// Whether `customer` shares its phone key or email key with `other` (another customer).
    static func sharesContact(_ customer: Customer, with other: Customer) -> Bool {
        let phone = phoneKey(customer.phone)
        let email = emailKey(customer.email)
        return (!phone.isEmpty && phoneKey(other.phone) == phone) || (!email.isEmpty && emailKey(other.email) == email)
    }
}

/// Who is whom among the orders keyed before customers came in: the rule of the one-off linking
/// (`CustomersStoreProtocol.linkOrders`), decided here for every store. Orders are taken oldest
/// first; each joins the one customer of **the same name** (folded: case and accents do not count)
/// with its email, or, when none has it, the one customer of the same name with its phone
/// (`CustomerSearch.phoneKey`) whose email is not another one. Two different names are never one
/// customer; when two customers could be the one (it cannot decide), the order makes a customer of
/// its own. A customer joined takes the newer order's contact and addresses, where it has them.
enum CustomersFromOrders {
    /// What the linking reads of an order.
    struct OrderContact: Equatable, Sendable {
        var orderID: Int64
        var date: Date
        var firstName: String
        var lastName: String
        var phone: String
        var email: String
        var shipping: Address
        var billing: Address
    }

    enum Decision: Equatable, Sendable {
        /// A new customer of this order (no id yet), created at the order's date.
        case create(Customer)
        /// The order is `stored`'s; `saved` is what it becomes (nil when the order changes nothing).
        case join(stored: Customer, saved: Customer?)
    }

    /// The customers a store reads for `order`: those with its email key or phone key.
    static func keys(of order: OrderContact) -> (email: String, phone: String) {
        (CustomerSearch.emailKey(order.email), CustomerSearch.phoneKey(order.phone))
    }

    /// What linking one batch of orders writes (`plan`): the new customers, with stand-in ids
    /// (-1, -2, … in the order they were made) the store replaces by the ids it gives them; the
    /// stored customers the batch changed, as stored and as the batch leaves them; the history of
    /// both, in order (stand-in ids too); and each order's customer, in order.
    struct Batch: Equatable, Sendable {
        struct Change: Equatable, Sendable {
            var stored: Customer
            var saved: Customer
        }

        struct Link: Equatable, Sendable {
            var orderID: Int64
            var customerID: Int64
        }

        var created: [Customer] = []
        var changed: [Change] = []
        var events: [CustomerEvent] = []
        var links: [Link] = []
    }

    /// A batch of orders (oldest first) decided in turn against `stored` (every unmerged customer
    /// sharing an email or phone key with one of them: a store reads them in one query), each
    /// order seeing them as the batch's earlier orders left them, so the answers are those of
    /// deciding and writing one order at a time. A customer made and joined again in the batch is
    /// made as the batch leaves it; one changed twice is saved once, from the version stored.
    static func plan(_ orders: [OrderContact], among stored: [Customer], at: Date) -> Batch {
        var batch = Batch()
        var pool: [Int64: Customer] = [:]
        var byEmail: [String: Set<Int64>] = [:]
        var byPhone: [String: Set<Int64>] = [:]
        var originals: [Int64: Customer] = [:]
        var changedIDs: [Int64] = []
        var createdIDs: [Int64] = []
        func index(_ customer: Customer, adding: Bool) {
            let id = customer.id ?? 0
            let email = CustomerSearch.emailKey(customer.email)
            let phone = CustomerSearch.phoneKey(customer.phone)
            if adding {
                if !email.isEmpty { byEmail[email, default: []].insert(id) }
                if !phone.isEmpty { byPhone[phone, default: []].insert(id) }
            } else {
                if !email.isEmpty { byEmail[email]?.remove(id) }
                if !phone.isEmpty { byPhone[phone]?.remove(id) }
            }
        }
        for customer in stored where customer.mergedInto == nil {
            guard let id = customer.id else { continue }
            pool[id] = customer
            originals[id] = customer
            index(customer, adding: true)
        }
        for order in orders {
            let keys = keys(of: order)
            var ids = Set<Int64>()
            if !keys.email.isEmpty { ids.formUnion(byEmail[keys.email] ?? []) }
            if !keys.phone.isEmpty { ids.formUnion(byPhone[keys.phone] ?? []) }
            let candidates = ids.sorted().compactMap { pool[$0] }
            switch decide(order, among: candidates, at: at) {
            case .create(var customer):
                let id = -Int64(createdIDs.count + 1)
                customer.id = id
                createdIDs.append(id)
                pool[id] = customer
                index(customer, adding: true)
                batch.events.append(CustomerWrites.event(.fromOrders, from: nil, to: customer, by: nil, at: at))
                batch.links.append(Batch.Link(orderID: order.orderID, customerID: id))
            case .join(let joined, let saved):
                let id = joined.id ?? 0
                if let saved {
                    index(joined, adding: false)
                    pool[id] = saved
                    index(saved, adding: true)
                    batch.events.append(CustomerWrites.event(.fromOrders, from: joined, to: saved, by: nil, at: at))
                    if id > 0, !changedIDs.contains(id) { changedIDs.append(id) }
                }
                batch.links.append(Batch.Link(orderID: order.orderID, customerID: id))
            }
        }
        batch.created = createdIDs.compactMap { pool[$0] }
        batch.changed = changedIDs.compactMap { id in
            guard let stored = originals[id], let saved = pool[id] else { return nil }
            return Batch.Change(stored: stored, saved: saved)
        }
        return batch
    }

    static func decide(_ order: OrderContact, among candidates: [Customer], at: Date) -> Decision {
        let name = OrderSearch.sortName(firstName: order.firstName, lastName: order.lastName)
        let keys = keys(of: order)
        let sameName = candidates.filter { CustomerSearch.sortName(of: $0) == name }
        var found = keys.email.isEmpty ? [] : sameName.filter { CustomerSearch.emailKey($0.email) == keys.email }
        if found.isEmpty, !keys.phone.isEmpty {
            found = sameName.filter {
                let email = CustomerSearch.emailKey($0.email)
                return CustomerSearch.phoneKey($0.phone) == keys.phone && (email.isEmpty || keys.email.isEmpty || email == keys.email)
            }
        }
        guard found.count == 1, let stored = found.first else {
            return .create(
                Customer(
                    firstName: order.firstName, lastName: order.lastName, phone: order.phone, email: order.email,
                    shippingAddress: order.shipping, billingAddress: order.billing, createdAt: order.date))
        }
        var saved = stored
        if !order.phone.isEmpty { saved.phone = order.phone }
        if !order.email.isEmpty { saved.email = order.email }
        if !order.shipping.isEmpty { saved.shippingAddress = order.shipping }
        if !order.billing.isEmpty { saved.billingAddress = order.billing }
        guard saved != stored else { return .join(stored: stored, saved: nil) }
        saved.version = stored.version + 1
        saved.updatedAt = at
        saved.updatedBy = nil
        return .join(stored: stored, saved: saved)
    }
}
