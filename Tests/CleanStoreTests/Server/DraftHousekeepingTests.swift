import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `DraftHousekeeping` over a memory drafts store, its rounds driven by the test: each wait moves
/// the clock a day instead of sleeping.
final class DraftHousekeepingTests: XCTestCase {
    func testEachRoundRemovesTheDraftsUnchangedForTheGivenDays() async throws {
        // Given: drafts last changed 13½ and 12 days before the start; 14 days kept
        let drafts = DraftsMemStore(database: MemoryAppDatabase())
        let start = Seeds.june30
        let day: TimeInterval = 24 * 60 * 60
        let older = try await drafts.createDraft(by: nil, at: start.addingTimeInterval(-13.5 * day))
        let newer = try await drafts.createDraft(by: nil, at: start.addingTimeInterval(-12 * day))
        let clock = TestClock(start)
        let left = Left()
        let logs = LogCapture()
        let housekeeping = DraftHousekeeping(
            drafts: drafts, days: 14, now: { clock.now }, interval: .seconds(Int64(day)), logger: logs.logger(),
            sleep: { interval in
                // After each round, the drafts left; three rounds, a day apart.
                if left.rounds > 0 || clock.now > start {
                    left.note(try await drafts.fetchDrafts(mineFirst: nil, limit: 10).map(\.ref))
                }
                guard left.rounds < 3 else { throw CancellationError() }
                clock.advance(by: Double(interval.components.seconds))
            })

        // When
        try await housekeeping.run()

        // Then: a day on, the older is 14½ days old; two days on, the newer is 14 days old to the
        // second (kept); three days on, it is gone too
        XCTAssertEqual(left.refs, [[newer.ref], [newer.ref], []])
        XCTAssertNotEqual(older.ref, newer.ref)
        XCTAssert(logs.text.contains("Removed old drafts"), logs.text)
    }
}

/// The drafts left after each round.
private final class Left: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [[String]] = []

    var rounds: Int { lock.withLock { kept.count } }
    var refs: [[String]] { lock.withLock { kept } }
    func note(_ refs: [String]) { lock.withLock { kept.append(refs) } }
}
