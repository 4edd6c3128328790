import GRDB

/// The bulk moves' migrations (issue 28): their batches and what became of each order, and the
/// batch a status change was part of in the order's history. A migration, once released, keeps its
/// name and never changes: add a new one.
extension SQLiteAppDatabase {
    static func registerBulkMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v29: bulk moves") { db in
            // A batch is begun once per key (a replayed form finds it); its moves go with it. A
            // move names its order without a foreign key: the batch outlives an order deleted since.
            try db.execute(sql: """
                CREATE TABLE bulk_batches (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    batch_key TEXT NOT NULL UNIQUE,
                    action TEXT NOT NULL,
                    carrier TEXT,
                    by_username TEXT,
                    by_display_name TEXT,
                    happened_at REAL NOT NULL,
                    selected INTEGER NOT NULL
                );
                CREATE TABLE bulk_moves (
                    batch_id INTEGER NOT NULL REFERENCES bulk_batches (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    order_id INTEGER NOT NULL,
                    customer TEXT NOT NULL,
                    outcome TEXT NOT NULL,
                    status TEXT,
                    changed_by_username TEXT,
                    changed_by_display_name TEXT,
                    PRIMARY KEY (batch_id, order_id)
                );
                CREATE INDEX bulk_moves_in_order ON bulk_moves (batch_id, position);
                ALTER TABLE order_events ADD COLUMN status_batch TEXT;
                """)
        }
    }
}
