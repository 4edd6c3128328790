import Foundation

/// The JSON API's schema versions (issue 30), after the goods'. A version, once released, never
/// changes: add a new one.
extension PostgresAppDatabase {
    static let apiMigrations: [Migration] = [
        Migration(
            version: 24, name: "api tokens",
            // As SQLite's v25: only the token's SHA-256 is kept; `prefix` names it (lists, logs,
            // revoking). A token goes with its account.
            steps: [
                .sql(
                    """
                    CREATE TABLE api_tokens (
                        prefix TEXT PRIMARY KEY,
                        token_hash BYTEA NOT NULL UNIQUE,
                        account_key TEXT NOT NULL REFERENCES accounts (username_key) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('viewer', 'clerk')),
                        created_at DOUBLE PRECISION NOT NULL,
                        expires_at DOUBLE PRECISION,
                        last_used_at DOUBLE PRECISION,
                        revoked_at DOUBLE PRECISION
                    )
                    """),
                .sql("CREATE INDEX api_tokens_account ON api_tokens (account_key, created_at)"),
            ]),
    ]

    /// Version 30: the API's idempotency keys (`IdempotencyKeysPostgresStore`), after the versions
    /// other tables took meanwhile (25–29): the list is applied in version order.
    static let idempotencyMigrations: [Migration] = [
        Migration(
            version: 30, name: "idempotency keys",
            // As SQLite's v31: the API's idempotency keys, the token's own, kept 24 hours.
            steps: [
                .sql(
                    """
                    CREATE TABLE api_idempotency_keys (
                        token_prefix TEXT NOT NULL REFERENCES api_tokens (prefix) ON DELETE CASCADE,
                        idempotency_key TEXT NOT NULL,
                        fingerprint BYTEA NOT NULL,
                        ref TEXT,
                        created_at DOUBLE PRECISION NOT NULL,
                        PRIMARY KEY (token_prefix, idempotency_key)
                    )
                    """),
                .sql("CREATE INDEX api_idempotency_keys_age ON api_idempotency_keys (created_at)"),
            ]),
    ]
}
