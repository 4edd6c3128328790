import Foundation

/// The order page's schema versions (issue 29), after `goodsMigrations`: an order's shipment, notes
/// for the packer. A
/// version, once released, never changes: add a new one.
extension PostgresAppDatabase {
    static let orderPageMigrations: [Migration] = [
        Migration(
            version: 20, name: "order shipments",
            // As SQLite's v21: the day an order shipped, its carrier and tracking number. A shipped
            // order is read-only, so its last save was its move to shipped: that is its day.
            steps: [
                .sql(
                    """
                    ALTER TABLE orders ADD COLUMN shipped_at DOUBLE PRECISION,
                        ADD COLUMN carrier TEXT, ADD COLUMN tracking_number TEXT
                    """),
                .sql("UPDATE orders SET shipped_at = updated_at WHERE status = 'shipped'"),
            ]),
        Migration(
            version: 21, name: "notes for the packer",
            // As SQLite's v22: a note for the packer prints on the packing slip; every note before is not one.
            steps: [.sql("ALTER TABLE order_notes ADD COLUMN for_packer BOOLEAN NOT NULL DEFAULT FALSE")]),
    ]

    /// Cancelling (issue 29), after every earlier list: a clerk's request that a supervisor cancel an order.
    static let cancellingMigrations: [Migration] = [
        Migration(
            version: 29, name: "cancelling",
            // As SQLite's v30: the request's reason, who asked and when; NULL while none waits.
            steps: [
                .sql(
                    """
                    ALTER TABLE orders ADD COLUMN cancellation_request_reason TEXT,
                        ADD COLUMN cancellation_requested_by_username TEXT,
                        ADD COLUMN cancellation_requested_by_display_name TEXT,
                        ADD COLUMN cancellation_requested_at DOUBLE PRECISION
                    """),
                .sql(
                    "CREATE INDEX orders_cancellation_requested ON orders (created_at, id) WHERE cancellation_request_reason IS NOT NULL"),
            ]),
    ]
}
