import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

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
/// A read in place then offers its core (`sched_yield`, `SQLiteTuning.yieldsAfterInPlaceRead`). With
/// the hops gone, the two Swift concurrency threads ran a whole request at a stretch (0.4–0.6 ms
/// between switches on average, up to a 4 ms tick, where they had slept every 0.19 ms waiting for
/// GRDB's queues), and the event loops and the client, woken meanwhile, waited for the end of the
/// running thread's slice: the pages' p99 at 16 connections rose while their CPU fell (BENCHMARKS.md,
/// "p99: the reads in place held the cores"). The yield is a scheduling point where the hop was one,
/// without its hand-offs: a system call that returns at once when no thread waits for the core.
/// `SQLiteTuning.inPlaceReads` and `inPlaceTransactions` bound the reads in place further, for
/// measuring (each queued read gives back a hop's CPU).
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
        try await leased(.transaction, inPlace: { try pool.read(body) }, queued: { try await pool.read(body) })
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
        try await leased(.oneStatement, inPlace: { try pool.unsafeRead(body) }, queued: { try await pool.unsafeRead(body) })
    }

    /// Runs `inPlace` (GRDB's synchronous call: the closure is not async, so the synchronous
    /// overload is the one called, on the calling thread) when a reader is free, else `queued`
    /// (GRDB's async call), each under a lease given back once it has returned.
    private func leased<T>(
        _ kind: SQLiteReaderLeases.Kind, inPlace: () throws -> T, queued: () async throws -> T
    ) async throws -> T {
        if leases.takeInPlace(kind) {
            defer {
                leases.giveInPlace(kind)
                if tuning.yieldsAfterInPlaceRead { Self.offerTheCore() }
            }
            return try inPlace()
        }
        leases.takeQueued()
        defer { leases.give() }
        return try await queued()
    }

    /// Lets the kernel run another thread waiting for this core (`sched_yield`), as a hop to a
    /// reader's queue did: returns at once when none waits.
    static func offerTheCore() {
        #if canImport(Glibc)
            sched_yield()
        #endif
    }

    /// Rows a read may ask for and still run in place (`read(_:)`); more is a long read.
    static let inPlaceRowLimit = 100
}

/// The reads of an `SQLiteAppDatabase`'s pool under way, in place or queued (see `read(_:)`).
/// Plain Swift, tested on its own: a read may run in place only while fewer than `readers` reads
/// are under way, fewer than `inPlace` reads run in place, and, for a read of several statements
/// (a transaction), fewer than `inPlaceTransactions` such reads run in place; a queued read is
/// always counted, even past `readers` (it waits in GRDB's pool).
final class SQLiteReaderLeases: Sendable {
    /// What a read in place is: one statement (`readOneStatement`) or a transaction (`read`).
    enum Kind: Sendable {
        case oneStatement, transaction
    }

    private struct Counts {
        var underWay = 0
        var inPlace = 0
        var inPlaceTransactions = 0
    }

    /// The pool's readers (`Configuration.maximumReaderCount`).
    let readers: Int
    /// Reads in place at once, at most (`SQLiteTuning.inPlaceReads`).
    let inPlace: Int
    /// Transactions in place at once, at most (`SQLiteTuning.inPlaceTransactions`).
    let inPlaceTransactions: Int
    private let counts = Mutex(Counts())

    /// `inPlace` and `inPlaceTransactions` default to `readers` (no bound but the readers').
    init(readers: Int, inPlace: Int? = nil, inPlaceTransactions: Int? = nil) {
        self.readers = max(1, readers)
        self.inPlace = max(0, inPlace ?? self.readers)
        self.inPlaceTransactions = max(0, inPlaceTransactions ?? self.readers)
    }

    /// Takes a lease for a read on the calling thread: false, and nothing taken, when every reader
    /// may be in use, or as many reads (of this kind) as may run in place already do.
    func takeInPlace(_ kind: Kind) -> Bool {
        counts.withLock { counts in
            guard counts.underWay < readers, counts.inPlace < inPlace else { return false }
            if kind == .transaction {
                guard counts.inPlaceTransactions < inPlaceTransactions else { return false }
                counts.inPlaceTransactions += 1
            }
            counts.underWay += 1
            counts.inPlace += 1
            return true
        }
    }

    /// Gives back a lease taken by `takeInPlace(kind)`, once the read has returned.
    func giveInPlace(_ kind: Kind) {
        counts.withLock { counts in
            precondition(counts.inPlace > 0 && counts.underWay > 0, "A reader lease given back twice")
            if kind == .transaction {
                precondition(counts.inPlaceTransactions > 0, "A reader lease given back twice")
                counts.inPlaceTransactions -= 1
            }
            counts.inPlace -= 1
            counts.underWay -= 1
        }
    }

    /// Takes a lease for a queued read (GRDB's async read), whatever is under way.
    func takeQueued() {
        counts.withLock { $0.underWay += 1 }
    }

    /// Gives back a lease taken by `takeQueued`, once the read has returned.
    func give() {
        counts.withLock { counts in
            precondition(counts.underWay > counts.inPlace, "A reader lease given back twice")
            counts.underWay -= 1
        }
    }

    /// The reads under way now, in place or queued.
    var readsUnderWay: Int {
        counts.withLock { $0.underWay }
    }

    /// The reads running in place now.
    var readsInPlace: Int {
        counts.withLock { $0.inPlace }
    }
}
