import Foundation
import GRDB

/// Webhooks' tables (issue 30): the endpoints supervisors register and the deliveries' outbox.
extension SQLiteAppDatabase {
    static func registerWebhookMigrations(_ migrator: inout DatabaseMigrator) {
        // An endpoint's events are their Standard Webhooks names, comma separated
        // (`WebhookOutbox.eventsText`). A delivery is written in the transaction of the order's
        // change (`WebhooksSQLiteStore.enqueue`); `claimed_until` holds it while the sender works.
        migrator.registerMigration("v32: webhooks") { db in
            try db.execute(
                sql: """
                    CREATE TABLE webhook_endpoints (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        url TEXT NOT NULL,
                        events TEXT NOT NULL,
                        secret TEXT NOT NULL,
                        enabled INTEGER NOT NULL DEFAULT 1,
                        version INTEGER NOT NULL DEFAULT 1,
                        created_at REAL NOT NULL
                    );
                    CREATE TABLE webhook_deliveries (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                        event_type TEXT NOT NULL,
                        webhook_id TEXT NOT NULL,
                        order_id TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        next_attempt_at REAL,
                        last_status INTEGER,
                        last_error TEXT,
                        last_attempt_at REAL,
                        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
                        claimed_until REAL
                    );
                    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
                    CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id);
                    """)
        }
    }
}
