import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditProductWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditProductWorker!
    var store: ProductsMemStore!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        store = ProductsMemStore()
        sut = EditProductWorker(products: store, logger: Logger(label: "test"), now: { Seeds.june30 })
    }

    // MARK: Tests

    func testAFilledFormIsTheProductItDescribes() throws {
        let fields = EditProduct.ProductFormFields(
            sku: " mug-02 ", name: "  Big mug ", price: "$1,234.5", taxable: "on", trackStock: "on", onHand: " 12 ", allowBackorder: "on",
            version: "3")
        let product = try sut.product(from: fields, id: 9).get()
        XCTAssertEqual(
            product,
            Product(
                id: 9, sku: "MUG-02", name: "Big mug", priceCents: 123_450, taxable: true, stock: Product.Stock(onHand: 12, allowBackorder: true),
                version: 3, createdAt: Seeds.june30))
    }

    func testStockNotTrackedIgnoresOnHandAndBackorderAndUntickedIsNotTaxed() throws {
        let product = try sut.product(from: .init(sku: "TEA", name: "Tea", price: "12", onHand: "many", allowBackorder: "on"), id: nil).get()
        XCTAssertNil(product.stock)
        XCTAssertFalse(product.taxable)
        XCTAssertEqual(product.priceCents, 1200)
        XCTAssertEqual(product.version, 0, "no version typed is no version")
    }

    func testEachPriceMoneyReadsIsAPriceAndNothingElse() {
        for (typed, cents) in [("12", Int64(1200)), ("12.5", 1250), ("12.50", 1250), ("1,234.50", 123_450), ("$12.50", 1250)] {
            XCTAssertEqual(try sut.product(from: .init(sku: "A", name: "A", price: typed), id: nil).get().priceCents, cents, typed)
        }
        for typed in ["", "12.505", "1,23.00", "-1", "12,50", "twelve", "1e3", "$", "12.5.0"] {
            XCTAssertEqual(
                sut.product(from: .init(sku: "A", name: "A", price: typed), id: nil),
                .failure(.init(problems: [.init(field: .price, message: EditProductWorker.priceMessage)])), typed)
        }
    }

    func testEveryFieldsProblemInTheFormsOrderInTheImportsWords() {
        let name = "Mug 4111 1111 1111 1111"
        let result = sut.product(from: .init(sku: "mug 01", name: name, price: "x", trackStock: "on", onHand: "-1"), id: nil)
        XCTAssertEqual(
            result,
            .failure(
                .init(problems: [
                    .init(field: .sku, message: "The SKU may hold only letters A–Z, digits and - _ . /"),
                    .init(field: .name, message: "The name holds what looks like a card number"),
                    .init(field: .price, message: EditProductWorker.priceMessage),
                    .init(field: .onHand, message: EditProductWorker.onHandMessage),
                ])))
        XCTAssertEqual(
            sut.product(from: .init(name: "Tab\there", price: "1", trackStock: "on", onHand: "10000000"), id: nil),
            .failure(
                .init(problems: [
                    .init(field: .sku, message: "The SKU is missing"),
                    .init(field: .name, message: "The name holds a control character or a line break"),
                    .init(field: .onHand, message: "Enter the count on hand as a whole number from 0 to 9999999"),
                ])))
    }

    func testTheStoreCallsAreTheCatalogsDatedByTheClock() async throws {
        let created = try await sut.createProduct(ProductSeeds.mug, by: ProductSeeds.sue)
        XCTAssertEqual(created.createdAt, Seeds.june30)
        XCTAssertEqual(created.createdBy, ProductSeeds.sue)
        var edit = created
        edit.priceCents = 1300
        let updated = try await sut.updateProduct(edit, by: nil)
        XCTAssertEqual(updated.version, 2)
        let fetched = try await sut.fetchProduct(id: try XCTUnwrap(created.id))
        XCTAssertEqual(fetched, updated)
    }
}
