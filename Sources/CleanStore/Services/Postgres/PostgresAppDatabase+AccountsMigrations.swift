import Foundation

/// The schema versions of accounts managed in the browser (issue 29), after the others. A version,
/// once released, never changes: add a new one.
extension PostgresAppDatabase {
    static let accountsMigrations: [Migration] = [
        Migration(
            version: 22, name: "accounts in the browser",
            // As SQLite's v23: an account's one-time set-password link (its token's SHA-256 only; one
            // per account), when it last signed in, and the accounts' audit log.
            steps: [
                .sql("ALTER TABLE accounts ADD COLUMN last_sign_in_at DOUBLE PRECISION"),
                .sql(
                    """
                    CREATE TABLE password_links (
                        account_key TEXT PRIMARY KEY REFERENCES accounts (username_key) ON DELETE CASCADE,
                        token_hash BYTEA NOT NULL UNIQUE,
                        expires_at DOUBLE PRECISION NOT NULL
                    )
                    """),
                .sql(
                    """
                    CREATE TABLE account_events (
                        id BIGSERIAL PRIMARY KEY,
                        at DOUBLE PRECISION NOT NULL,
                        actor_username TEXT NOT NULL,
                        actor_display_name TEXT NOT NULL,
                        username TEXT NOT NULL,
                        action TEXT NOT NULL,
                        role TEXT,
                        previous_role TEXT
                    )
                    """),
            ]),
    ]
}
