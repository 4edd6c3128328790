/// The list's schema versions (issue 28), after `goodsMigrations`. A version, once released,
/// never changes: add a new one.
extension PostgresAppDatabase {
    static let listMigrations: [Migration] = [
        Migration(
            version: 18, name: "search street line 1",
            // As SQLite's v19: search finds an order by its street too (`OrderSearch.searchText`).
            steps: [.fillSearchColumns]),
    ]
}
