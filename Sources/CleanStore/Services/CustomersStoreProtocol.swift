import Foundation

/// Where customers live. Every store (memory, SQLite, PostgreSQL) keeps the same contract,
/// checked by `CustomersStoreContractTests`:
/// - `fetchCustomers` finds by phone (its digits in any format, or their end: `(415) 555 0100`,
///   `415-555-0100`, `+1 415 555 0100` and `0100` find the same customer), by email, by name or
///   city (accents and case do not count, as the order search), or by the number of one of their
///   orders (`#1042`, or `1042` alone) — `CustomerSearch` says how; sorted by last name, first
///   name and id, keyset pages (`after`: the last customer of the page before; `before`: the
///   first of the page after, for a "Previous" link, still in that order).
/// - No phone or email is unique: `fetchCustomers(sharingContactWith:)` finds the customers a new
///   one would repeat (the same phone, `CustomerSearch.phoneKey`, or the same email, whatever its case).
/// - Writes are version-checked (`.conflict` with the customer as stored) and each writes one
///   `CustomerEvent` in the same transaction (`CustomerWrites` decides what is saved).
/// - `mergeCustomers` merges one customer into another in one transaction (`CustomerWrites.merged`
///   decides, version-checked on both): the merged one's orders become the survivor's, the merged
///   one is kept pointing to it (`Customer.mergedInto`), an event in each one's history. A merged
///   customer is found by no search and shares its contact with no one.
/// - `eraseCustomer` erases a customer's personal data in one transaction, as
///   `PersonalDataErasure` decides (version-checked): the customer and everyone merged with them,
///   their orders, the drafts copied from them, those orders' history, notes and bulk moves, and
///   their own history; one event on each customer and order says so, with no erased value.
///   Searches no longer find them by name, email, phone or street.
/// - `linkOrders` makes customers of the orders no customer holds yet, a batch at a time
///   (`CustomersFromOrders` decides who is whom), and records the customer on each order.
///   PostgreSQL and SQLite decide a batch with `CustomersFromOrders.plan` after one read of the
///   batch's customers; PostgreSQL writes it with one statement each for the new customers, the
///   changed ones, the history and the orders, SQLite row by row through cached statements;
///   memory decides and writes an order at a time.
public protocol CustomersStoreProtocol: Sendable {
    func fetchCustomers(matching text: String, after: CustomersCursor?, limit: Int) async throws(CustomersStoreError) -> [Customer]
    /// The last `limit` customers the search finds before `before`, in the list's order.
    func fetchCustomers(matching text: String, before: CustomersCursor, limit: Int) async throws(CustomersStoreError) -> [Customer]
    func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer?
    /// The customers other than `customer` itself with its phone (`CustomerSearch.phoneKey`) or its
    /// email (whatever the case), by name: whom a new customer would repeat.
    func fetchCustomers(sharingContactWith customer: Customer) async throws(CustomersStoreError) -> [Customer]
    func createCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer
    func updateCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer
    /// Merges the customer `mergedID` (at `mergedVersion`) into `survivor` (its id, the version the
    /// preview was made from, and the values it keeps): both saved, every order of the merged one
    /// moved to the survivor, both events written, in one transaction. `.notFound` when either is
    /// missing; `.conflict` with the one that changed since (or is merged already) and nothing written.
    func mergeCustomers(_ survivor: Customer, merging mergedID: Int64, mergedVersion: Int, by: AccountName?, at: Date)
        async throws(CustomersStoreError) -> CustomersMerge
    /// Erases the personal data of customer `id`, shown at `version` (`PersonalDataErasure`), and
    /// of every customer merged with them, in one transaction. `.notFound` when there is no such
    /// customer; `.conflict` with the customer as stored when it changed since, and nothing written.
    func eraseCustomer(id: Int64, version: Int, by: AccountName?, at: Date) async throws(CustomersStoreError) -> CustomerErasure
    /// The customer's history, newest first.
    func fetchHistory(customerID: Int64) async throws(CustomersStoreError) -> [CustomerEvent]
    /// Links up to `limit` orders that had no customer when customers came in (the oldest first)
    /// to the customer `CustomersFromOrders` decides, made or brought up to date from the order;
    /// one transaction. Returns how many it linked: 0 once every such order has its customer.
    func linkOrders(limit: Int, at: Date) async throws(CustomersStoreError) -> Int
    /// The customer's orders, newest first (by date, then number), at most `limit`.
    func fetchOrders(customerID: Int64, limit: Int) async throws(CustomersStoreError) -> [CustomerOrder]
    /// How many orders each of these customers has, what they spent (cancelled orders not
    /// counted) and their newest order; a customer with no order is not in it.
    func fetchSummaries(customerIDs: [Int64]) async throws(CustomersStoreError) -> [Int64: CustomerOrdersSummary]
}

/// An order of a customer, as their page lists it.
public struct CustomerOrder: Equatable, Sendable {
    public var id: String
    public var date: Date
    public var status: OrderStatus
    public var totalCents: Int64

    public init(id: String, date: Date, status: OrderStatus, totalCents: Int64) {
        self.id = id
        self.date = date
        self.status = status
        self.totalCents = totalCents
    }
}

/// A customer's orders in figures: the lifetime count and spend, and the newest order.
public struct CustomerOrdersSummary: Equatable, Sendable {
    public var count: Int
    /// The totals of their orders, cancelled ones left out.
    public var spendCents: Int64
    public var last: CustomerOrder

    public init(count: Int, spendCents: Int64, last: CustomerOrder) {
        self.count = count
        self.spendCents = spendCents
        self.last = last
    }

    /// The summary of `orders`, newest first (nil for none).
    static func of(_ orders: [CustomerOrder]) -> CustomerOrdersSummary? {
        guard let last = orders.first else { return nil }
        return CustomerOrdersSummary(
            count: orders.count, spendCents: orders.filter { $0.status != .cancelled }.reduce(0) { $0 + $1.totalCents }, last: last)
    }
}

/// Where a page of customers starts or ends: the list's sort key and id of a customer.
public struct CustomersCursor: Equatable, Sendable {
    /// `CustomerSearch.sortName`: last name, a space, first name, folded.
    public var sortName: String
    public var id: Int64

    public init(sortName: String, id: Int64) {
        self.sortName = sortName
        self.id = id
    }

    /// The cursor at `customer` (which has an id: it is stored).
    public init(at customer: Customer) {
        self.init(sortName: CustomerSearch.sortName(of: customer), id: customer.id ?? 0)
    }
}

public enum CustomersStoreError: Error, Equatable, Sendable {
    case notFound(id: Int64)
    case conflict(current: Customer)
    case unavailable(String)

    /// What a store throws for `error` from its database: a store error as it is, anything else
    /// as unavailable, saying what was being done.
    static func from(_ error: any Error, doing what: String) -> CustomersStoreError {
        (error as? CustomersStoreError) ?? .unavailable("\(what): \(String(reflecting: error))")
    }
}
