import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The item forms' rules: what each form asks of a new order, read as typed, or its field errors.
final class ChangeOrderItemsWorkerTests: XCTestCase {
    /// A catalog of the given products, found by SKU as the stores find them; `failing` throws.
    struct CatalogStub: CatalogLookup {
        struct Unreadable: Error {}
        var products: [Product] = [GoodsSeeds.widget, GoodsSeeds.gadget, GoodsSeeds.book]
        var failing = false

        func product(sku: String) async throws -> Product? {
            if failing { throw Unreadable() }
            return products.first { $0.sku == Product.normalizedSKU(sku) }
        }

        /// The item forms never search (the draft page does).
        func products(matching text: String, limit: Int) async throws -> [Product] { throw Unreadable() }
    }

    // MARK: Subject under test

    var sut: ChangeOrderItemsWorker!
    let order = GoodsSeeds.order

    override func setUp() {
        super.setUp()
        sut = ChangeOrderItemsWorker(catalog: CatalogStub())
    }

    // MARK: Add a line

    func testALineBySKUIsTheCatalogsProductAtItsPrice() async throws {
        let checked = try await sut.check(.addLine(.init(sku: " bk-3 ", quantity: " 2 ", version: "1")), on: order)
        XCTAssertEqual(
            checked,
            .valid(.addLine(OrderLine(key: "", productID: 3, sku: "BK-3", name: "Handbook", catalogPriceCents: 2_000, quantity: 2, taxable: false))))
    }

    func testAMissingUnknownOrArchivedSKUAndABadQuantityAreFieldErrors() async throws {
        let missing = try await sut.check(.addLine(.init(sku: " ", quantity: "x")), on: order)
        XCTAssertEqual(missing, .invalid([.init(field: "sku", problem: .skuMissing), .init(field: "quantity", problem: .quantity)]))
        let unknown = try await sut.check(.addLine(.init(sku: "nope-9", quantity: "1")), on: order)
        XCTAssertEqual(unknown, .invalid([.init(field: "sku", problem: .unknownSKU("NOPE-9"))]))
        var archived = GoodsSeeds.book
        archived.active = false
        sut = ChangeOrderItemsWorker(catalog: CatalogStub(products: [archived]))
        let refused = try await sut.check(.addLine(.init(sku: "BK-3", quantity: "1")), on: order)
        XCTAssertEqual(refused, .invalid([.init(field: "sku", problem: .archived("BK-3"))]))
    }

    func testAQuantityAddedToALineAlreadyThereStaysWithinRange() async throws {
        // Line l1 holds 3 × WID-1 at the catalog's price: 9,997 more would be 10,000.
        let checked = try await sut.check(.addLine(.init(sku: "WID-1", quantity: "9997")), on: order)
        XCTAssertEqual(checked, .invalid([.init(field: "quantity", problem: .quantity)]))
    }

    func testTheHundredAndFirstLineIsRefused() async throws {
        var full = order
        full.lines = (1...OrderLine.mostLines).map {
            GoodsSeeds.line(GoodsSeeds.widget, number: $0, quantity: 1, priceCents: Int64($0), reason: "r")
        }
        let checked = try await sut.check(.addLine(.init(sku: "BK-3", quantity: "1")), on: full)
        XCTAssertEqual(checked, .invalid([.init(field: "sku", problem: .tooManyLines)]))
    }

    func testACatalogThatCannotBeReadThrows() async {
        sut = ChangeOrderItemsWorker(catalog: CatalogStub(failing: true))
        do {
            _ = try await sut.check(.addLine(.init(sku: "BK-3", quantity: "1")), on: order)
            XCTFail("Expected the catalog's failure")
        } catch {
            XCTAssert(error is CatalogStub.Unreadable)
        }
    }

    // MARK: Quantities

    func testQuantitiesByLineKeyEachBoxItsOwnError() async throws {
        let valid = try await sut.check(.quantities(.init(line: ["l1": .init(quantity: "5"), "l2": .init(quantity: "2")])), on: order)
        XCTAssertEqual(valid, .valid(.quantities(["l1": 5, "l2": 2])))
        let invalid = try await sut.check(
            .quantities(.init(line: ["l1": .init(quantity: "0"), "l2": .init(quantity: "1.5")])), on: order)
        XCTAssertEqual(
            invalid, .invalid([.init(field: "line-l1-quantity", problem: .quantity), .init(field: "line-l2-quantity", problem: .quantity)]))
    }

    func testAQuantityIsDigitsFromOneTo9999() {
        for typed in ["1", " 42 ", "9999"] { XCTAssertNotNil(ChangeOrderItemsWorker.quantity(typed), typed) }
        for typed in ["", "0", "10000", "-1", "+3", "1e3", "٣", "3.0"] { XCTAssertNil(ChangeOrderItemsWorker.quantity(typed), typed) }
    }

    // MARK: Remove

    func testARemoveNamesItsLine() async throws {
        let checked = try await sut.check(.remove(key: "l2", .init(version: "1")), on: order)
        XCTAssertEqual(checked, .valid(.removeLine(key: "l2")))
    }

    // MARK: Price

    func testATypedPriceKeepsItsReasonAndTheCatalogsPriceNeedsNone() async throws {
        let typed = try await sut.check(.price(key: "l1", .init(price: "$1,000.5", reason: "  Loyal customer ")), on: order)
        XCTAssertEqual(typed, .valid(.price(key: "l1", cents: 100_050, reason: "Loyal customer")))
        let back = try await sut.check(.price(key: "l2", .init(price: "49.99", reason: "")), on: order)
        XCTAssertEqual(back, .valid(.price(key: "l2", cents: 4_999, reason: nil)), "Back to the catalog's price: no reason")
    }

    func testAPriceIsMoneyAsAClerkTypesItAndItsReasonFollowsTheFreeTextRule() async throws {
        let checked = try await sut.check(.price(key: "l1", .init(price: "12.505", reason: "pay 4111 1111 1111 1111")), on: order)
        XCTAssertEqual(
            checked, .invalid([.init(field: "price", problem: .price), .init(field: "reason", problem: .reason(.looksLikeCardNumber))]))
        let hidden = try await sut.check(.price(key: "l1", .init(price: "10", reason: "Loyal\u{202E}")), on: order)
        XCTAssertEqual(hidden, .invalid([.init(field: "reason", problem: .reason(.invisibleCharacters))]))
    }
}
