import XCTest

@testable import CleanStore

/// `PostgresValues.placeholders`: the numbered parameters every PostgreSQL store lists for its binds.
final class PostgresValuesTests: XCTestCase {
    func testPlaceholdersAreNumberedFromOneOrFromWhereTheStatementSays() {
        XCTAssertEqual(PostgresValues.placeholders(3), "$1, $2, $3")
        XCTAssertEqual(PostgresValues.placeholders(2, from: 2), "$2, $3", "After an id bound as $1")
        XCTAssertEqual(PostgresValues.placeholders(1), "$1")
        XCTAssertEqual(PostgresValues.placeholders(0), "", "No binds, no placeholders")
    }
}
