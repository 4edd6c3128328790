import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `cleanstore products import`, the real executable, on SQLite and PostgreSQL.
final class ProductsImportProcessTests: ProcessTestCase {
    func makeDatabases() async throws -> [(String, String)] {
        [("SQLite", databasePath), ("PostgreSQL", try await TestPostgres.makeDatabase())]
    }

    func importFile(_ path: String, database: String) throws -> (status: Int32, output: String) {
        try runCleanStore(["products", "import", path, "--database", database])
    }

    func file(_ text: String) throws -> String {
        let path = directory.appendingPathComponent("catalog-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The catalog as stored, read after the command has closed the database.
    func products(in database: String) async throws -> [Product] {
        if database.hasPrefix("postgres") {
            let store = try await TestPostgres.openStore(url: database, for: self)
            return try await ProductsPostgresStore(database: store.database).fetchProducts(
                matching: "", includeArchived: true, after: nil, limit: 100)
        }
        let store = try OrdersSQLiteStore(path: database)
        defer { try? store.close() }
        return try await ProductsSQLiteStore(database: store.database).fetchProducts(
            matching: "", includeArchived: true, after: nil, limit: 100)
    }

    func testTheSampleCatalogImportsThenAFileUpdatesBySKUAndABadFileIsRefusedWhole() async throws {
        let sample = Repository.root.appendingPathComponent("deploy/sample-catalog.csv").path
        let update = try file(
            #"""
            sku,name,price,taxable,track_stock,on_hand
            mug-blue,"Ceramic mug, blue, 12 oz",13.00,true,true,30
            SPOON-SILVER,"Tea spoon, ""silver""",3.50,true,false,

            """#)
        let bad = try file(
            """
            sku,name,price,taxable,track_stock,on_hand
            MUG-BLUE,Mug,12.505,true,true,5
            SAUCER,Saucer,2.00,perhaps,true,1
            SAUCER,Saucer again,2.00,true,true,-1
            NEW-ONE,Fine,1.00,true,false,

            """)
        for (name, database) in try await makeDatabases() {
            let first = try importFile(sample, database: database)
            XCTAssertEqual(first.status, 0, "\(name): \(first.output)")
            XCTAssert(first.output.contains("12 products: 12 added, 0 updated"), "\(name): \(first.output)")

            let second = try importFile(update, database: database)
            XCTAssertEqual(second.status, 0, "\(name): \(second.output)")
            XCTAssert(second.output.contains("2 products: 1 added, 1 updated"), "\(name): \(second.output)")

            let refused = try importFile(bad, database: database)
            XCTAssertNotEqual(refused.status, 0, "\(name): \(refused.output)")
            for line in [
                "line 2: the price \"12.505\" is not an amount like 12.50 or 1,234.50",
                "line 3: taxable \"perhaps\" is not true or false",
                "line 4: on_hand \"-1\" is not a whole number from 0 to 9999999",
            ] {
                XCTAssert(refused.output.contains(line), "\(name): \(line) in \(refused.output)")
            }

            let stored = try await products(in: database)
            XCTAssertEqual(stored.count, 13, "\(name): the sample and the spoon; nothing of the refused file")
            let mug = stored.first { $0.sku == "MUG-BLUE" }
            XCTAssertEqual(mug?.priceCents, 1300, name)
            XCTAssertEqual(mug?.stock?.onHand, 30, name)
            XCTAssertEqual(stored.first { $0.sku == "SPOON-SILVER" }?.name, "Tea spoon, \"silver\"", name)
            XCTAssertNil(stored.first { $0.sku == "NEW-ONE" }, name)
            XCTAssertEqual(stored.filter { !$0.taxable }.map(\.sku), ["GIFT-CARD-25", "HONEY-350", "TEA-EARL", "TEA-GREEN"], name)
        }
    }

    func testAWrongHeaderAndAMissingFileAreRefused() async throws {
        let header = try file("sku,name,price\nA,a,1\n")
        let wrong = try importFile(header, database: databasePath)
        XCTAssertNotEqual(wrong.status, 0, wrong.output)
        XCTAssert(wrong.output.contains("line 1: the header must be exactly sku,name,price,taxable,track_stock,on_hand"), wrong.output)
        let missing = try importFile(directory.appendingPathComponent("none.csv").path, database: databasePath)
        XCTAssertNotEqual(missing.status, 0, missing.output)
        XCTAssert(missing.output.contains("Cannot read"), missing.output)
    }
}
