import Foundation
import GRDB

/// A consistent copy of an SQLite orders database, taken while servers read and write it: SQLite's
/// online backup API (through GRDB's `backup(to:)`), which copies one snapshot of the pages in a
/// single step. The copy is created readable by the owner only, like the database; card numbers
/// stay encrypted in it (the card key is not in the copy: back it up apart).
public enum SQLiteBackup {
    public static func backup(databaseAt source: String, to destination: String) throws(OrdersStoreError) {
        guard FileManager.default.fileExists(atPath: source) else {
            throw .unavailable("No database at \(source): nothing to back up")
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw .unavailable("\(destination) exists already: a backup never overwrites a file")
        }
        try OwnerOnlyFile.create(atPath: destination)
        do {
            var configuration = Configuration()
            // A server may be writing: wait for its transaction rather than fail.
            configuration.busyMode = .timeout(10)
            let database = try DatabaseQueue(path: source, configuration: configuration)
            let copy = try DatabaseQueue(path: destination)
            try database.backup(to: copy)
            try copy.close()
            try database.close()
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw .unavailable("Cannot back up \(source): \(error)")
        }
    }
}
