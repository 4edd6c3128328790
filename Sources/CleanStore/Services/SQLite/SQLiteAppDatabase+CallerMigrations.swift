import Foundation
import GRDB

/// Customers in the order flow (issue 27): registered by `migrator(cards:logger:)` after the API's.
/// A migration, once released, keeps its name and never changes: add a new one.
extension SQLiteAppDatabase {
    static func registerCallerMigrations(_ migrator: inout DatabaseMigrator) {
        // The customer a draft's caller was copied from (*Use* on "Who is calling?"): placing with
        // "Save this caller" updates them. A customer is never deleted; the column is no link to
        // their details, which the draft holds as copied.
        migrator.registerMigration("v26: drafts remember their customer") { db in
            try db.execute(sql: "ALTER TABLE drafts ADD COLUMN customer_id INTEGER REFERENCES customers (id)")
        }
    }
}
