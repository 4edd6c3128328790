import Foundation
import XCTest

@testable import CleanStore

/// Customers and the stores of customers for tests: the same every run.
enum CustomerSeeds {
    static let now = AccountSeeds.now
    static let sue = AccountSeeds.sue.name

    static let mainStreet = Address(street1: "12 Main St", city: "San Francisco", state: "CA", zip: "94107")

    /// Jane Doe, (415) 555-0100, 12 Main St, San Francisco.
    static let jane = Customer(
        firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com", shippingAddress: mainStreet,
        billingAddress: mainStreet, note: "Call after 5 pm", createdAt: now)
    /// José Núñez, +1 212 555 0199, New York.
    static let jose = Customer(
        firstName: "José", lastName: "Núñez", phone: "+1 212 555 0199", email: "Jose.Nunez@Example.com",
        shippingAddress: Address(street1: "1 Broadway", city: "New York", state: "NY", zip: "10004"), createdAt: now)
    /// Ann Lee, no phone, no address.
    static let ann = Customer(firstName: "Ann", lastName: "Lee", phone: "", email: "ann@example.org", createdAt: now)

    /// An order of `first` `last` with this phone and email, shipped and billed to `street`.
    static func order(_ first: String, _ last: String, phone: String, email: String, street: String = "12 Main St", day: Int = 0) -> Order {
        let address = Address(street1: street, city: "San Francisco", state: "CA", zip: "94107")
        return Order(
            firstName: first, lastName: last, phone: phone, email: email, billingAddress: address,
            paymentMethod: PaymentMethod(creditCardNumber: "4111111111111111", expirationDate: ExpirationDate(year: 2030, month: 1)),
            shipmentAddress: address, shipmentMethod: ShipmentMethod(speed: .standard),
            date: now.addingTimeInterval(Double(day) * 86_400))
    }
}

/// The customers' store and the orders' store of one database, of every kind, fresh and empty:
/// memory, an SQLite file, PostgreSQL (a database of its own); with the drafts and the orders'
/// history of the same database (a merge re-points drafts and writes in orders' histories).
enum CustomerStores {
    struct Pair {
        let name: String
        let customers: any CustomersStoreProtocol
        let orders: any OrdersStoreProtocol
        /// The same database's other stores, for what an erasure changes besides customers and orders.
        var events: (any OrderEventsStoreProtocol)? = nil
        var notes: (any OrderNotesStoreProtocol)? = nil
        var drafts: (any DraftsStoreProtocol)? = nil
        var bulk: (any BulkMovesStoreProtocol)? = nil
        var savedViews: (any SavedViewsStoreProtocol)? = nil
    }

    static func all(in directory: URL, for testCase: TemporaryDirectoryTestCase) async throws -> [Pair] {
        let memory = MemoryAppDatabase()
        return [
            Pair(
                name: "memory", customers: CustomersMemStore(database: memory), orders: OrdersMemStore(database: memory),
                events: OrderEventsMemStore(database: memory), notes: OrderNotesMemStore(database: memory),
                drafts: DraftsMemStore(database: memory), bulk: BulkMovesMemStore(database: memory),
                savedViews: SavedViewsMemStore(database: memory)),
            try sqlite(path: directory.appendingPathComponent("customers-\(UUID().uuidString).sqlite").path),
            try await postgres(for: testCase),
        ]
    }

    /// The stores of an SQLite file at `path` (and the orders' store, which holds its database).
    static func sqlite(path: String) throws -> Pair {
        let sqlite = try OrdersSQLiteStore(path: path)
        return Pair(
            name: "SQLite", customers: CustomersSQLiteStore(database: sqlite.database), orders: sqlite,
            events: OrderEventsSQLiteStore(database: sqlite.database), notes: OrderNotesSQLiteStore(database: sqlite.database),
            drafts: DraftsSQLiteStore(database: sqlite.database), bulk: BulkMovesSQLiteStore(database: sqlite.database),
            savedViews: SavedViewsSQLiteStore(database: sqlite.database))
    }

    /// The stores of a fresh PostgreSQL database.
    static func postgres(for testCase: XCTestCase) async throws -> Pair {
        let postgres = try await TestPostgres.makeStore(for: testCase)
        return Pair(
            name: "PostgreSQL", customers: CustomersPostgresStore(database: postgres.database), orders: postgres,
            events: OrderEventsPostgresStore(database: postgres.database), notes: OrderNotesPostgresStore(database: postgres.database),
            drafts: DraftsPostgresStore(database: postgres.database), bulk: BulkMovesPostgresStore(database: postgres.database),
            savedViews: SavedViewsPostgresStore(database: postgres.database))
    }
}

/// A customers store whose database fails the first `failures` calls of `linkOrders` (every other
/// call too, `.unavailable`), then passes `linkOrders` on to `store`; it counts the calls.
final class FlakyCustomersStore: CustomersStoreProtocol, @unchecked Sendable {
    let store: any CustomersStoreProtocol
    let error = CustomersStoreError.unavailable("The customers' database cannot be reached")
    private let lock = NSLock()
    private var failuresLeft: Int
    private var calls = 0

    init(store: any CustomersStoreProtocol, failures: Int) {
        self.store = store
        self.failuresLeft = failures
    }

    var linkCalls: Int { lock.withLock { calls } }

    func fetchCustomers(matching text: String, after: CustomersCursor?, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        throw error
    }
    func fetchCustomers(matching text: String, before: CustomersCursor, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        throw error
    }
    func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? { throw error }
    func fetchCustomers(sharingContactWith customer: Customer) async throws(CustomersStoreError) -> [Customer] { throw error }
    func createCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer { throw error }
    func updateCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer { throw error }
    func fetchHistory(customerID: Int64) async throws(CustomersStoreError) -> [CustomerEvent] { throw error }
    func mergeCustomers(_ survivor: Customer, merging mergedID: Int64, mergedVersion: Int, by: AccountName?, at: Date)
        async throws(CustomersStoreError) -> CustomersMerge
    { throw error }
    func eraseCustomer(id: Int64, version: Int, by: AccountName?, at: Date) async throws(CustomersStoreError) -> CustomerErasure { throw error }
    func linkOrders(limit: Int, at: Date) async throws(CustomersStoreError) -> Int {
        let fails = lock.withLock {
            calls += 1
            if failuresLeft > 0 {
                failuresLeft -= 1
                return true
            }
            return false
        }
        if fails { throw error }
        return try await store.linkOrders(limit: limit, at: at)
    }
    func fetchOrders(customerID: Int64, limit: Int) async throws(CustomersStoreError) -> [CustomerOrder] { throw error }
    func fetchSummaries(customerIDs: [Int64]) async throws(CustomersStoreError) -> [Int64: CustomerOrdersSummary] { throw error }
}
