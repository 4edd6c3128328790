import GRDB
import Synchronization

/// How the stores read the SQLite database (issue 31: the fixed cost of a page's store reads).
///
/// GRDB's `try await pool.read { }` hops twice to run a read: to the pool's waiting queue for a
/// reader, then to that reader's own queue, and back to the task each time. A page makes two or
/// three such reads (the session, the saved views or the draft, the page), and the hand-offs
/// (futexes, context switches, `sem_post`) were a tenth of the order page's CPU. A short read of
/// cached pages costs less than the hops around it.
///
/// `read(_:)` therefore runs the read on the calling thread, through GRDB's synchronous
/// `DatabasePool.read` (GRDB 7.10: a reader taken from its pool with `barrierQueue.sync` and its
/// semaphore, then `DispatchQueue.sync` on the reader's queue, which runs the block on the
/// caller's thread; one `BEGIN`/`COMMIT`, the same isolation as the async read), but only when a
/// reader is free. GRDB's synchronous read blocks its thread on the pool's semaphore while every
/// reader is busy, and a Swift concurrency thread must never wait so: an async read gives its
/// reader back only once its task runs again on one of those threads, so blocked threads could
/// wait for one another. The leases below count every read of the pool made through this type,
/// in place or queued; a read runs in place only when fewer reads than readers are under way, so
/// GRDB has a free reader and its semaphore does not wait. Otherwise (a CSV export's batch on one
/// reader and another page's read on the other) the read is GRDB's async one, as before.
///
/// `queuedRead(_:)` is always GRDB's async read: for long reads (a CSV export's batches of 500
/// orders, the card key rotation's count), which must not keep a Swift concurrency thread.
///
/// On PostgreSQL nothing changes: PostgresNIO's queries are NIO's, with no thread of their own to
/// hop to, and a page's reads lease a pooled connection each.
extension SQLiteAppDatabase {
    /// A read of a few rows (a session, a page of at most `inPlaceRowLimit` orders, a draft, an
    /// order page): on the calling thread when a reader is free (no hop), else GRDB's async read.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await leased(inPlace: { try pool.read(body) }, queued: { try await pool.read(body) })
    }

    /// GRDB's async read (a hop to a reader's queue and back), counted: for long reads.
    func queuedRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        leases.takeQueued()
        defer { leases.give() }
        return try await pool.read(body)
    }

    /// A read of ONE statement (the session with its account, an account's saved views): as `read(_:)`,
    /// without a `BEGIN`/`COMMIT` of its own (GRDB's `unsafeRead`). SQLite runs a statement in one
    /// snapshot of its own, taken when it first steps and given up when it is reset, which GRDB's
    /// cursors do when they are done or dropped: so a lone statement sees what was committed before
    /// it, as in a transaction. Two statements that must agree belong in `read(_:)`.
    func readOneStatement<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await leased(inPlace: { try pool.unsafeRead(body) }, queued: { try await pool.unsafeRead(body) })
    }

    /// Runs `inPlace` (GRDB's synchronous call: the closure is not async, so the synchronous
    /// overload is the one called, on the calling thread) when a reader is free, else `queued`
    /// (GRDB's async call), each under a lease given back once it has returned.
    private func leased<T>(inPlace: () throws -> T, queued: () async throws -> T) async throws -> T {
        if leases.takeInPlace() {
            defer { leases.give() }
            return try inPlace()
        }
        leases.takeQueued()
        defer { leases.give() }
        return try await queued()
    }

    /// Rows a read may ask for and still run in place (`read(_:)`); more is a long read.
    static let inPlaceRowLimit = 100
}

/// The reads of an `SQLiteAppDatabase`'s pool under way, in place or queued (see `read(_:)`).
/// Plain Swift, tested on its own: a read may run in place only while fewer than `readers` reads
/// are under way; a queued read is always counted, even past `readers` (it waits in GRDB's pool).
final class SQLiteReaderLeases: Sendable {
    /// The pool's readers (`Configuration.maximumReaderCount`).
    let readers: Int
    private let underWay = Mutex(0)

    init(readers: Int) {
        self.readers = max(1, readers)
    }

    /// Takes a lease for a read on the calling thread: false, and nothing taken, when every reader
    /// may be in use.
    func takeInPlace() -> Bool {
        underWay.withLock { count in
            guard count < readers else { return false }
            count += 1
            return true
        }
    }

    /// Takes a lease for a queued read (GRDB's async read), whatever is under way.
    func takeQueued() {
        underWay.withLock { $0 += 1 }
    }

    /// Gives back a lease taken by `takeInPlace` or `takeQueued`, once the read has returned.
    func give() {
        underWay.withLock { count in
            precondition(count > 0, "A reader lease given back twice")
            count -= 1
        }
    }

    /// The reads under way now.
    var readsUnderWay: Int {
        underWay.withLock { $0 }
    }
}
