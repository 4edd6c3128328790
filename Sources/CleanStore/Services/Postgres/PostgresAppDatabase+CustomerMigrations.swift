import Foundation

/// The customers' schema versions (issue 27), after `goodsMigrations`. A version, once released,
/// never changes: add a new one.
extension PostgresAppDatabase {
    static let customerMigrations: [Migration] = [
        Migration(
            version: 16, name: "customers",
            // As SQLite's v17: customers (no unique phone or email), their history, the customer an
            // order was taken for, and how far the one-off linking of older orders has gone. Sort
            // keys and reversed phones compare `COLLATE "C"` (by bytes, as SQLite and memory).
            steps: [
                .sql(
                    """
                    CREATE TABLE customers (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        first_name TEXT NOT NULL,
                        last_name TEXT NOT NULL,
                        phone TEXT NOT NULL,
                        email TEXT NOT NULL,
                        shipping_street1 TEXT NOT NULL DEFAULT '',
                        shipping_street2 TEXT NOT NULL DEFAULT '',
                        shipping_city TEXT NOT NULL DEFAULT '',
                        shipping_state TEXT NOT NULL DEFAULT '',
                        shipping_zip TEXT NOT NULL DEFAULT '',
                        billing_street1 TEXT NOT NULL DEFAULT '',
                        billing_street2 TEXT NOT NULL DEFAULT '',
                        billing_city TEXT NOT NULL DEFAULT '',
                        billing_state TEXT NOT NULL DEFAULT '',
                        billing_zip TEXT NOT NULL DEFAULT '',
                        note TEXT NOT NULL DEFAULT '',
                        search_text TEXT NOT NULL DEFAULT '',
                        sort_name TEXT COLLATE "C" NOT NULL DEFAULT '',
                        phone_reversed TEXT COLLATE "C" NOT NULL DEFAULT '',
                        phone_key TEXT NOT NULL DEFAULT '',
                        email_key TEXT NOT NULL DEFAULT '',
                        version INTEGER NOT NULL DEFAULT 1,
                        created_at DOUBLE PRECISION NOT NULL,
                        created_by_username TEXT,
                        created_by_display_name TEXT,
                        updated_at DOUBLE PRECISION,
                        updated_by_username TEXT,
                        updated_by_display_name TEXT
                    )
                    """),
                .sql("CREATE INDEX customers_by_name ON customers (sort_name, id)"),
                .sql("CREATE INDEX customers_by_phone ON customers (phone_reversed)"),
                .sql("CREATE INDEX customers_by_phone_key ON customers (phone_key) WHERE phone_key <> ''"),
                .sql("CREATE INDEX customers_by_email_key ON customers (email_key) WHERE email_key <> ''"),
                .sql(
                    """
                    CREATE TABLE customer_events (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        customer_id BIGINT NOT NULL REFERENCES customers (id),
                        kind TEXT NOT NULL,
                        happened_at DOUBLE PRECISION NOT NULL,
                        by_username TEXT,
                        by_display_name TEXT,
                        changes TEXT NOT NULL
                    )
                    """),
                .sql("CREATE INDEX customer_events_by_customer ON customer_events (customer_id, happened_at DESC, id DESC)"),
                .sql("ALTER TABLE orders ADD COLUMN customer_id BIGINT REFERENCES customers (id)"),
                .sql("CREATE INDEX orders_by_customer ON orders (customer_id, created_at DESC, id DESC)"),
                .sql(
                    """
                    CREATE TABLE customers_from_orders (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        last_order_id BIGINT NOT NULL,
                        done BOOLEAN NOT NULL
                    )
                    """),
                .sql("INSERT INTO customers_from_orders (id, last_order_id, done) VALUES (1, 0, FALSE)"),
            ]),
    ]

    /// After the API's (24): customers merged into another.
    static let customerMergeMigrations: [Migration] = [
        Migration(
            version: 26, name: "merged customers",
            // As SQLite's v27: a merged customer is kept and points to the one who has their orders now.
            steps: [.sql("ALTER TABLE customers ADD COLUMN merged_into BIGINT REFERENCES customers (id)")]),
    ]
}
