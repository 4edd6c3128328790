import GRDB

/// The list's schema versions (issue 28), after the others in `migrator`. A version, once
/// released, never changes: add a new one.
extension SQLiteAppDatabase {
    static func registerListMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19: search street line 1") { db in
            // Search finds an order by its street too (`OrderSearch.searchText`): every order's
            // search text written again; the trigger keeps the trigram index in step.
            try fillSearchColumns(db)
        }
    }

    /// Each account's saved views of the list (issue 28, after the API's v25): the tabs after the
    /// built-in ones, in the account's order, one of them maybe its default.
    static func registerSavedViewsMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v28: saved views") { db in
            try db.execute(
                sql: """
                    CREATE TABLE saved_views (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_key TEXT NOT NULL,
                        name TEXT NOT NULL,
                        query TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        is_default BOOLEAN NOT NULL DEFAULT 0
                    );
                    CREATE INDEX saved_views_account ON saved_views (account_key, position);
                    """)
        }
    }
}
