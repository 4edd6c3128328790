#if canImport(Glibc)
import Glibc
#endif
import PostgresNIO
import XCTest

@testable import CleanStore

/// What the server does at start-up for its memory (issue 31): malloc's arenas limited, the
/// start-up's code pages let go of, PostgreSQL's pool without a timer per idle connection that
/// outlives its use. What they save is measured by `scripts/measure-rss` and `scripts/bench
/// --postgres`, not here.
final class ServerMemoryTests: XCTestCase {
    func testTheServerLimitsMallocArenasToTwoUnlessTheEnvironmentSays() {
        XCTAssertEqual(MallocArenas.limit(environment: [:]), 2)
        XCTAssertEqual(MallocArenas.limit(environment: ["PATH": "/usr/bin"]), 2)
        XCTAssertNil(MallocArenas.limit(environment: ["MALLOC_ARENA_MAX": "4"]), "glibc reads the operator's own setting")
        XCTAssertNil(MallocArenas.apply(environment: ["MALLOC_ARENA_MAX": "4"]), "Nothing is set over it")
    }

    func testThePostgresPoolKeepsEveryConnectionOpenAndChecksAnIdleOneAfterFiveSeconds() throws {
        // Given: the URL an instance is started with
        let url = "postgres://shop@db.example:5432/orders?sslmode=disable"

        // When: its client's configuration is read from it
        let options = try PostgresAppDatabase.configuration(url: url).options

        // Then: every connection is a minimum connection (PostgresNIO starts no idle-timeout timer
        // for those), as many as before, and the keep-alive timer an idle connection starts is 5 s
        let standard = PostgresPoolTuning.standard
        XCTAssertGreaterThanOrEqual(standard.connections, 4)
        XCTAssertEqual(options.maximumConnections, standard.connections)
        XCTAssertEqual(options.minimumConnections, standard.connections, "no connection above the minimum: no idle timeout timers")
        XCTAssertEqual(options.keepAliveBehavior?.frequency, .seconds(5), "PostgresNIO's default is 30 s")
        XCTAssertEqual(options.keepAliveBehavior?.query.sql, "SELECT 1;")
    }

    func testThePostgresPoolTuningAppliesItsOwnValuesAndNoKeepAliveWhenNoneIsAsked() throws {
        // Given: a pool of 2 connections without keep-alive, and one of silly values
        let none = PostgresPoolTuning(connections: 2, keepAliveSeconds: nil)
        let silly = PostgresPoolTuning(connections: 0, keepAliveSeconds: -3)

        // When: each is applied to the client's configuration
        let options = try PostgresAppDatabase.configuration(url: "postgres://shop@127.0.0.1/orders", tuning: none).options
        let sillyOptions = try PostgresAppDatabase.configuration(url: "postgres://shop@127.0.0.1/orders", tuning: silly).options

        // Then: its values, and the silly ones raised to the least that works
        XCTAssertEqual([options.minimumConnections, options.maximumConnections], [2, 2])
        XCTAssertNil(options.keepAliveBehavior, "no keep-alive query, no keep-alive timer")
        XCTAssertEqual([sillyOptions.minimumConnections, sillyOptions.maximumConnections], [1, 1])
        XCTAssertEqual(sillyOptions.keepAliveBehavior?.frequency, .seconds(1))
    }

    static let smaps = """
        55d0c0000000-55d0c2294000 r-xp 00000000 fd:01 1234                       /usr/bin/cleanstore
        Size:              35408 kB
        Rss:               24300 kB
        Anonymous:             0 kB
        Private_Dirty:         0 kB
        55d0c2295000-55d0c238c000 r--p 02294000 fd:01 1234                       /usr/bin/cleanstore
        Size:               1020 kB
        Anonymous:          1020 kB
        Private_Dirty:      1020 kB
        55d0c238c000-55d0c23c0000 rw-p 0238b000 fd:01 1234                       /usr/bin/cleanstore
        Anonymous:            12 kB
        Private_Dirty:        12 kB
        7f0000000000-7f0000021000 rw-p 00000000 00:00 0
        Anonymous:           132 kB
        7f1000000000-7f1000100000 r--p 00000000 fd:01 99                         /opt/swift/lib/lib_FoundationICU.so
        Anonymous:             0 kB
        Private_Dirty:         0 kB
        7f2000000000-7f2000008000 rw-s 00000000 fd:01 77                         /data/orders.sqlite-shm
        Anonymous:             0 kB
        Private_Dirty:         0 kB
        7ffd00000000-7ffd00002000 r-xp 00000000 00:00 0                          [vdso]
        Anonymous:             0 kB
        Private_Dirty:         0 kB
        7f3000000000-7f3000001000 r--p 00000000 fd:01 55                         /opt/a library/with space.so
        Anonymous:             0 kB
        Private_Dirty:         4 kB
        """

    func testOnlyReadOnlyFileMappingsNoOneWroteAreLetGoOf() {
        let mappings = StartUpPages.mappings(smaps: Self.smaps)
        XCTAssertEqual(mappings.count, 8)
        XCTAssertEqual(mappings[0], .init(start: 0x55d0_c000_0000, end: 0x55d0_c229_4000, permissions: "r-xp", path: "/usr/bin/cleanstore"))
        XCTAssertEqual(mappings[1].anonymousKiB, 1020, "Relocated (RELRO): written once, then made read-only")
        XCTAssertEqual(mappings[7].path, "/opt/a library/with space.so")
        XCTAssertEqual(
            mappings.filter(\.canBeDropped).map(\.path), ["/usr/bin/cleanstore", "/opt/swift/lib/lib_FoundationICU.so"],
            "Not the relocated data, the writable data, anonymous memory, the database's shared memory, the vDSO, nor a page written")
    }

    func testLettingGoOfTheCodePagesLeavesTheProcessRunningTheSame() throws {
        // Given: a computation's answer before, and the files this process maps written back: a
        // binary linked moments ago still has dirty pages in the page cache, which smaps counts as
        // Private_Dirty, and `StartUpPages` rightly leaves such a mapping alone (run straight after
        // a build, this test found nothing to let go of)
        let before = (1...10_000).map { String($0) }.joined().utf8.reduce(0) { ($0 &* 31) &+ Int($1) }
        sync()

        // When: this test process lets go of its own read-only file pages
        let released = StartUpPages.release()

        // Then: some were advised (this process maps its own code), and the code runs on from the file
        XCTAssertGreaterThan(released, 0)
        let after = (1...10_000).map { String($0) }.joined().utf8.reduce(0) { ($0 &* 31) &+ Int($1) }
        XCTAssertEqual(after, before)
    }
}
