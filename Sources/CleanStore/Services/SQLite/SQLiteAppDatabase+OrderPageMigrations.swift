import GRDB

/// The order page's migrations (issue 29), after the goods': an order's shipment, notes for the packer. A migration, once
/// released, keeps its name and never changes: add a new one.
extension SQLiteAppDatabase {
    static func registerOrderPageMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21: order shipments") { db in
            // The day an order shipped, its carrier and tracking number (NULL until shipped, and
            // both NULL for an order shipped before they were asked for). A shipped order is
            // read-only, so its last save was its move to shipped: that is its day.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN shipped_at REAL;
                ALTER TABLE orders ADD COLUMN carrier TEXT;
                ALTER TABLE orders ADD COLUMN tracking_number TEXT;
                UPDATE orders SET shipped_at = updated_at WHERE status = 'shipped';
                """)
        }
        migrator.registerMigration("v22: notes for the packer") { db in
            // A note for the packer prints on the packing slip; every note before is not one.
            try db.execute(sql: "ALTER TABLE order_notes ADD COLUMN for_packer INTEGER NOT NULL DEFAULT 0")
        }
    }

    /// Cancelling (issue 29): a clerk's request that a supervisor cancel an order. Registered after
    /// every earlier migration (`migrator(cards:logger:)` calls it last).
    static func registerCancellingMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v30: cancelling") { db in
            // The request's reason, who asked and when: NULL while none waits.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN cancellation_request_reason TEXT;
                ALTER TABLE orders ADD COLUMN cancellation_requested_by_username TEXT;
                ALTER TABLE orders ADD COLUMN cancellation_requested_by_display_name TEXT;
                ALTER TABLE orders ADD COLUMN cancellation_requested_at REAL;
                CREATE INDEX orders_cancellation_requested ON orders (created_at, id) WHERE cancellation_request_reason IS NOT NULL;
                """)
        }
    }
}
