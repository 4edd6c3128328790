import Foundation
import Logging
import PostgresNIO

/// Orders in PostgreSQL (PostgresNIO): the store for several app instances on one database.
///
/// The caller owns the `PostgresClient` and keeps its `run()` going (it is a service of the app's
/// service group); `migrate()` brings the schema up to date before the first request.
/// Updates are compare-and-swap on the order's version, so two instances can never overwrite each
/// other's changes (READ COMMITTED is enough: the row lock makes the second `UPDATE … WHERE
/// version = $v` re-read the row and find the version gone).
///
/// Card numbers are stored encrypted (`CardKeyring`); `migrate()` refuses a database whose card
/// numbers need a key the keyring does not hold.
public final class OrdersPostgresStore: OrdersStoreProtocol, OrderEventsStoreProtocol, OrderNotesStoreProtocol, CardKeyRotating {
    public let client: PostgresClient
    private let cards: CardKeyring
    private let logger: Logger
    private let totalWorker = OrderTotalWorker()

    public init(client: PostgresClient, cards: CardKeyring, logger: Logger) {
        self.client = client
        self.cards = cards
        self.logger = logger
    }

    // MARK: Configuration

    /// Reads `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]`
    /// (`postgresql://` too). TLS is preferred unless `sslmode` says otherwise.
    public static func configuration(url text: String) throws(OrdersStoreError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme),
            let host = components.host, !host.isEmpty, let username = components.user, !username.isEmpty
        else {
            throw .cannotFetch("Not a PostgreSQL URL (postgres://user@host:port/database): \(redacted(text))")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        // As libpq reads sslmode: prefer and require encrypt without checking the certificate,
        // verify-ca checks it against the system's roots, verify-full checks the host name too.
        let sslMode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        func tlsConfiguration(_ verification: CertificateVerification) -> TLSConfiguration {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = verification
            return configuration
        }
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "allow", "prefer": tls = .prefer(tlsConfiguration(.none))
        case "require": tls = .require(tlsConfiguration(.none))
        case "verify-ca": tls = .require(tlsConfiguration(.noHostnameVerification))
        case "verify-full": tls = .require(tlsConfiguration(.fullVerification))
        default: throw .cannotFetch("Unknown sslmode \(sslMode) (disable, prefer, require, verify-ca or verify-full)")
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: username, password: components.password,
            database: database.isEmpty ? nil : database, tls: tls)
        // A pool sized to the machine: more connections than cores only queue in the server.
        configuration.options.maximumConnections = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
        return configuration
    }

    /// The URL with its password replaced, for messages and logs.
    public static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }

    // MARK: Schema

    /// One step of a schema version: SQL, or Swift where SQL cannot do it.
    enum MigrationStep: Sendable {
        case sql(String)
        /// Encrypts the clear-text `card_number` of every row into the card columns.
        case encryptCardNumbers
        /// Writes `search_text` and `sort_name` of every row (`OrderSearch`).
        case fillSearchColumns
    }

    struct Migration: Sendable {
        var version: Int
        var name: String
        var steps: [MigrationStep]
    }

    /// The schema's versions, in order. A version, once released, never changes: add a new one.
    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "orders",
            steps: [
                .sql("""
                CREATE TABLE orders (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    created_at DOUBLE PRECISION NOT NULL,
                    version INTEGER NOT NULL DEFAULT 1,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    phone TEXT NOT NULL,
                    email TEXT NOT NULL,
                    shipment_street1 TEXT NOT NULL,
                    shipment_street2 TEXT NOT NULL,
                    shipment_city TEXT NOT NULL,
                    shipment_state TEXT NOT NULL,
                    shipment_zip TEXT NOT NULL,
                    shipment_speed INTEGER NOT NULL,
                    card_number TEXT NOT NULL,
                    card_expiry_year INTEGER NOT NULL,
                    card_expiry_month INTEGER NOT NULL,
                    billing_street1 TEXT NOT NULL,
                    billing_street2 TEXT NOT NULL,
                    billing_city TEXT NOT NULL,
                    billing_state TEXT NOT NULL,
                    billing_zip TEXT NOT NULL,
                    total NUMERIC(12, 2) NOT NULL
                )
                """),
                // Dates are seconds since 1970 as a double: exact for the list's keyset cursors.
                .sql("CREATE INDEX orders_newest_first ON orders (created_at DESC, id DESC)"),
            ]),
        Migration(
            version: 2, name: "card numbers encrypted",
            steps: [
                .sql("ALTER TABLE orders ADD COLUMN card_ciphertext BYTEA, ADD COLUMN card_key_id TEXT, ADD COLUMN card_last4 TEXT"),
                .encryptCardNumbers,
                .sql(
                    """
                    ALTER TABLE orders DROP COLUMN card_number,
                        ALTER COLUMN card_ciphertext SET NOT NULL, ALTER COLUMN card_key_id SET NOT NULL,
                        ALTER COLUMN card_last4 SET NOT NULL
                    """),
            ]),
        Migration(
            version: 3, name: "health probe",
            // `checkHealth` writes a row here and rolls it back: the table stays empty.
            steps: [.sql("CREATE TABLE cleanstore_health (probe INTEGER NOT NULL)")]),
        Migration(
            version: 4, name: "accounts",
            // username_key is the username lowercased (`Account.key`): unique regardless of case.
            steps: [
                .sql(
                    """
                    CREATE TABLE accounts (
                        username_key TEXT PRIMARY KEY,
                        username TEXT NOT NULL,
                        display_name TEXT NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('viewer', 'clerk', 'supervisor')),
                        password_hash TEXT NOT NULL,
                        disabled BOOLEAN NOT NULL DEFAULT FALSE,
                        created_at DOUBLE PRECISION NOT NULL,
                        updated_at DOUBLE PRECISION NOT NULL
                    )
                    """)
            ]),
        Migration(
            version: 5, name: "sessions",
            // The id's SHA-256 only: the id itself is in the browser's cookie alone.
            steps: [
                .sql(
                    """
                    CREATE TABLE sessions (
                        id_hash BYTEA PRIMARY KEY,
                        account_key TEXT NOT NULL REFERENCES accounts (username_key) ON DELETE CASCADE,
                        created_at DOUBLE PRECISION NOT NULL,
                        last_seen_at DOUBLE PRECISION NOT NULL
                    )
                    """),
                .sql("CREATE INDEX sessions_by_account ON sessions (account_key)"),
            ]),
        Migration(
            version: 6, name: "sign-in attempts",
            steps: [
                .sql(
                    """
                    CREATE TABLE sign_in_failures (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        username_key TEXT NOT NULL,
                        address TEXT NOT NULL,
                        attempted_at DOUBLE PRECISION NOT NULL
                    )
                    """),
                .sql("CREATE INDEX sign_in_failures_by_username ON sign_in_failures (username_key, attempted_at)"),
                .sql("CREATE INDEX sign_in_failures_by_address ON sign_in_failures (address, attempted_at)"),
            ]),
        Migration(
            version: 7, name: "order history",
            // Who created an order and who changed it last: on the order (see `Order.createdBy`);
            // NULL for orders from before, and when no one was signed in.
            steps: [
                .sql(
                    """
                    ALTER TABLE orders ADD COLUMN created_by_username TEXT, ADD COLUMN created_by_display_name TEXT,
                        ADD COLUMN updated_by_username TEXT, ADD COLUMN updated_by_display_name TEXT,
                        ADD COLUMN updated_at DOUBLE PRECISION
                    """),
                .sql(
                    """
                    CREATE TABLE order_events (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        order_id BIGINT NOT NULL,
                        kind TEXT NOT NULL,
                        happened_at DOUBLE PRECISION NOT NULL,
                        by_username TEXT,
                        by_display_name TEXT,
                        changes TEXT NOT NULL
                    )
                    """),
                .sql("CREATE INDEX order_events_by_order ON order_events (order_id, happened_at DESC, id DESC)"),
            ]),
        Migration(
            version: 8, name: "order search",
            // What the list searches and sorts by, written by the store with every create and update
            // (`OrderColumns.written`), folded in Swift as in every store (`OrderSearch`: unaccent's
            // rules are not Foundation's, and the stores must give the same answers). "C" collation:
            // names sort by their bytes, as in SQLite, whatever the database's locale.
            steps: [
                // pg_trgm indexes every three characters of the text: a GIN index that serves
                // `LIKE '%word%'` (substring, so "nun" finds "nunez"), which a tsvector (whole words)
                // cannot. A trusted extension (PostgreSQL 13+): a database owner may create it.
                .sql("CREATE EXTENSION IF NOT EXISTS pg_trgm"),
                .sql(
                    """
                    ALTER TABLE orders ADD COLUMN search_text TEXT COLLATE "C" NOT NULL DEFAULT '',
                        ADD COLUMN sort_name TEXT COLLATE "C" NOT NULL DEFAULT '',
                        ADD COLUMN total_cents BIGINT NOT NULL DEFAULT 0
                    """),
                .sql("UPDATE orders SET total_cents = round(total * 100)::BIGINT"),
                .fillSearchColumns,
                .sql("CREATE INDEX orders_search ON orders USING gin (search_text gin_trgm_ops)"),
                .sql("CREATE INDEX orders_by_name ON orders (sort_name, id)"),
                .sql("CREATE INDEX orders_by_total ON orders (total_cents, id)"),
            ]),
        Migration(
            version: 9, name: "order status",
            // Every order keyed before is new. A status change's from, to and reason are on its
            // event. The list filters by status, newest first: its own keyset index.
            steps: [
                .sql(
                    """
                    ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
                            CHECK (status IN ('new', 'paid', 'packed', 'shipped', 'cancelled')),
                        ADD COLUMN cancellation_reason TEXT
                    """),
                .sql("ALTER TABLE order_events ADD COLUMN status_from TEXT, ADD COLUMN status_to TEXT, ADD COLUMN status_reason TEXT"),
                .sql("CREATE INDEX orders_by_status ON orders (status, created_at DESC, id DESC)"),
            ]),
        Migration(
            version: 10, name: "order notes",
            // A note goes with its order; its text is kept as given.
            steps: [
                .sql(
                    """
                    CREATE TABLE order_notes (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
                        text TEXT NOT NULL,
                        written_at DOUBLE PRECISION NOT NULL,
                        by_username TEXT,
                        by_display_name TEXT
                    )
                    """),
                .sql("CREATE INDEX order_notes_by_order ON order_notes (order_id, written_at DESC, id DESC)"),
            ]),
        Migration(
            version: 11, name: "no double orders",
            // The key of the form that created the order (NULL for none, and for orders from
            // before): unique, so that one form can create one order only, across instances.
            steps: [
                .sql("ALTER TABLE orders ADD COLUMN idempotency_key TEXT"),
                .sql("CREATE UNIQUE INDEX orders_by_idempotency_key ON orders (idempotency_key)"),
            ]),
    ]

    /// Any number for the advisory lock that serialises migrations across instances starting at once.
    static let migrationLock: Int64 = 0x436C_6561_6E53_746F  // "CleanSto"

    /// Brings the schema up to date (up to `lastVersion`, for tests of older schemas), then checks
    /// that the keyring opens every stored card number. Safe when several instances start together:
    /// one transaction under an advisory lock applies what is missing; the others wait, then find
    /// nothing to do.
    public func migrate(upTo lastVersion: Int? = nil) async throws(OrdersStoreError) {
        let logger = self.logger
        let cards = self.cards
        let encrypted: Int
        do {
            encrypted = try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS cleanstore_schema_migrations (
                        version INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                    )
                    """, logger: logger)
                var applied = Set<Int>()
                for try await version in try await connection.query(
                    "SELECT version FROM cleanstore_schema_migrations", logger: logger
                ).decode(Int.self) {
                    applied.insert(version)
                }
                var encrypted = 0
                for migration in Self.migrations where !applied.contains(migration.version) && migration.version <= lastVersion ?? .max {
                    for step in migration.steps {
                        switch step {
                        case .sql(let statement):
                            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                        case .encryptCardNumbers:
                            encrypted = try await Self.encryptCardNumbers(on: connection, cards: cards, logger: logger)
                        case .fillSearchColumns:
                            try await Self.fillSearchColumns(on: connection, logger: logger)
                        }
                    }
                    try await connection.query(
                        "INSERT INTO cleanstore_schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                        logger: logger)
                    logger.info("Applied schema version", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
                }
                return encrypted
            }
            if encrypted > 0 {
                logger.notice("Encrypted the card numbers of \(encrypted) orders with \(cards.current); the clear-text column is gone")
                // A dropped column's values stay in the table's rows until they are rewritten, and
                // the rows' old versions until they are vacuumed: rewrite the table (brief lock).
                try await client.query("VACUUM FULL orders", logger: logger)
            }
        } catch {
            throw .from(unwrapping: error) { .cannotFetch("Cannot migrate the PostgreSQL schema: \(String(reflecting: $0))") }
        }
        guard lastVersion == nil else { return }
        var keyIDs = Set<String>()
        do {
            for try await keyID in try await client.query("SELECT DISTINCT card_key_id FROM orders", logger: logger).decode(String.self) {
                keyIDs.insert(keyID)
            }
        } catch {
            throw .cannotFetch("Cannot read the card key ids of the PostgreSQL database: \(String(reflecting: error))")
        }
        try cards.checkOpens(keyIDs: keyIDs, in: "the PostgreSQL database")
    }

    /// Encrypts each row's clear-text `card_number` into the card columns; returns how many.
    private static func encryptCardNumbers(on connection: PostgresConnection, cards: CardKeyring, logger: Logger) async throws -> Int {
        var rows: [(Int64, String)] = []
        for try await row in try await connection.query("SELECT id, card_number FROM orders", logger: logger).decode((Int64, String).self) {
            rows.append(row)
        }
        for (id, number) in rows {
            let sealed = try cards.seal(number)
            try await connection.query(
                """
                UPDATE orders SET card_ciphertext = \(sealed.ciphertext), card_key_id = \(sealed.keyID),
                    card_last4 = \(String(number.suffix(4))) WHERE id = \(id)
                """, logger: logger)
        }
        return rows.count
    }

    /// Writes `search_text` and `sort_name` of every row, 1,000 rows a statement.
    private static func fillSearchColumns(on connection: PostgresConnection, logger: Logger) async throws {
        var after: Int64 = 0
        while true {
            var ids: [Int64] = []
            var texts: [String] = []
            var names: [String] = []
            let rows = try await connection.query(
                "SELECT id, \(unescaped: OrderSearch.sourceColumns) FROM orders WHERE id > \(after) ORDER BY id LIMIT 1000",
                logger: logger)
            for try await row in rows {
                let random = row.makeRandomAccess()
                ids.append(try random[0].decode(Int64.self))
                let columns = OrderSearch.searchColumns(of: try (1...8).map { try random[$0].decode(String.self) })
                texts.append(columns.searchText)
                names.append(columns.sortName)
            }
            guard let last = ids.last else { return }
            try await connection.query(
                """
                UPDATE orders SET search_text = v.search_text, sort_name = v.sort_name
                FROM unnest(\(ids)::BIGINT[], \(texts)::TEXT[], \(names)::TEXT[]) AS v (id, search_text, sort_name)
                WHERE orders.id = v.id
                """, logger: logger)
            after = last
        }
    }

    // MARK: Health

    /// Thrown inside the probe's transaction, to roll back its write.
    private struct ProbeRollback: Error {}

    public func checkHealth() async throws(OrdersStoreError) {
        do {
            _ = try await exists("SELECT EXISTS (SELECT 1 FROM orders)")
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("INSERT INTO cleanstore_health (probe) VALUES (1)", logger: logger)
                throw ProbeRollback()
            }
        } catch let error as PostgresTransactionError where error.closureError is ProbeRollback && error.rollbackError == nil {
            return  // written, then rolled back: healthy
        } catch {
            throw .unavailable("The PostgreSQL database cannot be read and written: \(String(reflecting: error))")
        }
    }

    // MARK: Card key rotation

    public func rotateCardKey(batchSize: Int) async throws(OrdersStoreError) -> CardKeyRotation {
        let cards = self.cards
        let logger = self.logger
        var after: Int64 = 0
        var reencrypted = 0
        do {
            while true {
                // One transaction a batch. READ COMMITTED: a row updated meanwhile by a server has
                // another ciphertext, so the guarded UPDATE leaves it alone.
                let batch = try await client.withTransaction(logger: logger) { connection -> (last: Int64?, reencrypted: Int) in
                    var rows: [(Int64, Data, String)] = []
                    for try await row in try await connection.query(
                        """
                        SELECT id, card_ciphertext, card_key_id FROM orders WHERE id > \(after) AND card_key_id <> \(cards.current.id)
                        ORDER BY id LIMIT \(batchSize)
                        """, logger: logger
                    ).decode((Int64, Data, String).self) {
                        rows.append(row)
                    }
                    var count = 0
                    for (id, ciphertext, keyID) in rows {
                        let new = try cards.seal(try cards.open(SealedCardNumber(ciphertext: ciphertext, keyID: keyID), orderID: String(id)))
                        let updated = try await connection.query(
                            """
                            UPDATE orders SET card_ciphertext = \(new.ciphertext), card_key_id = \(new.keyID)
                            WHERE id = \(id) AND card_key_id = \(keyID) AND card_ciphertext = \(ciphertext) RETURNING id
                            """, logger: logger)
                        for try await _ in updated { count += 1 }
                    }
                    return (rows.last?.0, count)
                }
                guard let last = batch.last else { break }
                after = last
                reencrypted += batch.reencrypted
                logger.info("Re-encrypted card numbers", metadata: ["orders": "\(reencrypted)", "up to id": "\(last)"])
            }
            var remaining = 0
            for try await count in try await client.query(
                "SELECT count(*) FROM orders WHERE card_key_id <> \(cards.current.id)", logger: logger
            ).decode(Int.self) {
                remaining = count
            }
            return CardKeyRotation(reencrypted: reencrypted, remaining: remaining)
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot re-encrypt card numbers: \(String(reflecting: $0))") }
        }
    }

    // MARK: OrdersStoreProtocol

    public func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        let sql = OrdersQuerySQL(page: page, columns: Self.selectedColumns, dialect: .postgres)
        do {
            let rows = try await orders(try Self.query(sql.rows))
            var otherSide = false
            if let statement = sql.otherSide {
                otherSide = try await exists(try Self.query(statement))
            }
            return OrdersPage(rows: rows, limit: page.limit, otherSide: otherSide, of: sql)
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch a page of orders: \(String(reflecting: $0))") }
        }
    }

    public func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        do {
            return try await order(id: rowID)
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch order with id \(id): \(String(reflecting: $0))") }
        }
    }

    /// What a create found: the order's new id, or the order an earlier create with its key made.
    private enum CreateOutcome {
        case created(Int64)
        case existing(Order)
    }

    public func createOrder(
        orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        var order = orderToCreate
        order.total = totalWorker.total(for: order)
        order.version = 1
        order.createdBy = by
        order.updatedBy = nil
        order.updatedAt = nil
        order.status = .new
        order.cancellationReason = nil
        let outcome: CreateOutcome
        do {
            var binds = PostgresBindings()
            binds.append(order.date.timeIntervalSince1970)
            let names = try bind(
                try OrderColumns.written(by: order, cards: cards) + OrderColumns.created(by: by, idempotencyKey: idempotencyKey),
                into: &binds)
            let placeholders = (1...binds.count).map { "$\($0)" }.joined(separator: ", ")
            // With a key another create used, no row: a create of the same key that has not
            // committed yet makes this one wait for it (the unique index), then do nothing.
            let sql = """
                INSERT INTO orders (created_at, \(names.joined(separator: ", "))) VALUES (\(placeholders))
                ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
                """
            let logger = self.logger
            outcome = try await client.withTransaction(logger: logger) { [binds] connection in
                // Twice at most: the order a key names may be deleted between the insert and the
                // select (READ COMMITTED: each statement sees what is committed when it starts).
                for _ in 0..<2 {
                    var rowID: Int64?
                    for try await id in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
                        .decode(Int64.self)
                    {
                        rowID = id
                    }
                    if let rowID {
                        try await Self.insert(
                            OrderEvent(orderID: String(rowID), kind: .created, by: by, at: at), rowID: rowID, on: connection, logger: logger)
                        return .created(rowID)
                    }
                    let existing: PostgresQuery =
                        "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE idempotency_key = \(idempotencyKey)"
                    if let order = try await self.orders(existing, on: connection).first {
                        return .existing(order)
                    }
                }
                throw OrdersStoreError.cannotCreate("Cannot create order: its idempotency key names an order that keeps being deleted")
            }
        } catch {
            throw .from(unwrapping: error) { .cannotCreate("Cannot create order: \(String(reflecting: $0))") }
        }
        switch outcome {
        case .created(let rowID):
            order.id = String(rowID)
            return order
        case .existing(let existing):
            throw .alreadyCreated(existing)
        }
    }

    public func updateOrder(orderToUpdate: Order, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        var order = orderToUpdate
        order.total = totalWorker.total(for: order)
        let outcome: OrderChangeOutcome
        do {
            var binds = PostgresBindings()
            let names = try bind(try OrderColumns.written(by: order, cards: cards) + OrderColumns.updated(by: by, at: at), into: &binds)
            let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
            binds.append(rowID)
            binds.append(order.version)
            let sql = """
                UPDATE orders SET \(assignments), version = version + 1
                WHERE id = $\(binds.count - 1) AND version = $\(binds.count)
                RETURNING \(Self.selectedColumns)
                """
            let logger = self.logger
            outcome = try await client.withTransaction(logger: logger) { [binds] connection in
                // The row stays locked until the transaction ends: the order read is the one updated.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let old = try await self.orders(select, on: connection).first else { return .notFound }
                // Locked: no status change can come between this check and the update.
                guard !old.status.isReadOnly else { return .readOnly(old) }
                guard let saved = try await self.orders(PostgresQuery(unsafeSQL: sql, binds: binds), on: connection).first else {
                    return .conflict(old)
                }
                let event = OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved))
                try await Self.insert(event, rowID: rowID, on: connection, logger: logger)
                return .saved(saved)
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot update order with id \(id): \(String(reflecting: $0))") }
        }
        return try outcome.saved(id: id)
    }

    public func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        let outcome: OrderChangeOutcome
        do {
            let logger = self.logger
            outcome = try await client.withTransaction(logger: logger) { connection in
                // The row stays locked until the transaction ends: the checks hold for the update.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let old = try await self.orders(select, on: connection).first else { return .notFound }
                guard old.version == expectedVersion else { return .conflict(old) }
                guard old.status.canChange(to: status) else { return .statusNotAllowed(old, to: status) }
                var binds = PostgresBindings()
                let names = try self.bind(
                    OrderColumns.statusChanged(to: status, reason: reason, from: old) + OrderColumns.updated(by: by, at: at), into: &binds)
                let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                binds.append(rowID)
                let update = PostgresQuery(
                    unsafeSQL: """
                        UPDATE orders SET \(assignments), version = version + 1 WHERE id = $\(binds.count)
                        RETURNING \(Self.selectedColumns)
                        """, binds: binds)
                guard let saved = try await self.orders(update, on: connection).first else { return .notFound }
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved),
                    statusChange: OrderEvent.StatusChange(from: old.status, to: status, reason: reason))
                try await Self.insert(event, rowID: rowID, on: connection, logger: logger)
                return .saved(saved)
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot change the status of order \(id): \(String(reflecting: $0))") }
        }
        return try outcome.saved(id: id)
    }

    public func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        let outcome: OrderChangeOutcome
        do {
            let logger = self.logger
            outcome = try await client.withTransaction(logger: logger) { connection in
                // Locked, as for an update: no status change can come between the check and the delete.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let order = try await self.orders(select, on: connection).first else { return .notFound }
                guard !order.status.isReadOnly else { return .readOnly(order) }
                try await connection.query("DELETE FROM orders WHERE id = \(rowID)", logger: logger)
                try await Self.insert(OrderEvent(orderID: id, kind: .deleted, by: by, at: at), rowID: rowID, on: connection, logger: logger)
                return .saved(order)
            }
        } catch {
            throw .from(unwrapping: error) { .cannotDelete("Cannot delete order with id \(id): \(String(reflecting: $0))") }
        }
        return try outcome.saved(id: id)
    }

    // MARK: History

    /// Writes `event` in the transaction of `connection`: a failure rolls the change it records back.
    private static func insert(_ event: OrderEvent, rowID: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        var binds = PostgresBindings()
        try append(try OrderEventColumns.values(of: event, rowID: rowID), to: &binds)
        let placeholders = (1...binds.count).map { "$\($0)" }.joined(separator: ", ")
        try await connection.query(
            PostgresQuery(unsafeSQL: "INSERT INTO order_events (\(OrderEventColumns.written)) VALUES (\(placeholders))", binds: binds),
            logger: logger)
    }

    public func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
        guard let rowID = OrderID.rowID(orderID) else { return [] }
        do {
            var events: [OrderEvent] = []
            let rows = try await client.query(
                """
                SELECT \(unescaped: OrderEventColumns.selected) FROM order_events WHERE order_id = \(rowID)
                ORDER BY happened_at DESC, id DESC
                """, logger: logger)
            for try await row in rows {
                events.append(try OrderEventColumns.event(from: PostgresOrderRow(row: row.makeRandomAccess())))
            }
            return events
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the history of order \(orderID): \(String(reflecting: $0))") }
        }
    }

    // MARK: Notes

    public func addNote(orderID: String, text: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote {
        try OrderNote.checkStorable(text)
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        let noteID: Int64?
        do {
            var binds = PostgresBindings()
            try Self.append(OrderNoteColumns.values(orderID: rowID, text: text, by: by, at: at), to: &binds)
            let insert = PostgresQuery(
                unsafeSQL: "INSERT INTO order_notes (\(OrderNoteColumns.written)) VALUES ($1, $2, $3, $4, $5) RETURNING id", binds: binds)
            let logger = self.logger
            noteID = try await client.withTransaction(logger: logger) { connection in
                // The order is locked against a delete (not against updates) until the note is in.
                let order = try await connection.query("SELECT id FROM orders WHERE id = \(rowID) FOR KEY SHARE", logger: logger)
                var found = false
                for try await _ in order { found = true }
                guard found else { return nil }
                var noteID: Int64?
                for try await id in try await connection.query(insert, logger: logger).decode(Int64.self) {
                    noteID = id
                }
                return noteID
            }
        } catch {
            throw .from(unwrapping: error) { .cannotCreate("Cannot add a note to order \(orderID): \(String(reflecting: $0))") }
        }
        guard let noteID else { throw .notFound(id: orderID) }
        return OrderNote(id: String(noteID), orderID: orderID, text: text, by: by, at: at)
    }

    public func notes(forOrder orderID: String) async throws(OrdersStoreError) -> [OrderNote] {
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        do {
            // One statement, one snapshot: no row when there is no such order, one row with no note
            // when it has none.
            let rows = try await client.query(
                """
                SELECT n.id, n.order_id, n.text, n.written_at, n.by_username, n.by_display_name
                FROM orders o LEFT JOIN order_notes n ON n.order_id = o.id WHERE o.id = \(rowID)
                ORDER BY n.written_at DESC, n.id DESC
                """, logger: logger)
            var found = false
            var notes: [OrderNote] = []
            for try await row in rows {
                found = true
                let random = row.makeRandomAccess()
                guard random[0].bytes != nil else { continue }
                notes.append(try OrderNoteColumns.note(from: PostgresOrderRow(row: random)))
            }
            guard found else { throw OrdersStoreError.notFound(id: orderID) }
            return notes
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the notes of order \(orderID): \(String(reflecting: $0))") }
        }
    }

    // MARK: Queries

    private func orders(_ query: PostgresQuery) async throws -> [Order] {
        try await orders(of: client.query(query, logger: logger))
    }

    /// As `orders(_:)`, in a transaction.
    private func orders(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [Order] {
        try await orders(of: connection.query(query, logger: logger))
    }

    private func orders(of rows: PostgresRowSequence) async throws -> [Order] {
        var orders: [Order] = []
        for try await row in rows {
            orders.append(try OrderColumns.order(from: PostgresOrderRow(row: row.makeRandomAccess()), cards: cards))
        }
        return orders
    }

    private func order(id: Int64) async throws -> Order? {
        try await orders("SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(id)").first
    }

    private func exists(_ query: PostgresQuery) async throws -> Bool {
        for try await value in try await client.query(query, logger: logger).decode(Bool.self) {
            return value
        }
        return false
    }

    // MARK: Mapping

    /// Appends the values of `columns` (`OrderColumns.written`, its card number encrypted, and who
    /// did it) to `binds`; returns their names, in the same order.
    private func bind(_ columns: [(name: String, value: OrderColumns.Value)], into binds: inout PostgresBindings) throws -> [String] {
        try Self.append(columns.map(\.value), to: &binds)
        return columns.map(\.name)
    }

    private static func query(_ statement: OrdersQuerySQL.Statement) throws -> PostgresQuery {
        var binds = PostgresBindings()
        try append(statement.arguments, to: &binds)
        return PostgresQuery(unsafeSQL: statement.sql, binds: binds)
    }

    private static func append(_ values: [OrderColumns.Value], to binds: inout PostgresBindings) throws {
        for value in values {
            switch value {
            case .text(let text): binds.append(text)
            case .integer(let integer): binds.append(integer)
            case .decimal(let decimal): try binds.append(decimal, context: .default)
            case .bytes(let bytes): try binds.append(bytes, context: .default)
            case .real(let real): binds.append(real)
            case .null: binds.appendNull()
            }
        }
    }

    static let selectedColumns = OrderColumns.selected

    private struct PostgresOrderRow: OrderRow {
        let row: PostgresRandomAccessRow
        func text(_ index: Int) throws -> String { try row[index].decode(String.self) }
        func int(_ index: Int) throws -> Int { try row[index].decode(Int.self) }
        func int64(_ index: Int) throws -> Int64 { try row[index].decode(Int64.self) }
        func double(_ index: Int) throws -> Double { try row[index].decode(Double.self) }
        func decimal(_ index: Int) throws -> Decimal { try row[index].decode(Decimal.self) }
        func bytes(_ index: Int) throws -> Data { try row[index].decode(Data.self) }
        func optionalText(_ index: Int) throws -> String? { try row[index].decode(String?.self) }
        func optionalDouble(_ index: Int) throws -> Double? { try row[index].decode(Double?.self) }
    }
}

extension OrdersStoreError {
    /// As `from(_:else:)`, and a store error thrown inside a transaction comes out as it was.
    fileprivate static func from(unwrapping error: any Error, else wrap: (any Error) -> OrdersStoreError) -> OrdersStoreError {
        if let error = error as? PostgresTransactionError, let inner = error.closureError as? OrdersStoreError {
            return inner
        }
        return .from(error, else: wrap)
    }
}
