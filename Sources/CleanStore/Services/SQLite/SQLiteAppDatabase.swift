import Foundation
import GRDB
import Logging

/// The SQLite database file (GRDB), as GRDB's `AppDatabase` is: one `DatabasePool` and one
/// migrator with every table's migrations (`SQLiteAppDatabase+Migrations.swift`), health, close and
/// backup. The stores (orders, events, notes, accounts, sessions, sign-in attempts) each take it,
/// and read and write through its pool; none opens another.
///
/// The database runs in WAL mode (`DatabasePool`) with `synchronous = FULL`, so a write is on disk
/// before it returns. Its files (the database, `-wal`, `-shm`) are readable by their owner only;
/// card numbers are encrypted (`CardKeyring`) and deleted content is overwritten (`secure_delete`).
/// Closing checkpoints the WAL into the database file, so that the file alone holds every row. A
/// database file deleted or replaced while it is open is noticed: writes and `checkHealth` refuse,
/// rather than carry on into a file no one can open again.
public final class SQLiteAppDatabase: Sendable {
    let pool: DatabasePool
    /// The pool's reader count and each connection's page cache, as applied.
    public let tuning: SQLiteTuning
    /// The database file's path, as given.
    public let path: String
    /// The keys the orders' card numbers are sealed with (the migrations encrypt with them too).
    let cards: CardKeyring
    let logger: Logger
    /// The pool's reads under way, so that a short read runs in place only when a reader is free
    /// (`SQLiteReads.swift`).
    let leases: SQLiteReaderLeases
    /// The file opened at `path` (its device and inode), to notice when the path names another.
    private let identity: FileIdentity?
    /// Placings that wait for the writer, committed together (`SQLiteGroupCommit`).
    let groupCommit: SQLiteGroupCommit

    /// Opens the database file at `path` and migrates it to the current schema, encrypting any card
    /// number still in clear text. A missing file is created (mode 0600), and the log says so at
    /// notice level: a database that vanished must not be replaced by an empty one unnoticed.
    /// Throws when stored card numbers need a key `cards` does not hold.
    public init(path: String, cards: CardKeyring, logger: Logger, tuning: SQLiteTuning = .standard) throws(OrdersStoreError) {
        self.path = path
        self.cards = cards
        self.logger = logger
        self.tuning = tuning
        leases = SQLiteReaderLeases(
            readers: tuning.readers, inPlace: tuning.inPlaceReads, inPlaceTransactions: tuning.inPlaceTransactions)
        if FileIdentity(path: path) == nil {
            logger.notice("No database at \(path): creating a new, empty one")
            // SQLite creates a file with mode 0644, and gives its -wal and -shm the mode of the
            // database file: made here first with 0600, all three are the owner's only.
            try OwnerOnlyFile.create(atPath: path)
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // Deleted content (an order's old card ciphertext, rows rewritten by a migration) is
            // overwritten with zeros, not left in free space.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            // Each connection's page cache (SQLite's own default is 2,000 KiB): see SQLiteTuning.
            try db.execute(sql: "PRAGMA cache_size = -\(tuning.cacheKiB)")
        }
        configuration.maximumReaderCount = tuning.readers
        // `cleanstore rotate-card-key` writes from another process: wait for its transactions.
        configuration.busyMode = .timeout(10)
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // Every commit synced before it returns (`synchronous = FULL`): GRDB's pool opens its
            // writer in WAL mode with NORMAL, which syncs the WAL at checkpoints only, so an order
            // answered as saved could be lost to a power cut or a kernel crash until the next
            // checkpoint. The writer is one connection for the pool's life: set once, it stays.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            let migrator = Self.migrator(cards: cards, logger: logger)
            let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
            try migrator.migrate(pool)
            if !applied.contains(Self.encryptionMigration) {
                try Self.removeClearTextRemnants(from: pool)
            }
            let keyIDs = try pool.read { db in try String.fetchSet(db, sql: "SELECT DISTINCT card_key_id FROM orders") }
            try cards.checkOpens(keyIDs: keyIDs, in: path)
        } catch {
            throw .from(error) { .unavailable("Cannot open the SQLite database \(path): \($0)") }
        }
        identity = FileIdentity(path: path)
        groupCommit = SQLiteGroupCommit(pool: pool)
    }

    /// Checkpoints the WAL into the database file (so that a copy of the file alone holds every
    /// row), then closes the database, at shutdown, once no request uses it any more.
    /// (GRDB closes its read-only connections last, and a read-only connection cannot checkpoint:
    /// without this, every order written since the last automatic checkpoint stays in `-wal`.)
    public func close() throws {
        do {
            try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch {
            logger.error(
                "Cannot checkpoint the SQLite database \(path) at shutdown: orders may be in \(path)-wal only; keep it beside the database",
                metadata: ["error": "\(error)"])
        }
        try pool.close()
    }

    /// After card numbers were encrypted: rebuilds the database file (VACUUM) so that no clear-text
    /// number lingers in free pages or free space within pages (from before `secure_delete`), then
    /// checkpoints and empties the WAL, which held the pages as the migration rewrote them.
    private static func removeClearTextRemnants(from pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            _ = try db.checkpoint(.truncate)
        }
    }

    /// `PRAGMA cache_size` of a reading connection and of the writer, as SQLite reports them
    /// (negative: KiB), and the pool's reader count: what `tuning` was applied as.
    func appliedTuning() throws -> (readerCacheSize: Int, writerCacheSize: Int, readers: Int) {
        let reader = try pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
        let writer = try pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
        return (reader, writer, pool.configuration.maximumReaderCount)
    }

    // MARK: Health

    /// Throws when `path` no longer names the file opened (deleted, moved, replaced): every store
    /// calls it before every write (`OrdersWorker` logs the refusal, with the request id), and
    /// `checkHealth` does.
    func checkFileIsTheOneOpened() throws(OrdersStoreError) {
        guard FileIdentity(path: path) != identity else { return }
        throw .unavailable(
            "The database file \(path) is no longer the file opened at start-up: it was deleted, moved or replaced. "
                + "Nothing more is written to the file this server has open (no one could open it again): "
                + "restore the database file and restart")
    }

    /// Reads and writes (a write to `cleanstore_health`, rolled back): throws, saying why, when the
    /// database cannot.
    public func checkHealth() async throws(OrdersStoreError) {
        try checkFileIsTheOneOpened()
        do {
            // One hop to the writer's queue: the read and the write in one transaction, rolled back.
            try await pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    _ = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM orders)")
                    try db.execute(sql: "INSERT INTO cleanstore_health (probe) VALUES (1)")
                    return .rollback
                }
            }
        } catch {
            throw .unavailable("The SQLite database \(path) cannot be read and written: \(error)")
        }
    }

    // MARK: Backup

    /// A consistent copy of the database file at `source`, taken while servers read and write it:
    /// SQLite's online backup API (through GRDB's `backup(to:)`), which copies one snapshot of the
    /// pages in a single step. The copy is created readable by the owner only, like the database;
    /// card numbers stay encrypted in it (the card key is not in the copy: back it up apart).
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

/// How many connections the SQLite pool opens and how much memory each keeps (issue 31: the
/// server's peak RSS under 64 MB at 100,000 orders). One writer and up to `readers` reading
/// connections, each with a page cache of up to `cacheKiB` KiB, which fills as pages are read and
/// stays full while the connection lives: the caches' ceiling is (readers + 1) × cacheKiB.
///
/// GRDB's default is 5 readers; a short read runs on the request's own thread while a reader is free
/// (`SQLiteReads.swift`; at most `inPlaceReads` at once, of which `inPlaceTransactions` reads of
/// several statements, each then offering its core), a long one on a reader's queue, so more readers than the cores serve no
/// more requests at once: what they add is pages cached again per connection. Measured with `scripts/measure-rss` at 100,000 orders, side by side (BENCHMARKS.md,
/// "Issue 31: peak memory"): a peak of 62.0 MB with 2 readers, 69.9 MB with GRDB's 5; a 1,000 KiB
/// cache saved 1.2 MB more, not taken (one loaded run, its CPU per request not shown equal). The
/// database file is not memory-mapped (`mmap_size` stays 0, the default of SQLite as built here):
/// mapped file pages would count in RSS too.
public struct SQLiteTuning: Sendable, Equatable {
    /// Reading connections at most (GRDB's `maximumReaderCount`).
    public var readers: Int
    /// Each connection's page cache, KiB (`PRAGMA cache_size = -cacheKiB`).
    public var cacheKiB: Int
    /// Reads on the request's own thread at once, at most (`SQLiteReads.swift`; 0: none, every read
    /// queued to a reader's thread as GRDB's async read does).
    public var inPlaceReads: Int
    /// Of them, reads of several statements (a transaction: `SQLiteAppDatabase.read`) at once, at most.
    public var inPlaceTransactions: Int

    /// After a read in place, the thread offers its core to a thread waiting for it (`sched_yield`;
    /// `SQLiteReads.swift`, BENCHMARKS.md "p99: the reads in place held the cores"): on by default.
    public var yieldsAfterInPlaceRead: Bool

    /// `inPlaceReads` and `inPlaceTransactions` default to `readers`: no bound but the readers'.
    public init(
        readers: Int, cacheKiB: Int, inPlaceReads: Int? = nil, inPlaceTransactions: Int? = nil, yieldsAfterInPlaceRead: Bool = true
    ) {
        self.readers = max(1, readers)
        self.cacheKiB = max(1, cacheKiB)
        self.inPlaceReads = max(0, inPlaceReads ?? self.readers)
        self.inPlaceTransactions = max(0, inPlaceTransactions ?? self.readers)
        self.yieldsAfterInPlaceRead = yieldsAfterInPlaceRead
    }

    /// As many readers as the machine has cores (at least 2: a long read such as the CSV export
    /// leaves one for the pages), and SQLite's own 2,000 KiB cache each.
    public static let standard = SQLiteTuning(readers: max(2, ProcessInfo.processInfo.activeProcessorCount), cacheKiB: 2000)
}
