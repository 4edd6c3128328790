import Foundation
import GRDB

/// The customers' migrations (issue 27), after the goods': registered by `migrator(cards:logger:)`
/// in their order. A migration, once released, keeps its name and never changes: add a new one.
extension SQLiteAppDatabase {
    static func registerCustomerMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17: customers") { db in
            // Customers: no unique phone or email (a household, an office line). `search_text` and
            // `sort_name` as an order's (`CustomerSearch`); `phone_reversed` the phone's digits last
            // first, so that a search by the end of a number reads the start of an index;
            // `phone_key` and `email_key` what makes two the same (`CustomerSearch.phoneKey`).
            // `orders.customer_id` is the customer an order was taken for (its details are copied
            // into the order: a customer changed later rewrites no order). `customers_from_orders`
            // is how far the one-off linking of the orders keyed before has gone
            // (`CustomersStoreProtocol.linkOrders`, run in batches by the server once it serves).
            try db.execute(sql: """
                CREATE TABLE customers (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
                    sort_name TEXT NOT NULL DEFAULT '',
                    phone_reversed TEXT NOT NULL DEFAULT '',
                    phone_key TEXT NOT NULL DEFAULT '',
                    email_key TEXT NOT NULL DEFAULT '',
                    version INTEGER NOT NULL DEFAULT 1,
                    created_at REAL NOT NULL,
                    created_by_username TEXT,
                    created_by_display_name TEXT,
                    updated_at REAL,
                    updated_by_username TEXT,
                    updated_by_display_name TEXT
                );
                CREATE INDEX customers_by_name ON customers (sort_name, id);
                CREATE INDEX customers_by_phone ON customers (phone_reversed);
                CREATE INDEX customers_by_phone_key ON customers (phone_key) WHERE phone_key <> '';
                CREATE INDEX customers_by_email_key ON customers (email_key) WHERE email_key <> '';
                CREATE TABLE customer_events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    customer_id INTEGER NOT NULL REFERENCES customers (id),
                    kind TEXT NOT NULL,
                    happened_at REAL NOT NULL,
                    by_username TEXT,
                    by_display_name TEXT,
                    changes TEXT NOT NULL
                );
                CREATE INDEX customer_events_by_customer ON customer_events (customer_id, happened_at DESC, id DESC);
                ALTER TABLE orders ADD COLUMN customer_id INTEGER REFERENCES customers (id);
                CREATE INDEX orders_by_customer ON orders (customer_id, created_at DESC, id DESC);
                CREATE TABLE customers_from_orders (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    last_order_id INTEGER NOT NULL,
                    done INTEGER NOT NULL
                );
                INSERT INTO customers_from_orders (id, last_order_id, done) VALUES (1, 0, 0);
                """)
        }
    }

    /// The customers' migrations after the API's (v25), registered last by `migrator(cards:logger:)`.
    static func registerCustomerMergeMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v27: merged customers") { db in
            // A customer merged into another (`CustomersStoreProtocol.mergeCustomers`) is kept and
            // points to the one who has their orders now; no search finds it.
            try db.execute(sql: "ALTER TABLE customers ADD COLUMN merged_into INTEGER REFERENCES customers (id)")
        }
    }
}
