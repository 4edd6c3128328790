import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `cleanstore tax-rates import FILE`, the real executable, on SQLite and PostgreSQL.
final class TaxRatesProcessTests: ProcessTestCase {
    func makeDatabases() async throws -> [(String, String)] {
        [("SQLite", databasePath), ("PostgreSQL", try await TestPostgres.makeDatabase())]
    }

    func importFile(_ text: String, database: String) throws -> (status: Int32, output: String) {
        let file = directory.appendingPathComponent("rates-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: file)
        return try runCleanStore(["tax-rates", "import", file.path, "--database", database])
    }

    func storedRates(database: String) async throws -> [TaxRate] {
        let opened = try OrdersDatabase.open(
            database, cardKeys: CardKeySettings(keyFile: nil, keyBase64: TestCardKeys.base64, previousKeyFiles: []),
            logger: TestStores.silentLogger)
        return try await opened.use { try await opened.taxRates.fetchRates() }
    }

    func testTheSampleTableIsImportedThenReplacedByPlace() async throws {
        let sample = try String(contentsOf: Repository.root.appendingPathComponent("deploy/sample-tax-rates.csv"), encoding: .utf8)
        for (name, database) in try await makeDatabases() {
            // When: the sample is imported
            let first = try runCleanStore(["tax-rates", "import", "deploy/sample-tax-rates.csv", "--database", database])

            // Then
            XCTAssertEqual(first.status, 0, "\(name): \(first.output)")
            XCTAssert(first.output.contains("12 tax rates: 12 added, 0 updated"), "\(name): \(first.output)")
            let stored = try await storedRates(database: database)
            XCTAssertEqual(stored.count, 12, name)
            let nyc = try XCTUnwrap(stored.first { $0.region == "NY" && $0.postalPrefix == "100" }, name)
            XCTAssertEqual(nyc.ratePPM, 88_750, "\(name): 8.875 exactly")

            // When: the same file again, then one changing NYC's rate and adding Florida's
            let again = try importFile(sample, database: database)
            XCTAssert(again.output.contains("12 tax rates: 0 added, 0 updated"), "\(name): \(again.output)")
            let changed = try importFile(
                "region,postal_prefix,rate,collect,shipping_taxable,effective_from\nNY,100,8.9,true,true,2020-01-01\nFL,,6,true,true,2020-01-01\n",
                database: database)

            // Then
            XCTAssertEqual(changed.status, 0, "\(name): \(changed.output)")
            XCTAssert(changed.output.contains("2 tax rates: 1 added, 1 updated"), "\(name): \(changed.output)")
            let after = try await storedRates(database: database)
            XCTAssertEqual(after.count, 13, name)
            let replaced = try XCTUnwrap(after.first { $0.id == nyc.id }, name)
            XCTAssertEqual(replaced.ratePPM, 89_000, name)
            XCTAssertEqual(replaced.version, 2, name)
        }
    }

    func testAFileWithBadRowsChangesNothingAndNamesEveryLine() async throws {
        for (name, database) in try await makeDatabases() {
            let bad = try importFile(
                """
                region,postal_prefix,rate,collect,shipping_taxable,effective_from
                NY,,4,true,true,2020-01-01
                NJ,,6.625%,true,maybe,2020-01-01
                TX,,6.25,true,true,2020-01-01
                ZZ,,6.25,true,true,2020-01-01

                """, database: database)
            XCTAssertNotEqual(bad.status, 0, "\(name): \(bad.output)")
            XCTAssert(bad.output.contains("was not imported (nothing changed): 2 bad line(s)"), "\(name): \(bad.output)")
            XCTAssert(bad.output.contains("line 3: shipping_taxable \"maybe\" is not true or false"), "\(name): \(bad.output)")
            XCTAssert(bad.output.contains("line 5: region \"ZZ\" is not the two capital letters of a US state or territory"), "\(name): \(bad.output)")
            XCTAssertFalse(bad.output.contains("line 2"), "\(name): \(bad.output)")
            let stored = try await storedRates(database: database)
            XCTAssertEqual(stored, [], name)

            let header = try importFile("region,postal_prefix,rate\nNY,,4\n", database: database)
            XCTAssertNotEqual(header.status, 0, name)
            XCTAssert(header.output.contains("line 1: the first line must be exactly"), "\(name): \(header.output)")

            let missing = try runCleanStore(["tax-rates", "import", directory.appendingPathComponent("none.csv").path, "--database", database])
            XCTAssertNotEqual(missing.status, 0, name)
            XCTAssert(missing.output.contains("Cannot read"), "\(name): \(missing.output)")
        }
    }

    func testMemoryIsRefused() throws {
        let run = try runCleanStore(["tax-rates", "import", "deploy/sample-tax-rates.csv", "--database", ":memory:"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssert(run.output.contains("would be forgotten at once"), run.output)
    }
}
