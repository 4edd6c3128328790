import Foundation
import GRDB
import NIOConcurrencyHelpers

/// Write transactions that arrive while the writer is busy, committed together (group commit, issue
/// 31: placing's CPU): the writes waiting when the writer comes free run one after the other in one
/// `BEGIN IMMEDIATE` transaction, each in its own savepoint, and one `COMMIT` makes them all durable.
///
/// A placing on SQLite writes about 33 pages to the WAL (the order and its eight indexes, its line
/// and event, the draft's delete, the search index's new segment, the counters): most of them the
/// same few hot pages for every placing (the newest end of each index, the counters, the search
/// index's structure), so a group writes each once for all its writes, and syncs once when the
/// writer syncs its commits (GRDB's pool sets the writer to `synchronous = NORMAL`, which syncs at
/// checkpoints only: docs/NOTES.md). Replayed on bench's database with a sync a commit
/// (BENCHMARKS.md, "placing's CPU"), eight placings a transaction cost half the CPU of one each
/// (median); in the server, 6-18 % less a placing.
///
/// What each write sees and decides is unchanged: the writes of a group run one at a time on the
/// writer, each sees the ones before it, and each is all or nothing (its savepoint rolled back when
/// it throws: a refusal leaves no trace and the others commit). None is answered before the
/// group's `COMMIT` has returned, so a write answered is on disk, as with its own transaction;
/// when the `COMMIT` fails, every write of the group gets that error (none of them was written). A
/// write alone in its group runs as before, in a transaction of its own with no savepoint.
final class SQLiteGroupCommit: Sendable {
    private let pool: DatabasePool
    /// The most writes one transaction takes (the others wait for the next).
    let maximumGroup: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var pending: [Item] = []
        var draining = false
        /// Transactions committed (or tried) and the writes they held: what the tests look at.
        var groups = 0
        var writes = 0
    }

    /// One write waiting: `run` runs it on the writer (in a savepoint when others share the
    /// transaction) and returns its error; `finish` answers its caller once the group has ended
    /// (`groupError`: the group's transaction failed, so nothing of it was written).
    private struct Item: Sendable {
        let run: @Sendable (Database, _ inSavepoint: Bool) -> (any Error)?
        let finish: @Sendable (_ groupError: (any Error)?) -> Void
    }

    init(pool: DatabasePool, maximumGroup: Int = 64) {
        self.pool = pool
        self.maximumGroup = max(1, maximumGroup)
    }

    /// How many transactions ran and how many writes they held, so far.
    var counts: (groups: Int, writes: Int) { state.withLockedValue { ($0.groups, $0.writes) } }

    /// How many writes wait for the writer now.
    var waiting: Int { state.withLockedValue { $0.pending.count } }

    /// Runs `body` in a write transaction, shared with the writes that wait beside it; returns once
    /// that transaction has committed (or throws `body`'s error, or the transaction's).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let outcome = Outcome<T>()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let item = Item(
                run: { db, inSavepoint in
                    do {
                        if inSavepoint {
                            var value: T?
                            try db.inSavepoint {
                                value = try body(db)
                                return .commit
                            }
                            outcome.result = value.map { .success($0) }
                        } else {
                            outcome.result = .success(try body(db))
                        }
                        return nil
                    } catch {
                        outcome.result = .failure(error)
                        return error
                    }
                },
                finish: { groupError in
                    switch (outcome.result, groupError) {
                    case (.failure(let error)?, _), (_, let error?): continuation.resume(throwing: error)
                    case (.success(let value)?, nil): continuation.resume(returning: value)
                    case (nil, nil): continuation.resume(throwing: DatabaseError(resultCode: .SQLITE_ABORT, message: "The write did not run"))
                    }
                })
            let start = state.withLockedValue { state in
                state.pending.append(item)
                guard !state.draining else { return false }
                state.draining = true
                return true
            }
            if start { Task { await self.drain() } }
        }
    }

    /// Runs the waiting writes, as many as `maximumGroup` a transaction, until none waits.
    private func drain() async {
        while true {
            let group: [Item] = state.withLockedValue { state in
                let taken = Array(state.pending.prefix(maximumGroup))
                state.pending.removeFirst(taken.count)
                if taken.isEmpty {
                    state.draining = false
                } else {
                    state.groups += 1
                    state.writes += taken.count
                }
                return taken
            }
            guard !group.isEmpty else { return }
            var groupError: (any Error)?
            do {
                try await pool.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        guard group.count > 1 else {
                            // Alone: its own transaction, rolled back when it throws.
                            if let error = group[0].run(db, false) { throw error }
                            return .commit
                        }
                        for item in group {
                            let error = item.run(db, true)
                            // An error that ended the whole transaction (SQLite rolls back on some,
                            // such as a full disk): the writes before it are gone too.
                            guard db.isInsideTransaction else {
                                throw error ?? DatabaseError(resultCode: .SQLITE_ABORT, message: "The group's transaction ended")
                            }
                        }
                        return .commit
                    }
                }
            } catch {
                groupError = error
            }
            for item in group { item.finish(groupError) }
        }
    }

    /// A write's result, set on the writer and read after its group has ended (the group's
    /// `await` orders the two).
    private final class Outcome<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}
