import Foundation

/// Customers in the order flow (issue 27), after the API's. A version, once released, never
/// changes: add a new one.
extension PostgresAppDatabase {
    static let callerMigrations: [Migration] = [
        Migration(
            version: 25, name: "drafts remember their customer",
            // As SQLite's v26: the customer a draft's caller was copied from; placing with "Save
            // this caller" updates them.
            steps: [.sql("ALTER TABLE drafts ADD COLUMN customer_id BIGINT REFERENCES customers (id)")]),
    ]
}
