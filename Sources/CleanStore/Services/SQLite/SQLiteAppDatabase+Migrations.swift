import Foundation
import GRDB
import Logging

/// Every table's migrations, in one migrator (GRDB's `DatabaseMigrator`): the orders' and their
/// history's, notes', accounts', sessions' and failed sign-ins'. A migration, once released, keeps
/// its name and never changes: add a new one (`DatabasesOfF843ad1Tests` opens a file of f843ad1).
extension SQLiteAppDatabase {
    static let encryptionMigration = "v3: card numbers encrypted"

    static func migrator(cards: CardKeyring, logger: Logger) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: orders") { db in
            try db.execute(sql: """
                CREATE TABLE orders (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    created_at REAL NOT NULL,
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
                    total TEXT NOT NULL
                );
                CREATE INDEX orders_newest_first ON orders (created_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v2: order versions") { db in
            try db.execute(sql: "ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
        }
        migrator.registerMigration(encryptionMigration) { db in
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN card_ciphertext BLOB NOT NULL DEFAULT x'';
                ALTER TABLE orders ADD COLUMN card_key_id TEXT NOT NULL DEFAULT '';
                ALTER TABLE orders ADD COLUMN card_last4 TEXT NOT NULL DEFAULT '';
                """)
            let rows = try Row.fetchAll(db, sql: "SELECT id, card_number FROM orders")
            for row in rows {
                let number: String = row[1]
                let sealed = try cards.seal(number)
                try db.execute(
                    sql: "UPDATE orders SET card_ciphertext = ?, card_key_id = ?, card_last4 = ? WHERE id = ?",
                    arguments: [sealed.ciphertext, sealed.keyID, String(number.suffix(4)), row[0] as Int64])
            }
            // Rewrites every row without the column (SQLite 3.35+).
            try db.execute(sql: "ALTER TABLE orders DROP COLUMN card_number")
            if !rows.isEmpty {
                logger.notice("Encrypted the card numbers of \(rows.count) orders with \(cards.current); the clear-text column is gone")
            }
        }
        migrator.registerMigration("v4: health probe") { db in
            // `checkHealth` writes a row here and rolls it back: the table stays empty.
            try db.execute(sql: "CREATE TABLE cleanstore_health (probe INTEGER NOT NULL)")
        }
        migrator.registerMigration("v5: accounts") { db in
            // username_key is the username lowercased (`Account.key`): unique regardless of case.
            try db.execute(sql: """
                CREATE TABLE accounts (
                    username_key TEXT PRIMARY KEY NOT NULL,
                    username TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    role TEXT NOT NULL CHECK (role IN ('viewer', 'clerk', 'supervisor')),
                    password_hash TEXT NOT NULL,
                    disabled INTEGER NOT NULL DEFAULT 0,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                )
                """)
        }
        migrator.registerMigration("v6: sessions") { db in
            // The id's SHA-256 only: the id itself is in the browser's cookie alone.
            try db.execute(sql: """
                CREATE TABLE sessions (
                    id_hash BLOB PRIMARY KEY NOT NULL,
                    account_key TEXT NOT NULL REFERENCES accounts (username_key) ON DELETE CASCADE,
                    created_at REAL NOT NULL,
                    last_seen_at REAL NOT NULL
                );
                CREATE INDEX sessions_by_account ON sessions (account_key);
                """)
        }
        migrator.registerMigration("v7: sign-in attempts") { db in
            try db.execute(sql: """
                CREATE TABLE sign_in_failures (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    username_key TEXT NOT NULL,
                    address TEXT NOT NULL,
                    attempted_at REAL NOT NULL
                );
                CREATE INDEX sign_in_failures_by_username ON sign_in_failures (username_key, attempted_at);
                CREATE INDEX sign_in_failures_by_address ON sign_in_failures (address, attempted_at);
                """)
        }
        migrator.registerMigration("v8: order history") { db in
            // Who created an order and who changed it last: on the order (see `Order.createdBy`);
            // NULL for orders from before, and when no one was signed in.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN created_by_username TEXT;
                ALTER TABLE orders ADD COLUMN created_by_display_name TEXT;
                ALTER TABLE orders ADD COLUMN updated_by_username TEXT;
                ALTER TABLE orders ADD COLUMN updated_by_display_name TEXT;
                ALTER TABLE orders ADD COLUMN updated_at REAL;
                CREATE TABLE order_events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    order_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    happened_at REAL NOT NULL,
                    by_username TEXT,
                    by_display_name TEXT,
                    changes TEXT NOT NULL
                );
                CREATE INDEX order_events_by_order ON order_events (order_id, happened_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v9: order search") { db in
            // What the list searches and sorts by, written by the store with every create and update
            // (`OrderColumns.written`; `OrderSearch` says why in Swift: SQLite folds no accents).
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
                ALTER TABLE orders ADD COLUMN sort_name TEXT NOT NULL DEFAULT '';
                ALTER TABLE orders ADD COLUMN total_cents INTEGER NOT NULL DEFAULT 0;
                UPDATE orders SET total_cents = CAST(round(CAST(total AS REAL) * 100) AS INTEGER);
                """)
            try fillSearchColumns(db)
            // Substring search on the folded text: FTS5's trigram tokenizer (SQLite 3.34+) indexes
            // every three characters, so a phrase of three or more matches anywhere in a word ("nun"
            // finds "nunez"), served by the index; shorter words are checked on the rows the other
            // conditions leave. Its own accent folding (remove_diacritics) needs SQLite 3.45: the
            // text is folded before. External content: the text is stored once, in `orders`, and
            // the triggers keep the index in step with it.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE orders_search USING fts5(
                    search_text, content = 'orders', content_rowid = 'id', tokenize = 'trigram case_sensitive 1');
                INSERT INTO orders_search (orders_search) VALUES ('rebuild');
                CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
                    INSERT INTO orders_search (rowid, search_text) VALUES (new.id, new.search_text);
                END;
                CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
                    INSERT INTO orders_search (orders_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
                END;
                CREATE TRIGGER orders_search_update AFTER UPDATE OF search_text ON orders
                WHEN old.search_text IS NOT new.search_text BEGIN
                    INSERT INTO orders_search (orders_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
                    INSERT INTO orders_search (rowid, search_text) VALUES (new.id, new.search_text);
                END;
                CREATE INDEX orders_by_name ON orders (sort_name, id);
                CREATE INDEX orders_by_total ON orders (total_cents, id);
                """)
        }
        migrator.registerMigration("v10: order status") { db in
            // Every order keyed before is new. A status change's from, to and reason are on its
            // event. The list filters by status, newest first: its own keyset index.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
                    CHECK (status IN ('new', 'paid', 'packed', 'shipped', 'cancelled'));
                ALTER TABLE orders ADD COLUMN cancellation_reason TEXT;
                ALTER TABLE order_events ADD COLUMN status_from TEXT;
                ALTER TABLE order_events ADD COLUMN status_to TEXT;
                ALTER TABLE order_events ADD COLUMN status_reason TEXT;
                CREATE INDEX orders_by_status ON orders (status, created_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v11: order notes") { db in
            // A note goes with its order (GRDB turns foreign keys on); its text is kept as given.
            try db.execute(sql: """
                CREATE TABLE order_notes (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    written_at REAL NOT NULL,
                    by_username TEXT,
                    by_display_name TEXT
                );
                CREATE INDEX order_notes_by_order ON order_notes (order_id, written_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v12: no double orders") { db in
            // The key of the form that created the order (NULL for none, and for orders from
            // before): unique, so that one form can create one order only.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
                CREATE UNIQUE INDEX orders_by_idempotency_key ON orders (idempotency_key);
                """)
        }
        migrator.registerMigration("v13: first supervisor") { db in
            // One row at most (its id is 1): the first supervisor, made through the set-up link.
            // `AccountsSQLiteStore.createFirstSupervisor` inserts it in the transaction that makes
            // the account, so two set-up forms posted at once make one supervisor. A database with
            // a supervisor already has its earliest one here.
            try db.execute(sql: """
                CREATE TABLE first_supervisor (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    username_key TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                INSERT INTO first_supervisor (id, username_key, created_at)
                SELECT 1, username_key, created_at FROM accounts WHERE role = 'supervisor'
                ORDER BY created_at, username_key LIMIT 1;
                """)
        }
        migrator.registerMigration("v14: products") { db in
            // The catalog. `sku` is stored trimmed and upper-cased (`Product.normalizedSKU`), so the
            // unique index makes it unique regardless of case. `search_text` is the SKU and name
            // folded as the order search folds (`OrderSearch`), written by the store. Money is
            // integer cents. A product on any order is archived (`active` 0), never deleted.
            // `product_events` is each product's history (`changes` as JSON, like an order's).
            try db.execute(sql: """
                CREATE TABLE products (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    sku TEXT NOT NULL,
                    name TEXT NOT NULL,
                    search_text TEXT NOT NULL DEFAULT '',
                    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
                    taxable INTEGER NOT NULL DEFAULT 1,
                    track_stock INTEGER NOT NULL DEFAULT 0,
                    on_hand INTEGER NOT NULL DEFAULT 0,
                    committed INTEGER NOT NULL DEFAULT 0 CHECK (committed >= 0),
                    allow_backorder INTEGER NOT NULL DEFAULT 0,
                    active INTEGER NOT NULL DEFAULT 1,
                    version INTEGER NOT NULL DEFAULT 1,
                    created_at REAL NOT NULL,
                    created_by_username TEXT,
                    created_by_display_name TEXT,
                    updated_at REAL,
                    updated_by_username TEXT,
                    updated_by_display_name TEXT
                );
                CREATE UNIQUE INDEX products_by_sku ON products (sku);
                CREATE TABLE product_events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    product_id INTEGER NOT NULL REFERENCES products (id),
                    kind TEXT NOT NULL,
                    happened_at REAL NOT NULL,
                    by_username TEXT,
                    by_display_name TEXT,
                    changes TEXT NOT NULL
                );
                CREATE INDEX product_events_by_product ON product_events (product_id, happened_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v15: tax rates") { db in
            // The US tax table: a rate in parts per million (8.875 % is 88750); `postal_prefix` ''
            // for the whole state; `collect` 0 = no tax here, on purpose; days as `YYYY-MM-DD`
            // (`ShopDay`), `effective_to` NULL while open-ended.
            try db.execute(sql: """
                CREATE TABLE tax_rates (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    region TEXT NOT NULL CHECK (length(region) = 2),
                    postal_prefix TEXT NOT NULL DEFAULT '',
                    rate_ppm INTEGER NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
                    collect INTEGER NOT NULL DEFAULT 1,
                    shipping_taxable INTEGER NOT NULL DEFAULT 0,
                    effective_from TEXT NOT NULL,
                    effective_to TEXT,
                    version INTEGER NOT NULL DEFAULT 1,
                    updated_at REAL,
                    updated_by_username TEXT,
                    updated_by_display_name TEXT
                );
                CREATE UNIQUE INDEX tax_rates_by_place ON tax_rates (region, postal_prefix, effective_from);
                """)
        }
        migrator.registerMigration("v16: order lines and drafts") { db in
            // An order's lines and the totals they add up to, in cents, with the rate it was taxed
            // at (NULL until taxed). Orders keyed before have no lines (`items_recorded` 0): their
            // total is their shipping. `stock_committed` is what placing committed of the product's
            // stock for the line (0 when the product's stock is not tracked): shipping takes it off
            // hand, cancelling releases it. Drafts hold no card data. Order numbers are given at
            // placing from `order_numbers` (one row), updated in the placing transaction: no gaps.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN items_recorded INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE orders ADD COLUMN subtotal_cents INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE orders ADD COLUMN shipping_cents INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE orders ADD COLUMN tax_cents INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE orders ADD COLUMN shipping_tax_cents INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE orders ADD COLUMN tax_region TEXT;
                ALTER TABLE orders ADD COLUMN tax_postal_prefix TEXT;
                ALTER TABLE orders ADD COLUMN tax_rate_ppm INTEGER;
                ALTER TABLE orders ADD COLUMN tax_collect INTEGER;
                ALTER TABLE orders ADD COLUMN tax_shipping_taxable INTEGER;
                ALTER TABLE orders ADD COLUMN item_count INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE orders ADD COLUMN next_line_number INTEGER NOT NULL DEFAULT 1;
                UPDATE orders SET shipping_cents = total_cents;
                CREATE TABLE order_lines (
                    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
                    line_key TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    product_id INTEGER REFERENCES products (id),
                    sku TEXT NOT NULL,
                    name TEXT NOT NULL,
                    catalog_price_cents INTEGER NOT NULL,
                    unit_price_cents INTEGER NOT NULL,
                    price_reason TEXT,
                    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
                    taxable INTEGER NOT NULL,
                    tax_cents INTEGER NOT NULL DEFAULT 0,
                    stock_committed INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (order_id, line_key)
                );
                CREATE INDEX order_lines_by_product ON order_lines (product_id);
                CREATE TABLE drafts (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    ref TEXT NOT NULL UNIQUE,
                    first_name TEXT NOT NULL DEFAULT '',
                    last_name TEXT NOT NULL DEFAULT '',
                    phone TEXT NOT NULL DEFAULT '',
                    email TEXT NOT NULL DEFAULT '',
                    shipment_street1 TEXT NOT NULL DEFAULT '',
                    shipment_street2 TEXT NOT NULL DEFAULT '',
                    shipment_city TEXT NOT NULL DEFAULT '',
                    shipment_state TEXT NOT NULL DEFAULT '',
                    shipment_zip TEXT NOT NULL DEFAULT '',
                    shipment_speed INTEGER NOT NULL DEFAULT 0,
                    billing_same INTEGER NOT NULL DEFAULT 1,
                    billing_street1 TEXT NOT NULL DEFAULT '',
                    billing_street2 TEXT NOT NULL DEFAULT '',
                    billing_city TEXT NOT NULL DEFAULT '',
                    billing_state TEXT NOT NULL DEFAULT '',
                    billing_zip TEXT NOT NULL DEFAULT '',
                    next_line_number INTEGER NOT NULL DEFAULT 1,
                    version INTEGER NOT NULL DEFAULT 1,
                    created_at REAL NOT NULL,
                    created_by_username TEXT,
                    created_by_display_name TEXT,
                    updated_at REAL NOT NULL,
                    updated_by_username TEXT,
                    updated_by_display_name TEXT
                );
                CREATE INDEX drafts_by_update ON drafts (updated_at DESC, id DESC);
                CREATE TABLE draft_lines (
                    draft_id INTEGER NOT NULL REFERENCES drafts (id) ON DELETE CASCADE,
                    line_key TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    product_id INTEGER REFERENCES products (id),
                    sku TEXT NOT NULL,
                    name TEXT NOT NULL,
                    catalog_price_cents INTEGER NOT NULL,
                    unit_price_cents INTEGER NOT NULL,
                    price_reason TEXT,
                    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
                    taxable INTEGER NOT NULL,
                    PRIMARY KEY (draft_id, line_key)
                );
                CREATE TABLE order_numbers (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    last_number INTEGER NOT NULL
                );
                INSERT INTO order_numbers (id, last_number)
                SELECT 1, max(COALESCE((SELECT max(id) FROM orders), 0), COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'orders'), 0));
                """)
        }
        registerCustomerMigrations(&migrator)
        registerListMigrations(in: &migrator)
        registerOrderPageMigrations(&migrator)
        registerAccountsMigrations(&migrator)
        // The JSON API (issue 30): only a token's SHA-256 is kept; `prefix` names it (lists, logs,
        // revoking). A token goes with its account.
        migrator.registerMigration("v25: api tokens") { db in
            try db.execute(
                sql: """
                    CREATE TABLE api_tokens (
                        prefix TEXT PRIMARY KEY NOT NULL,
                        token_hash BLOB NOT NULL UNIQUE,
                        account_key TEXT NOT NULL REFERENCES accounts (username_key) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('viewer', 'clerk')),
                        created_at REAL NOT NULL,
                        expires_at REAL,
                        last_used_at REAL,
                        revoked_at REAL
                    );
                    CREATE INDEX api_tokens_account ON api_tokens (account_key, created_at);
                    """)
        }
        registerCallerMigrations(&migrator)
        registerCustomerMergeMigrations(&migrator)
        registerSavedViewsMigrations(in: &migrator)
        registerBulkMigrations(&migrator)
        registerCancellingMigrations(&migrator)
        // The API's idempotency keys (POST /api/v1/drafts): the token's own, kept 24 hours
        // (`IdempotencyKeyRules`); `ref` is what the first request made, NULL while it makes it.
        migrator.registerMigration("v31: idempotency keys") { db in
            try db.execute(
                sql: """
                    CREATE TABLE api_idempotency_keys (
                        token_prefix TEXT NOT NULL REFERENCES api_tokens (prefix) ON DELETE CASCADE,
                        idempotency_key TEXT NOT NULL,
                        fingerprint BLOB NOT NULL,
                        ref TEXT,
                        created_at REAL NOT NULL,
                        PRIMARY KEY (token_prefix, idempotency_key)
                    );
                    CREATE INDEX api_idempotency_keys_age ON api_idempotency_keys (created_at);
                    """)
        }
        registerWebhookMigrations(&migrator)
        // A draft started from an order's page keeps the page's one-time key: a double click on
        // "Repeat this order" finds the draft the first click made (`DraftsStoreProtocol.createDraft`);
        // and the order it repeats, whose changes since its page marks until it is placed.
        migrator.registerMigration("v33: drafts started from orders") { db in
            try db.execute(
                sql: """
                    ALTER TABLE drafts ADD COLUMN creation_key TEXT;
                    ALTER TABLE drafts ADD COLUMN repeats_order_id INTEGER;
                    CREATE UNIQUE INDEX drafts_by_creation_key ON drafts (creation_key) WHERE creation_key IS NOT NULL;
                    """)
        }
        // A placing's duplicate check looks the caller's orders up by the phone's digits and the
        // email in lower case (`OrderColumns.personKeys`, `OrdersQuerySQL.duplicateCandidates`)
        // instead of searching the trigram index; each index in the order of `created_at` (then the
        // row id), as the check reads the candidates.
        migrator.registerMigration("v34: orders by phone digits and email") { db in
            try db.execute(
                sql: """
                    ALTER TABLE orders ADD COLUMN phone_digits TEXT NOT NULL DEFAULT '';
                    ALTER TABLE orders ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
                    """)
            try fillPersonKeys(db)
            try db.execute(
                sql: """
                    CREATE INDEX orders_by_phone_digits ON orders (phone_digits, created_at);
                    CREATE INDEX orders_by_email_key ON orders (email_key, created_at);
                    """)
        }
        return migrator
    }

    /// Writes `phone_digits` and `email_key` of every order (`OrderColumns.personKeys`), 1,000 rows
    /// at a time.
    static func fillPersonKeys(_ db: Database) throws {
        var after: Int64 = 0
        let update = try db.makeStatement(sql: "UPDATE orders SET phone_digits = ?, email_key = ? WHERE id = ?")
        while true {
            let rows = try Row.fetchAll(db, sql: "SELECT id, phone, email FROM orders WHERE id > ? ORDER BY id LIMIT 1000", arguments: [after])
            guard let last = rows.last else { return }
            for row in rows {
                let keys = OrderColumns.personKeys(phone: row[1], email: row[2]).map(\.value.sqliteValue)
                try update.execute(arguments: StatementArguments(keys + [(row[0] as Int64).databaseValue]))
            }
            after = last[0]
        }
    }

    /// Writes `search_text` and `sort_name` of every order, 1,000 rows at a time.
    static func fillSearchColumns(_ db: Database) throws {
        var after: Int64 = 0
        while true {
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, \(OrderSearch.sourceColumns) FROM orders WHERE id > ? ORDER BY id LIMIT 1000", arguments: [after])
            guard let last = rows.last else { return }
            for row in rows {
                let columns = OrderSearch.searchColumns(of: (1...OrderSearch.sourceColumnCount).map { row[$0] as String })
                try db.execute(
                    sql: "UPDATE orders SET search_text = ?, sort_name = ? WHERE id = ?",
                    arguments: [columns.searchText, columns.sortName, row[0] as Int64])
            }
            after = last[0]
        }
    }
}
