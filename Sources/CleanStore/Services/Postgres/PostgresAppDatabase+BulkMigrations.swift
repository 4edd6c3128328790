import Foundation

/// The bulk moves' schema versions (issue 28). A version, once released, never changes: add a new one.
extension PostgresAppDatabase {
    static let bulkMigrations: [Migration] = [
        Migration(
            version: 28, name: "bulk moves",
            // As SQLite's v29: a batch is begun once per key (a replayed form finds it); its moves go
            // with it, each naming its order without a foreign key (the batch outlives an order
            // deleted since); the history names the batch a status change was part of.
            steps: [
                .sql(
                    """
                    CREATE TABLE bulk_batches (
                        id BIGSERIAL PRIMARY KEY,
                        batch_key TEXT NOT NULL UNIQUE,
                        action TEXT NOT NULL,
                        carrier TEXT,
                        by_username TEXT,
                        by_display_name TEXT,
                        happened_at DOUBLE PRECISION NOT NULL,
                        selected INTEGER NOT NULL
                    )
                    """),
                .sql(
                    """
                    CREATE TABLE bulk_moves (
                        batch_id BIGINT NOT NULL REFERENCES bulk_batches (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        order_id BIGINT NOT NULL,
                        customer TEXT NOT NULL,
                        outcome TEXT NOT NULL,
                        status TEXT,
                        changed_by_username TEXT,
                        changed_by_display_name TEXT,
                        PRIMARY KEY (batch_id, order_id)
                    )
                    """),
                .sql("CREATE INDEX bulk_moves_in_order ON bulk_moves (batch_id, position)"),
                .sql("ALTER TABLE order_events ADD COLUMN status_batch TEXT"),
            ]),
    ]
}
