import Foundation

/// Webhooks' schema versions (issue 30). A version, once released, never changes: add a new one.
extension PostgresAppDatabase {
    static let webhookMigrations: [Migration] = [
        Migration(
            version: 31, name: "webhooks",
            // As SQLite's v32: endpoints and the deliveries' outbox, written in the change's
            // transaction; `claimed_until` is the lease a claim (`FOR UPDATE SKIP LOCKED`) holds.
            steps: [
                .sql(
                    """
                    CREATE TABLE webhook_endpoints (
                        id BIGSERIAL PRIMARY KEY,
                        url TEXT NOT NULL,
                        events TEXT NOT NULL,
                        secret TEXT NOT NULL,
                        enabled BOOLEAN NOT NULL DEFAULT TRUE,
                        version INTEGER NOT NULL DEFAULT 1,
                        created_at DOUBLE PRECISION NOT NULL
                    )
                    """),
                .sql(
                    """
                    CREATE TABLE webhook_deliveries (
                        id BIGSERIAL PRIMARY KEY,
                        endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                        event_type TEXT NOT NULL,
                        webhook_id TEXT NOT NULL,
                        order_id TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        created_at DOUBLE PRECISION NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        next_attempt_at DOUBLE PRECISION,
                        last_status BIGINT,
                        last_error TEXT,
                        last_attempt_at DOUBLE PRECISION,
                        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
                        claimed_until DOUBLE PRECISION
                    )
                    """),
                .sql("CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at)"),
                .sql("CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)"),
            ]),
    ]
}

/// Drafts made once per one-time key (issue 27). A version, once released, never changes: add a new one.
extension PostgresAppDatabase {
    static let draftKeyMigrations: [Migration] = [
        Migration(
            version: 32, name: "drafts started from orders",
            // As SQLite's v33: a draft started from an order's page keeps the page's one-time key,
            // so that a double click on "Repeat this order" finds the draft the first click made;
            // and the order it repeats, whose changes since its page marks until it is placed.
            steps: [
                .sql("ALTER TABLE drafts ADD COLUMN creation_key TEXT"),
                .sql("ALTER TABLE drafts ADD COLUMN repeats_order_id BIGINT"),
                .sql("CREATE UNIQUE INDEX drafts_by_creation_key ON drafts (creation_key) WHERE creation_key IS NOT NULL"),
            ]),
    ]
}
