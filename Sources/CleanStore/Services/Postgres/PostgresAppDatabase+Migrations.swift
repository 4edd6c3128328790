import Foundation
import Logging
import PostgresNIO

/// Every table's migrations, in one list applied under one advisory lock: the orders' and their
/// history's, notes', accounts', sessions' and failed sign-ins'. A version, once released, keeps
/// its number and name and never changes: add a new one (`DatabasesOfF843ad1Tests` loads a dump of
/// f843ad1).
extension PostgresAppDatabase {
    /// One step of a schema version: SQL, or Swift where SQL cannot do it.
    enum MigrationStep: Sendable {
        case sql(String)
        /// Encrypts the clear-text `card_number` of every row into the card columns.
        case encryptCardNumbers
        /// Writes `search_text` and `sort_name` of every row (`OrderSearch`).
        case fillSearchColumns
        /// Writes `phone_digits` and `email_key` of every row (`OrderColumns.personKeys`).
        case fillPersonKeys
    }

    struct Migration: Sendable {
        var version: Int
        var name: String
        var steps: [MigrationStep]
    }

    /// The schema's versions, in order. A version, once released, never changes: add a new one.
    static let migrations: [Migration] =
        ordersAndAccountsMigrations + goodsMigrations + customerMigrations + listMigrations + orderPageMigrations + accountsMigrations
        + apiMigrations + callerMigrations + customerMergeMigrations + savedViewsMigrations + bulkMigrations + cancellingMigrations
        + idempotencyMigrations + webhookMigrations + draftKeyMigrations + personKeyMigrations

    /// Version 33 (SQLite's v34): a placing's duplicate check looks the caller's orders up by the
    /// phone's digits and the email in lower case (`OrderColumns.personKeys`,
    /// `OrdersQuerySQL.duplicateCandidates`) instead of `LIKE` on the search text.
    static let personKeyMigrations: [Migration] = [
        Migration(
            version: 33, name: "orders by phone digits and email",
            steps: [
                .sql("ALTER TABLE orders ADD COLUMN phone_digits TEXT NOT NULL DEFAULT '', ADD COLUMN email_key TEXT NOT NULL DEFAULT ''"),
                .fillPersonKeys,
                // `id` last, as SQLite's rowid is in every index: each key's orders in the check's
                // own order (`created_at`, then `id`), so a round of candidates is read off the index
                // backwards and stops at its limit. Without it, a caller PostgreSQL thought rare
                // (statistics older than the day's orders) had all their orders sorted each time:
                // 2,401 buffers for 2,487 orders of one email at 1,000,000 (BENCHMARKS.md).
                .sql("CREATE INDEX orders_by_phone_digits ON orders (phone_digits, created_at, id)"),
                .sql("CREATE INDEX orders_by_email_key ON orders (email_key, created_at, id)"),
            ])
    ]

    /// Versions 1–12: orders, their history and notes, accounts, sessions, sign-ins.
    static let ordersAndAccountsMigrations: [Migration] = [
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
        Migration(
            version: 12, name: "first supervisor",
            // One row at most (its id is 1): the first supervisor, made through the set-up link.
            // `AccountsPostgresStore.createFirstSupervisor` inserts it in the transaction that makes
            // the account: a second set-up form posted at once waits on its primary key, then finds
            // it taken. A database with a supervisor already has its earliest one here.
            steps: [
                .sql(
                    """
                    CREATE TABLE first_supervisor (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        username_key TEXT NOT NULL,
                        created_at DOUBLE PRECISION NOT NULL
                    )
                    """),
                .sql(
                    """
                    INSERT INTO first_supervisor (id, username_key, created_at)
                    SELECT 1, username_key, created_at FROM accounts WHERE role = 'supervisor'
                    ORDER BY created_at, username_key LIMIT 1
                    """),
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
                        case .fillPersonKeys:
                            try await Self.fillPersonKeys(on: connection, logger: logger)
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

    /// Writes `phone_digits` and `email_key` of every row (`OrderColumns.personKeys`: the same
    /// Swift as every write).
    private static func fillPersonKeys(on connection: PostgresConnection, logger: Logger) async throws {
        try await fillColumns("phone_digits", "email_key", reading: "phone, email", on: connection, logger: logger) { row in
            (DraftPlacing.phoneKey(try row[1].decode(String.self)), DraftPlacing.emailKey(try row[2].decode(String.self)))
        }
    }

    /// Writes `search_text` and `sort_name` of every row.
    private static func fillSearchColumns(on connection: PostgresConnection, logger: Logger) async throws {
        try await fillColumns("search_text", "sort_name", reading: OrderSearch.sourceColumns, on: connection, logger: logger) { row in
            let columns = OrderSearch.searchColumns(of: try (1...OrderSearch.sourceColumnCount).map { try row[$0].decode(String.self) })
            return (columns.searchText, columns.sortName)
        }
    }

    /// Writes two text columns of every order, 1,000 rows a statement: `make` turns a row (its id,
    /// then the columns `reading` names) into the two values, in Swift (the same code as every write).
    private static func fillColumns(
        _ first: String, _ second: String, reading: String, on connection: PostgresConnection, logger: Logger,
        _ make: (PostgresRandomAccessRow) throws -> (String, String)
    ) async throws {
        var after: Int64 = 0
        while true {
            var ids: [Int64] = []
            var firsts: [String] = []
            var seconds: [String] = []
            let rows = try await connection.query(
                "SELECT id, \(unescaped: reading) FROM orders WHERE id > \(after) ORDER BY id LIMIT 1000", logger: logger)
            for try await row in rows {
                let random = row.makeRandomAccess()
                ids.append(try random[0].decode(Int64.self))
                let (one, two) = try make(random)
                firsts.append(one)
                seconds.append(two)
            }
            guard let last = ids.last else { return }
            try await connection.query(
                """
                UPDATE orders SET \(unescaped: first) = v.value1, \(unescaped: second) = v.value2
                FROM unnest(\(ids)::BIGINT[], \(firsts)::TEXT[], \(seconds)::TEXT[]) AS v (id, value1, value2)
                WHERE orders.id = v.id
                """, logger: logger)
            after = last
        }
    }
}
