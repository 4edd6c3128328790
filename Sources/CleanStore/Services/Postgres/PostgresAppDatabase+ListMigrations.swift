/// The list's schema versions (issue 28), after `goodsMigrations`. A version, once released,
/// never changes: add a new one.
extension PostgresAppDatabase {
    static let listMigrations: [Migration] = [
        Migration(
            version: 18, name: "search street line 1",
            // As SQLite's v19: search finds an order by its street too (`OrderSearch.searchText`).
            steps: [.fillSearchColumns]),
    ]

    /// As SQLite's v28 (after the API's 24): each account's saved views of the list.
    static let savedViewsMigrations: [Migration] = [
        Migration(
            version: 27, name: "saved views",
            steps: [
                .sql(
                    """
                    CREATE TABLE saved_views (
                        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        account_key TEXT NOT NULL,
                        name TEXT NOT NULL,
                        query TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        is_default BOOLEAN NOT NULL DEFAULT FALSE
                    )
                    """),
                .sql("CREATE INDEX saved_views_account ON saved_views (account_key, position)"),
            ]),
    ]
}
