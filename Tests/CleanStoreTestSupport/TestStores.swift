import Foundation
import Logging

@testable import CleanStore

/// What test stores are opened with.
enum TestStores {
    /// A logger that drops everything, for stores whose logs a test does not read.
    static let silentLogger = Logger(label: "cleanstore.tests.store") { _ in SwiftLogNoOpLogHandler() }
}

/// Fixed card keys for tests: what a store encrypts is the same key every run.
enum TestCardKeys {
    /// Base64 of the bytes 0, 1, …, 31: the key every test store and test server uses.
    static let base64 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    /// Base64 of the bytes 100, 101, …, 131: another key (a rotation's new one, or a wrong one).
    static let otherBase64 = "ZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7fH1+f4CBgoM="

    static let key = try! CardKey(base64: base64)
    static let other = try! CardKey(base64: otherBase64)
    static let keyring = CardKeyring(current: key)
}

extension OrdersSQLiteStore {
    /// The orders store of the database at `path` (opened and migrated now), with the test card key
    /// unless `cards` says otherwise, as most tests open one.
    convenience init(path: String, cards: CardKeyring = TestCardKeys.keyring) throws {
        try self.init(path: path, cards: cards, logger: TestStores.silentLogger)
    }

    convenience init(path: String, cards: CardKeyring, logger: Logger) throws {
        self.init(database: try SQLiteAppDatabase(path: path, cards: cards, logger: logger))
    }

    /// Closes its database (the tests that open a store alone close it through the store).
    func close() throws {
        try database.close()
    }
}

extension OrdersPostgresStore {
    /// Migrates its database (the tests that open a store alone migrate it through the store).
    func migrate(upTo lastVersion: Int? = nil) async throws(OrdersStoreError) {
        try await database.migrate(upTo: lastVersion)
    }
}

/// The orders, events and notes stores of one database (memory, SQLite, PostgreSQL) as one value, as the contract suites
/// (which check each change's event and notes beside the order) use them.
struct OrderStores: OrdersStoreProtocol, OrderEventsStoreProtocol, OrderNotesStoreProtocol, CardKeyRotating {
    let orderStore: any OrdersStoreProtocol
    let eventStore: any OrderEventsStoreProtocol
    let noteStore: any OrderNotesStoreProtocol
    /// Nil in memory: no card number at rest there.
    let rotator: (any CardKeyRotating)?

    init(_ orders: OrdersMemStore) {
        orderStore = orders
        rotator = nil
        eventStore = OrderEventsMemStore(database: orders.database)
        noteStore = OrderNotesMemStore(database: orders.database)
    }

    init(_ orders: OrdersSQLiteStore) {
        orderStore = orders
        rotator = orders
        eventStore = OrderEventsSQLiteStore(database: orders.database)
        noteStore = OrderNotesSQLiteStore(database: orders.database)
    }

    init(_ orders: OrdersPostgresStore) {
        orderStore = orders
        rotator = orders
        eventStore = OrderEventsPostgresStore(database: orders.database)
        noteStore = OrderNotesPostgresStore(database: orders.database)
    }

    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage { try await orderStore.fetchOrders(page: page) }
    func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
        try await orderStore.countOrders(matching: query, upTo: upTo)
    }
    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { try await orderStore.fetchOrder(id: id) }
    func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead? {
        try await orderStore.fetchOrderPage(id: id, including: parts)
    }
    func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await orderStore.createOrder(orderToCreate: orderToCreate, idempotencyKey: idempotencyKey, by: by, at: at)
    }
    func createOrders(_ orders: [Order], by: AccountName?, at: Date) async throws(OrdersStoreError) -> [Order] {
        try await orderStore.createOrders(orders, by: by, at: at)
    }
    func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await orderStore.updateOrder(orderToUpdate: orderToUpdate, timeZone: timeZone, by: by, at: at)
    }
    func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await orderStore.deleteOrder(id: id, by: by, at: at)
    }
    func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await orderStore.changeStatus(id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
    }
    func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await orderStore.undoStatusChange(id: id, expectedVersion: expectedVersion, by: by, at: at)
    }
    func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await orderStore.decideCancellation(id: id, decision, expectedVersion: expectedVersion, by: by, at: at)
    }
    func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await orderStore.changeTracking(id: id, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: at)
    }
    func changeItems(
        id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await orderStore.changeItems(id: id, change: change, expectedVersion: expectedVersion, timeZone: timeZone, by: by, at: at)
    }
    func checkHealth() async throws(OrdersStoreError) { try await orderStore.checkHealth() }
    func rotateCardKey(batchSize: Int) async throws(OrdersStoreError) -> CardKeyRotation {
        guard let rotator else { throw .unavailable("No card number is kept at rest in memory") }
        return try await rotator.rotateCardKey(batchSize: batchSize)
    }
    func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] { try await eventStore.fetchEvents(orderID: orderID) }
    func addNote(orderID: String, text: String, forPacker: Bool, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote {
        try await noteStore.addNote(orderID: orderID, text: text, forPacker: forPacker, by: by, at: at)
    }
    func notes(forOrder orderID: String) async throws(OrdersStoreError) -> [OrderNote] { try await noteStore.notes(forOrder: orderID) }
}
