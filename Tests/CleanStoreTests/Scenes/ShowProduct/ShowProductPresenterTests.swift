import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowProductPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowProductPresenter!
    var spy: ShowProductDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowProductPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = ShowProductDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ShowProductDisplayLogicSpy: ShowProductDisplayLogic {
        var viewModels: [ShowProduct.GetProduct.ViewModel] = []

        func displayProduct(viewModel: ShowProduct.GetProduct.ViewModel) {
            viewModels.append(viewModel)
        }
    }

    // MARK: Tests

    func testPresentProductShouldShowItsDetailsStockAndHistory() throws {
        // Given
        var mug = ProductSeeds.mug
        mug.stock = Product.Stock(onHand: 5, committed: 2, allowBackorder: true)
        mug.active = false
        let history = [
            ProductEvent(
                productID: 1, kind: .updated, by: ProductSeeds.sue, at: ProductSeeds.now,
                changes: [OrderChange(field: "Price", old: "$12.00", new: "$12.50"), OrderChange(field: "On hand", old: "", new: "5")]),
            ProductEvent(productID: 1, kind: .imported, by: nil, at: ProductSeeds.now),
        ]

        // When
        sut.presentProduct(response: .found(mug, history: history))

        // Then
        guard case .product(let product) = spy.viewModels.first else { return XCTFail("\(spy.viewModels)") }
        XCTAssertEqual(product.title, "Crème brûlée mug (MUG-01)")
        XCTAssertEqual([product.sku, product.price, product.taxable, product.status], ["MUG-01", "$12.00", "Yes", "Archived"])
        XCTAssertEqual(
            [product.stock?.onHand, product.stock?.committed, product.stock?.available, product.stock?.backorder], ["5", "2", "3", "Allowed"])
        XCTAssertNil(product.stockNotTracked)
        XCTAssertEqual(product.events.map(\.title), ["Edited", "Imported from a CSV file"])
        XCTAssertEqual(product.events.map(\.by), ["Sue Super (sue)", "The command line"])
        XCTAssertEqual(product.events.first?.date, "14 November 2023 at 10:13pm")
        XCTAssertEqual(
            product.events.first?.changes,
            [.init(field: "Price", old: "$12.00", new: "$12.50"), .init(field: "On hand", old: "(none)", new: "5")])
    }

    func testPresentProductShouldSayAStockThatIsNotTracked() throws {
        // When
        sut.presentProduct(response: .found(ProductSeeds.tea, history: []))

        // Then
        guard case .product(let product) = spy.viewModels.first else { return XCTFail("\(spy.viewModels)") }
        XCTAssertNil(product.stock)
        XCTAssertEqual(product.stockNotTracked, "Not tracked: any quantity may be ordered.")
        XCTAssertNil(product.status)
        XCTAssertEqual(product.taxable, "No")
    }

    func testASupervisorIsOfferedToChangeAndToArchiveOrRestoreAtTheShownVersion() throws {
        var mug = ProductSeeds.mug
        mug.id = 4
        mug.version = 3
        sut.presentProduct(response: .found(mug, history: [], mayChange: true))
        guard case .product(let onSale) = spy.viewModels.last else { return XCTFail("\(spy.viewModels)") }
        XCTAssertEqual(onSale.changeURL, "/products/4/edit")
        XCTAssertEqual(onSale.activeForm?.action, "/products/4/archive")
        XCTAssertEqual(onSale.activeForm?.button, "Archive")
        XCTAssertEqual(onSale.activeForm?.version, "3")
        mug.active = false
        sut.presentProduct(response: .found(mug, history: [], mayChange: true))
        guard case .product(let archived) = spy.viewModels.last else { return XCTFail("\(spy.viewModels)") }
        XCTAssertEqual(archived.activeForm?.action, "/products/4/restore")
        XCTAssertEqual(archived.activeForm?.button, "Restore")
        sut.presentProduct(response: .found(mug, history: [], mayChange: false))
        guard case .product(let readOnly) = spy.viewModels.last else { return XCTFail("\(spy.viewModels)") }
        XCTAssertNil(readOnly.changeURL)
        XCTAssertNil(readOnly.activeForm)
    }

    func testPresentProductShouldPassNotFoundAndUnavailableOn() {
        // When
        sut.presentProduct(response: .notFound)
        sut.presentProduct(response: .unavailable)

        // Then
        XCTAssertEqual(spy.viewModels.map { "\($0)" }, ["notFound", "unavailable"])
    }
}
