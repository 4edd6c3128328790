import GRDB

/// The schema versions of accounts managed in the browser (issue 29), after the others.
extension SQLiteAppDatabase {
    static func registerAccountsMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23: accounts in the browser") { db in
            // An account's one-time set-password link (its token's SHA-256 only; one per account),
            // when it last signed in, and the accounts' audit log (who did what to whom, when).
            try db.execute(sql: """
                ALTER TABLE accounts ADD COLUMN last_sign_in_at REAL;
                CREATE TABLE password_links (
                    account_key TEXT PRIMARY KEY NOT NULL REFERENCES accounts (username_key) ON DELETE CASCADE,
                    token_hash BLOB NOT NULL UNIQUE,
                    expires_at REAL NOT NULL
                );
                CREATE TABLE account_events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    at REAL NOT NULL,
                    actor_username TEXT NOT NULL,
                    actor_display_name TEXT NOT NULL,
                    username TEXT NOT NULL,
                    action TEXT NOT NULL,
                    role TEXT,
                    previous_role TEXT
                );
                """)
        }
    }
}
