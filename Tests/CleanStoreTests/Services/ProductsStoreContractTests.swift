import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every catalog store (memory, SQLite, PostgreSQL): `ProductsStoreProtocol`.
final class ProductsStoreContractTests: TemporaryDirectoryTestCase {
    let now = ProductSeeds.now
    let later = ProductSeeds.now.addingTimeInterval(60)
    let sue = ProductSeeds.sue

    func makeStores() async throws -> [(String, any ProductsStoreProtocol)] {
        try await ProductStores.all(in: directory, for: self)
    }

    func testCreateNormalisesTheSKUKeepsEveryFieldAndRecordsIt() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createProduct(ProductSeeds.mug, by: sue, at: now)
            var expected = ProductSeeds.mug
            expected.id = created.id
            expected.createdBy = sue
            XCTAssertNotNil(created.id, name)
            XCTAssertEqual(created, expected, name)
            XCTAssertEqual(created.sku, "MUG-01", name)
            let byID = try await store.fetchProduct(id: created.id!)
            XCTAssertEqual(byID, expected, name)
            let bySKU = try await store.fetchProduct(sku: "  Mug-01")
            XCTAssertEqual(bySKU, expected, "\(name): found whatever the case and spaces")
            let untracked = try await store.createProduct(ProductSeeds.tea, by: nil, at: now)
            let tea = try await store.fetchProduct(sku: "tea-green")
            XCTAssertEqual(tea, untracked, name)
            XCTAssertNil(tea?.stock, name)
            XCTAssertEqual(tea?.taxable, false, name)
            let history = try await store.fetchHistory(productID: created.id!)
            XCTAssertEqual(history, [ProductEvent(productID: created.id!, kind: .created, by: sue, at: now)], name)
            let none = try await store.fetchProduct(id: 999)
            XCTAssertNil(none, name)
        }
    }

    func testTheSKUIsUniqueRegardlessOfCaseOnCreateAndUpdate() async throws {
        for (name, store) in try await makeStores() {
            let mug = try await store.createProduct(ProductSeeds.mug, by: sue, at: now)
            var again = ProductSeeds.tea
            again.sku = "Mug-01"
            do {
                _ = try await store.createProduct(again, by: sue, at: now)
                XCTFail("\(name): a second MUG-01")
            } catch {
                XCTAssertEqual(error, .skuTaken(existing: mug), name)
            }
            var tea = try await store.createProduct(ProductSeeds.tea, by: sue, at: now)
            tea.sku = "mug-01"
            do {
                _ = try await store.updateProduct(tea, by: sue, at: later)
                XCTFail("\(name): renamed onto MUG-01")
            } catch {
                XCTAssertEqual(error, .skuTaken(existing: mug), name)
            }
            let stored = try await store.fetchProduct(id: tea.id!)
            XCTAssertEqual(stored?.sku, "TEA-GREEN", "\(name): nothing written")
            XCTAssertEqual(stored?.version, 1, name)
        }
    }

    /// Six creates of one SKU at once, in different cases: one product, five refusals.
    func testSixCreatesOfOneSKUAtOnceMakeOneProduct() async throws {
        for (name, store) in try await makeStores() {
            let skus = ["cup-9", "CUP-9", "Cup-9", " cup-9", "cUP-9 ", "CUP-9"]
            let outcomes = await withTaskGroup(of: Result<Product, ProductsStoreError>.self) { group in
                for (index, sku) in skus.enumerated() {
                    group.addTask {
                        let product = Product(sku: sku, name: "Cup \(index)", priceCents: 100, createdAt: ProductSeeds.now)
                        do throws(ProductsStoreError) {
                            return .success(try await store.createProduct(product, by: nil, at: ProductSeeds.now))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let made = outcomes.compactMap { try? $0.get() }
            XCTAssertEqual(made.count, 1, "\(name): \(outcomes)")
            let refusals: [ProductsStoreError] = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            XCTAssertEqual(refusals, Array(repeating: .skuTaken(existing: made[0]), count: 5), name)
            let all = try await store.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 10)
            XCTAssertEqual(all, made, name)
        }
    }

    func testAnUpdateIsVersionCheckedKeepsCommittedStockAndRecordsEachChange() async throws {
        for (name, store) in try await makeStores() {
            let mug = try await store.createProduct(ProductSeeds.mug, by: sue, at: now)
            var edit = mug
            edit.name = "Crème brûlée mug, large"
            edit.priceCents = 1250
            edit.stock = Product.Stock(onHand: 7, committed: 99, allowBackorder: true)
            let saved = try await store.updateProduct(edit, by: nil, at: later)
            XCTAssertEqual(saved.version, 2, name)
            XCTAssertEqual(saved.stock, Product.Stock(onHand: 7, committed: 0, allowBackorder: true), "\(name): committed is a placing's")
            XCTAssertEqual(saved.updatedAt, later, name)
            XCTAssertEqual(saved.createdBy, sue, name)
            let fetched = try await store.fetchProduct(id: mug.id!)
            XCTAssertEqual(fetched, saved, name)
            // The same stale page again: the conflict, with the product as stored, nothing written
            var stale = edit
            stale.priceCents = 1
            do {
                _ = try await store.updateProduct(stale, by: sue, at: later)
                XCTFail("\(name): a stale edit saved")
            } catch {
                XCTAssertEqual(error, .conflict(current: saved), name)
            }
            let history = try await store.fetchHistory(productID: mug.id!)
            XCTAssertEqual(
                history.first,
                ProductEvent(
                    productID: mug.id!, kind: .updated, by: nil, at: later,
                    changes: [
                        OrderChange(field: "Name", old: "Crème brûlée mug", new: "Crème brûlée mug, large"),
                        OrderChange(field: "Price", old: "$12.00", new: "$12.50"),
                        OrderChange(field: "On hand", old: "5", new: "7"),
                        OrderChange(field: "Allow backorder", old: "No", new: "Yes"),
                    ]), name)
            XCTAssertEqual(history.map(\.kind), [.updated, .created], name)
            var ghost = mug
            ghost.id = 999
            do {
                _ = try await store.updateProduct(ghost, by: sue, at: later)
                XCTFail("\(name): updated no product")
            } catch {
                XCTAssertEqual(error, .notFound(id: 999), name)
            }
        }
    }

    func testArchiveAndRestoreAreVersionCheckedAndArchivedProductsAreFoundOnlyWhenAsked() async throws {
        for (name, store) in try await makeStores() {
            let mug = try await store.createProduct(ProductSeeds.mug, by: sue, at: now)
            let tea = try await store.createProduct(ProductSeeds.tea, by: sue, at: now)
            let archived = try await store.setActive(id: mug.id!, active: false, expectedVersion: 1, by: sue, at: later)
            XCTAssertFalse(archived.active, name)
            XCTAssertEqual(archived.version, 2, name)
            let active = try await store.fetchProducts(matching: "", includeArchived: false, after: nil, limit: 10)
            XCTAssertEqual(active, [tea], name)
            let all = try await store.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 10)
            XCTAssertEqual(all, [archived, tea], name)
            do {
                _ = try await store.setActive(id: mug.id!, active: true, expectedVersion: 1, by: sue, at: later)
                XCTFail("\(name): restored from a stale page")
            } catch {
                XCTAssertEqual(error, .conflict(current: archived), name)
            }
            let restored = try await store.setActive(id: mug.id!, active: true, expectedVersion: 2, by: nil, at: later)
            XCTAssertTrue(restored.active, name)
            let history = try await store.fetchHistory(productID: mug.id!)
            XCTAssertEqual(history.map(\.kind), [.restored, .archived, .created], name)
            XCTAssertEqual(history[1].changes, [OrderChange(field: "Status", old: "Active", new: "Archived")], name)
            do {
                _ = try await store.setActive(id: 999, active: false, expectedVersion: 1, by: sue, at: later)
                XCTFail("\(name): archived no product")
            } catch {
                XCTAssertEqual(error, .notFound(id: 999), name)
            }
        }
    }

    func testSearchIgnoresCaseAndAccentsAndPagesGoBySKU() async throws {
        for (name, store) in try await makeStores() {
            let mug = try await store.createProduct(ProductSeeds.mug, by: sue, at: now)
            let tea = try await store.createProduct(ProductSeeds.tea, by: sue, at: now)
            let pot = try await store.createProduct(ProductSeeds.pot, by: sue, at: now)
            for (query, expected) in [
                ("CREME", [mug]), ("brulee mug", [mug]), ("mug-0", [mug]), ("TEA", [pot, tea]), ("tea green", [tea]),
                ("20%", []), ("_", []), ("mug tea", []), ("", [mug, pot, tea]),
            ] {
                let found = try await store.fetchProducts(matching: query, includeArchived: false, after: nil, limit: 10)
                XCTAssertEqual(found, expected, "\(name): \(query)")
            }
            let first = try await store.fetchProducts(matching: "", includeArchived: false, after: nil, limit: 2)
            XCTAssertEqual(first, [mug, pot], name)
            let second = try await store.fetchProducts(matching: "", includeArchived: false, after: "POT-1", limit: 2)
            XCTAssertEqual(second, [tea], name)
            let previous = try await store.fetchProducts(matching: "", includeArchived: false, before: "TEA-GREEN", limit: 1)
            XCTAssertEqual(previous, [pot], name)
            let before = try await store.fetchProducts(matching: "", includeArchived: false, before: "TEA-GREEN", limit: 5)
            XCTAssertEqual(before, [mug, pot], "\(name): sorted by SKU")
        }
    }

    func testAnImportAddsAndUpdatesBySKUAndLeavesAnUnchangedProductAlone() async throws {
        for (name, store) in try await makeStores() {
            let mug = try await store.createProduct(ProductSeeds.mug, by: sue, at: now)
            let tea = try await store.createProduct(ProductSeeds.tea, by: sue, at: now)
            let rows = [
                ProductImportRow(sku: "mug-01", name: "Mug", priceCents: 1300, taxable: true, trackStock: true, onHand: 9),
                ProductImportRow(sku: "TEA-GREEN", name: "Green tea, 20 bags", priceCents: 450, taxable: false, trackStock: false, onHand: 0),
                ProductImportRow(sku: "spoon", name: "Spoon, \"silver\"", priceCents: 99, taxable: true, trackStock: false, onHand: 0),
            ]
            let result = try await store.importProducts(rows, by: sue, at: later)
            XCTAssertEqual(result, ProductImportResult(added: 1, updated: 2), name)
            let updated = try await store.fetchProduct(id: mug.id!)
            XCTAssertEqual(updated?.name, "Mug", name)
            XCTAssertEqual(updated?.priceCents, 1300, name)
            XCTAssertEqual(updated?.stock, Product.Stock(onHand: 9), name)
            XCTAssertEqual(updated?.version, 2, name)
            let unchanged = try await store.fetchProduct(id: tea.id!)
            XCTAssertEqual(unchanged, tea, "\(name): nothing to change, no new version")
            let spoon = try await store.fetchProduct(sku: "SPOON")
            XCTAssertEqual(spoon?.name, "Spoon, \"silver\"", name)
            XCTAssertEqual(spoon?.createdBy, sue, name)
            let mugHistory = try await store.fetchHistory(productID: mug.id!)
            XCTAssertEqual(mugHistory.map(\.kind), [.imported, .created], name)
            XCTAssertEqual(mugHistory.first?.changes.map(\.field), ["Name", "Price", "On hand"], name)
            let teaHistory = try await store.fetchHistory(productID: tea.id!)
            XCTAssertEqual(teaHistory.map(\.kind), [.created], name)
            let spoonHistory = try await store.fetchHistory(productID: spoon!.id!)
            XCTAssertEqual(spoonHistory, [ProductEvent(productID: spoon!.id!, kind: .imported, by: sue, at: later)], name)
        }
    }
}
