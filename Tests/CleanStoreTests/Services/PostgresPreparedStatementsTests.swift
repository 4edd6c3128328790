import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `PostgresPreparedStatements`: a statement prepared once per connection under its slot's name,
/// a slot for each text and parameters' types, the unnamed statement once the slots are all given.
final class PostgresPreparedStatementsTests: XCTestCase {
    func testAStatementIsPreparedOnceOnAConnectionAndAnswersEachRunsValues() async throws {
        let url = try await TestPostgres.makeDatabase()
        try await TestPostgres.withClient(url: url) { client in
            try await client.withConnection { connection in
                let logger = TestPostgres.logger
                func doubled(_ value: Int64) async throws -> Int64 {
                    let rows = try await PostgresPreparedStatements.rows(
                        "SELECT \(value) * 2 AS doubled /* PostgresPreparedStatementsTests */", on: connection, logger: logger)
                    return try XCTUnwrap(rows.first).decode(Int64.self)
                }
                let first = try await doubled(21)
                let second = try await doubled(50)
                XCTAssertEqual([first, second], [42, 100])
                var prepared: [(String, String)] = []
                for try await row in try await connection.query(
                    "SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%PostgresPreparedStatementsTests%'",
                    logger: logger
                ).decode((String, String).self) {
                    prepared.append(row)
                }
                // The slots are the process's: when the tests run before this one gave them all, the
                // statement ran unnamed, as every statement did before, and nothing is prepared.
                if let slot = PostgresPreparedStatements.slot(for: "SELECT $1 * 2 AS doubled /* PostgresPreparedStatementsTests */", types: "") {
                    XCTAssertEqual(prepared.map(\.0), ["cleanstore_prepared_\(slot)"], "one statement, prepared once, under its slot's name")
                    XCTAssertEqual(prepared.first?.1, "SELECT $1 * 2 AS doubled /* PostgresPreparedStatementsTests */")
                } else {
                    XCTAssertEqual(prepared.map(\.0), [], "every slot given: run unnamed, nothing prepared")
                }
            }
        }
    }

    func testTheClientsRowsAreTheUnnamedStatementsRows() async throws {
        let url = try await TestPostgres.makeDatabase()
        try await TestPostgres.withClient(url: url) { client in
            let query: PostgresQuery = "SELECT n, n * n FROM generate_series(1, \(3)) AS n ORDER BY n /* client rows */"
            let prepared = try await PostgresPreparedStatements.rows(query, on: client, logger: TestPostgres.logger)
                .map { try $0.decode((Int, Int).self) }
            var unnamed: [(Int, Int)] = []
            for try await row in try await client.query(query, logger: TestPostgres.logger).decode((Int, Int).self) { unnamed.append(row) }
            XCTAssertEqual(prepared.map(\.0), [1, 2, 3])
            XCTAssertEqual(prepared.map(\.1), unnamed.map(\.1))
            XCTAssertEqual(prepared.map(\.1), [1, 4, 9])
        }
    }

    func testANullBesideAValueIsAnotherSlotSoEachIsPreparedWithItsOwnTypes() async throws {
        let url = try await TestPostgres.makeDatabase()
        try await TestPostgres.withClient(url: url) { client in
            let sql = "SELECT coalesce($1, 'none') /* null or text */"
            func run(_ values: [OrderColumns.Value]) async throws -> String {
                var binds = PostgresBindings()
                try PostgresValues.append(values, to: &binds)
                let rows = try await PostgresPreparedStatements.rows(
                    PostgresQuery(unsafeSQL: sql, binds: binds), types: PostgresPreparedStatements.types(of: values), on: client,
                    logger: TestPostgres.logger)
                return try XCTUnwrap(rows.first).decode(String.self)
            }
            let nothing = try await run([.null])
            let text = try await run([.text("grace")])
            XCTAssertEqual([nothing, text], ["none", "grace"])
            // Each key its own slot, unless the tests before this one gave them all.
            let slots = (PostgresPreparedStatements.slot(for: sql, types: "n"), PostgresPreparedStatements.slot(for: sql, types: "t"))
            if slots.0 != nil || slots.1 != nil { XCTAssertNotEqual(slots.0, slots.1) }
        }
    }

    func testTypesNameEachValuesKindInOrder() {
        XCTAssertEqual(
            PostgresPreparedStatements.types(of: [
                .text("a"), .integer(1), .decimal(1), .bytes(Data()), .real(1), .bool(true), .money(cents: 1), .null,
            ]), "tidbromn")
        XCTAssertEqual(PostgresPreparedStatements.types(of: []), "")
    }

    func testASlotKeepsItsTextAndNoneIsGivenPastTheCapacity() {
        var registry = PostgresPreparedStatements.Registry()
        XCTAssertEqual(registry.slot(for: "SELECT 1", types: "", capacity: 2), 0)
        XCTAssertEqual(registry.slot(for: "SELECT $1", types: "t", capacity: 2), 1)
        XCTAssertEqual(registry.slot(for: "SELECT 1", types: "", capacity: 2), 0, "the same text and types: the same slot")
        XCTAssertEqual(registry.slot(for: "SELECT 1", types: "", capacity: 2), 0)
        XCTAssertNil(registry.slot(for: "SELECT $1", types: "i", capacity: 2), "another types' key past the capacity: none")
        XCTAssertNil(registry.slot(for: "SELECT 2", types: "", capacity: 2))
        XCTAssertEqual(registry.texts, ["SELECT 1", "SELECT $1"])
        XCTAssertEqual(PostgresPreparedStatements.capacity, 128)
    }
}
