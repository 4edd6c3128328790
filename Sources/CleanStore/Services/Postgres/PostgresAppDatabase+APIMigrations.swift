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
}
