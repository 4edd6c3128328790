#if canImport(Glibc)
import Glibc
#endif
import XCTest

@testable import CleanStore

/// What the server does at start-up for its memory (issue 31): malloc's arenas limited, the
/// start-up's code pages let go of. What they save is measured by `scripts/measure-rss`, not here.
final class ServerMemoryTests: XCTestCase {
    func testTheServerLimitsMallocArenasToTwoUnlessTheEnvironmentSays() {
        XCTAssertEqual(MallocArenas.limit(environment: [:]), 2)
        XCTAssertEqual(MallocArenas.limit(environment: ["PATH": "/usr/bin"]), 2)
        XCTAssertNil(MallocArenas.limit(environment: ["MALLOC_ARENA_MAX": "4"]), "glibc reads the operator's own setting")
        XCTAssertNil(MallocArenas.apply(environment: ["MALLOC_ARENA_MAX": "4"]), "Nothing is set over it")
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
