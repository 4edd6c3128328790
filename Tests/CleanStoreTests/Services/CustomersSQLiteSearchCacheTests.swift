import Foundation
import XCTest

@testable import CleanStore

/// Which customer searches the SQLite store runs as cached statements: a connection's cache is
/// never emptied, so only SQL of a bounded number of shapes goes in it (docs/NOTES.md, GRDB).
final class CustomersSQLiteSearchCacheTests: XCTestCase {
    func testPhonesAndSearchesOfAFewWordsAreCachedLongerSearchesAreNot() {
        XCTAssertTrue(CustomersSQLiteStore.search("(415) 555-0100").cached, "a phone: one shape per number of digits")
        XCTAssertTrue(CustomersSQLiteStore.search("").cached, "everyone")
        XCTAssertTrue(CustomersSQLiteStore.search("Jane").cached)
        XCTAssertTrue(CustomersSQLiteStore.search("jane doe main").cached)
        let four = CustomersSQLiteStore.search("jane doe main street")
        XCTAssertFalse(four.cached, "four words: up to 81 shapes of them")
        XCTAssertEqual(four.arguments.count, 4, "the same search, only not cached")
    }
}
