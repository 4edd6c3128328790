import Foundation

/// The memory back end's database (`--database :memory:` and unit tests), as `SQLiteAppDatabase`
/// and `PostgresAppDatabase` are the SQL ones: the tables of orders, their events and notes, and
/// accounts, in one actor. A store per aggregate takes it (`OrdersMemStore(database:)`,
/// `OrderEventsMemStore(database:)`, `OrderNotesMemStore(database:)`, `AccountsMemStore(database:)`,
/// `SessionsMemStore(database:)`), never another store; each change is one `transaction`, so an
/// order and its event are written with nothing in between, as in the SQL stores' transactions.
/// Its tables live as long as it does: nothing is kept on exit. (Sessions and failed sign-ins are
/// still rows of their stores' own actors, `SessionsMemStore`, `SignInAttemptsMemStore`: one of
/// each per database.)
public actor MemoryAppDatabase {
    /// What the database holds, table by table.
    struct Tables: Sendable {
        var orders: [Order] = []
        /// Every order's history, oldest first.
        var events: [OrderEvent] = []
        /// Every order's notes, oldest first.
        var notes: [OrderNote] = []
        var lastOrderID = 0
        var lastNoteID = 0
        /// The id of the order each idempotency key created (while that order exists).
        var createdByKey: [String: String] = [:]
        /// Accounts by `Account.key`.
        var accounts: [String: Account] = [:]
        /// Each account's one-time set-password link, by `Account.key` (`AccountChangesMemStore`).
        var passwordLinks: [String: PasswordLink] = [:]
        /// When each account last signed in, by `Account.key`.
        var lastSignIns: [String: Date] = [:]
        /// The accounts' audit log, oldest first.
        var accountEvents: [AccountEvent] = []
        /// Drafts, oldest first (`DraftsMemStore`).
        var drafts: [Draft] = []
        /// The draft each one-time key made (`DraftsStoreProtocol.createDraft(key:)`, SQL's `drafts.creation_key`).
        var draftsByCreationKey: [String: String] = [:]
        /// The catalog, by id (`ProductsMemStore`; read by placing, which commits stock here).
        var products: [Int64: Product] = [:]
        /// Every product's history, oldest first.
        var productEvents: [ProductEvent] = []
        var lastProductID: Int64 = 0
        /// The tax table (`TaxRatesMemStore`; read by placing).
        var taxRates: [TaxRate] = []
        var lastTaxRateID: Int64 = 0
        /// API tokens by prefix (`APITokensMemStore`).
        var apiTokens: [String: APIToken] = [:]
        /// The API's idempotency keys, by token prefix and key (`IdempotencyKeysMemStore`).
        var idempotencyKeys: [String: IdempotencyKey] = [:]
        /// Customers, by id (`CustomersMemStore`).
        var customers: [Int64: Customer] = [:]
        /// Every customer's history, oldest first.
        var customerEvents: [CustomerEvent] = []
        var lastCustomerID: Int64 = 0
        /// The customer of each order that has one, by the order's id (the SQL `orders.customer_id`).
        var orderCustomers: [String: Int64] = [:]
        /// How far the one-off linking of orders to customers has gone (`linkOrders`): the last
        /// order looked at, and whether it has finished (the SQL `customers_from_orders` row).
        var customerLinking: (lastOrderID: Int64, done: Bool) = (0, false)
        /// Each account's saved views of the order list, by id (`SavedViewsMemStore`).
        var savedViews: [Int64: SavedView] = [:]
        var lastSavedViewID: Int64 = 0
        /// The bulk moves' batches, by id, with their moves (`BulkMovesMemStore`).
        var bulkBatches: [Int64: BulkBatch] = [:]
        var lastBulkBatchID: Int64 = 0
        /// Webhook endpoints, by id, and their deliveries (the outbox), oldest first, each claimed
        /// until the date by its id while the sender works on it (`WebhooksMemStore`).
        var webhookEndpoints: [Int64: WebhookEndpoint] = [:]
        var lastWebhookEndpointID: Int64 = 0
        var webhookDeliveries: [WebhookDelivery] = []
        var webhookClaims: [Int64: Date] = [:]
    }

    private var tables = Tables()

    /// An empty database, or one holding `orders` (numbered 1, 2, 3… in the order given, their
    /// totals computed, their versions and statuses kept, with no history) and `accounts`: tests
    /// seed it so.
    public init(orders: [Order] = [], accounts: [Account] = []) {
        for order in orders {
            var order = order
            tables.lastOrderID += 1
            order.id = String(tables.lastOrderID)
            order.totals.shippingCents = OrderTotal.shippingCents(for: order.shipmentMethod.speed)
            tables.orders.append(order)
        }
        for account in accounts { tables.accounts[account.key] = account }
    }

    /// Runs `body` on the tables with nothing in between (a memory store's transaction). The
    /// tables are changed in place (a copy to roll back to would copy every order at each write):
    /// a body decides first, and throws before it changes anything, as `OrderWrites` is asked
    /// before a store writes.
    func transaction<Result: Sendable, Failure: Error>(
        _ body: @Sendable (inout Tables) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&tables)
    }

    /// Reads the tables.
    func read<Result: Sendable>(_ body: @Sendable (Tables) -> Result) -> Result {
        body(tables)
    }
}
