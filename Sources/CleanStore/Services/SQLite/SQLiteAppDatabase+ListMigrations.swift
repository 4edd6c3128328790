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
}
