import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// The store a `--database` setting names, with what the app runs beside it and does around it:
/// - `postgres://user@host:port/db` (or `postgresql://`): PostgreSQL, for several app instances;
/// - `:memory:`: orders in memory, forgotten on exit;
/// - anything else: the path of an SQLite file (created when missing), the default.
///
/// One database per back end (`SQLiteAppDatabase`, `PostgresAppDatabase`: pool, every table's
/// migrations, health, close; `MemoryAppDatabase`: the tables in memory), and a store per
/// aggregate on it, each taking the database. The SQL stores keep card numbers encrypted with the keys
/// `CardKeySettings` name; there is no way to open one without.
public struct OrdersDatabase: Sendable {
    public let store: any OrdersStoreProtocol
    /// The orders' history: written by `store` (in its transactions), read here.
    public let events: any OrderEventsStoreProtocol
    /// The orders' notes: in the same database (deleted with their order).
    public let notes: any OrderNotesStoreProtocol
    /// Orders being taken: in the same database (placing one writes its order).
    public let drafts: any DraftsStoreProtocol
    /// Accounts, sessions and failed sign-ins: in the same database, through the same handle.
    public let accounts: any AccountsStoreProtocol
    public let sessions: any SessionsStoreProtocol
    public let signInAttempts: any SignInAttemptsStoreProtocol
    /// A supervisor's changes to accounts, with their audit log and set-password links.
    public let accountChanges: any AccountChangesStoreProtocol
    /// The catalog: in the same database.
    public let products: any ProductsStoreProtocol
    /// The tax table: in the same database, through the same handle.
    public let taxRates: any TaxRatesStoreProtocol
    /// API tokens: in the same database, beside the accounts they act for.
    public let apiTokens: any APITokensStoreProtocol
    /// The API's idempotency keys: in the same database, beside the tokens they belong to.
    public let idempotencyKeys: any IdempotencyKeysStoreProtocol
    /// Customers: in the same database (orders name theirs).
    public let customers: any CustomersStoreProtocol
    /// Each account's saved views of the order list: in the same database.
    public let savedViews: any SavedViewsStoreProtocol
    /// The bulk moves' batches: in the same database (the orders they moved).
    public let bulkMoves: any BulkMovesStoreProtocol
    /// Webhook endpoints and their deliveries: in the same database (the outbox is written in the
    /// orders' transactions).
    public let webhooks: any WebhooksStoreProtocol
    /// The store as `cleanstore rotate-card-key` uses it (nil in memory: no card number at rest).
    public let cardKeyRotation: (any CardKeyRotating)?
    /// What the logs say the orders are served from (never a password).
    public let description: String
    /// Services that run beside the HTTP server, started before it and stopped after it
    /// (PostgreSQL's connection pool).
    public let services: [any Service]
    /// Run before the server accepts its first request (PostgreSQL's schema migrations).
    public let prepare: @Sendable () async throws -> Void
    /// Run once the server has stopped.
    public let close: @Sendable () throws -> Void

    /// `sqliteTuning`: the SQLite pool's readers and page cache; `postgresTuning`: PostgreSQL's pool
    /// (each ignored by the other stores).
    public static func open(
        _ database: String, cardKeys: CardKeySettings, logger: Logger, sqliteTuning: SQLiteTuning = .standard,
        postgresTuning: PostgresPoolTuning = .standard
    ) throws -> OrdersDatabase {
        if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            let configuration = try PostgresAppDatabase.configuration(url: database, tuning: postgresTuning)
            let cards = try cardKeys.keyring(sqlitePath: nil, logger: logger).keyring
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            let postgres = PostgresAppDatabase(client: client, cards: cards, logger: logger)
            let store = OrdersPostgresStore(database: postgres)
            return OrdersDatabase(
                store: store, events: OrderEventsPostgresStore(database: postgres), notes: OrderNotesPostgresStore(database: postgres),
                drafts: DraftsPostgresStore(database: postgres),
                accounts: AccountsPostgresStore(database: postgres), sessions: SessionsPostgresStore(database: postgres),
                signInAttempts: SignInAttemptsPostgresStore(database: postgres),
                accountChanges: AccountChangesPostgresStore(database: postgres), products: ProductsPostgresStore(database: postgres),
                taxRates: TaxRatesPostgresStore(database: postgres), apiTokens: APITokensPostgresStore(database: postgres),
                idempotencyKeys: IdempotencyKeysPostgresStore(database: postgres),
                customers: CustomersPostgresStore(database: postgres), savedViews: SavedViewsPostgresStore(database: postgres),
                bulkMoves: BulkMovesPostgresStore(database: postgres), webhooks: WebhooksPostgresStore(database: postgres),
                cardKeyRotation: store, description: "PostgreSQL at \(PostgresAppDatabase.redacted(database))",
                services: [client], prepare: { try await postgres.migrate() }, close: {})
        }
        if database == ":memory:" {
            let memory = MemoryAppDatabase()
            return OrdersDatabase(
                store: OrdersMemStore(database: memory), events: OrderEventsMemStore(database: memory),
                notes: OrderNotesMemStore(database: memory), drafts: DraftsMemStore(database: memory), accounts: AccountsMemStore(database: memory),
                sessions: SessionsMemStore(database: memory), signInAttempts: SignInAttemptsMemStore(),
                accountChanges: AccountChangesMemStore(database: memory),
                products: ProductsMemStore(database: memory), taxRates: TaxRatesMemStore(database: memory),
                apiTokens: APITokensMemStore(database: memory), idempotencyKeys: IdempotencyKeysMemStore(database: memory),
                customers: CustomersMemStore(database: memory),
                savedViews: SavedViewsMemStore(database: memory), bulkMoves: BulkMovesMemStore(database: memory),
                webhooks: WebhooksMemStore(database: memory), cardKeyRotation: nil,
                description: "memory", services: [], prepare: {}, close: {})
        }
        let (cards, generated) = try cardKeys.keyring(sqlitePath: database, logger: logger)
        let sqlite: SQLiteAppDatabase
        do {
            sqlite = try SQLiteAppDatabase(path: database, cards: cards, logger: logger, tuning: sqliteTuning)
        } catch {
            // A key made just now has encrypted nothing (the database needs another): remove it.
            if let generated { try? FileManager.default.removeItem(atPath: generated) }
            throw error
        }
        let store = OrdersSQLiteStore(database: sqlite)
        return OrdersDatabase(
            store: store, events: OrderEventsSQLiteStore(database: sqlite), notes: OrderNotesSQLiteStore(database: sqlite),
            drafts: DraftsSQLiteStore(database: sqlite),
            accounts: AccountsSQLiteStore(database: sqlite), sessions: SessionsSQLiteStore(database: sqlite),
            signInAttempts: SignInAttemptsSQLiteStore(database: sqlite),
            accountChanges: AccountChangesSQLiteStore(database: sqlite), products: ProductsSQLiteStore(database: sqlite),
            taxRates: TaxRatesSQLiteStore(database: sqlite), apiTokens: APITokensSQLiteStore(database: sqlite),
            idempotencyKeys: IdempotencyKeysSQLiteStore(database: sqlite),
            customers: CustomersSQLiteStore(database: sqlite), savedViews: SavedViewsSQLiteStore(database: sqlite),
            bulkMoves: BulkMovesSQLiteStore(database: sqlite), webhooks: WebhooksSQLiteStore(database: sqlite),
            cardKeyRotation: store, description: "SQLite file \(database)",
            services: [], prepare: {}, close: { try sqlite.close() })
    }

    /// Runs `body` with the database's services running and prepared, then closes it: for commands
    /// that use the store without serving (`rotate-card-key`).
    public func use<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            // Each service's task says it has begun before it calls `run()`, and the migrations wait
            // for every one: without the wait the first query could lease a connection before the
            // `PostgresClient`'s `run()` had begun, and PostgresNIO warned so (`cleanstore seed`'s
            // first line). `run()` marks the client running before it first suspends, right after
            // the signal, so the wait leaves the warning no more than that window.
            let (begun, beginning) = AsyncStream<Void>.makeStream()
            for service in services {
                group.addTask {
                    beginning.yield()
                    try await service.run()
                }
            }
            defer { group.cancelAll() }
            for await _ in begun.prefix(services.count) {}
            try await prepare()
            let result = try await body()
            try close()
            return result
        }
    }
}
