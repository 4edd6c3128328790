import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderItemsPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderItemsPresenter!
    var spy: ChangeOrderItemsDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = ChangeOrderItemsPresenter()
        spy = ChangeOrderItemsDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ChangeOrderItemsDisplayLogicSpy: ChangeOrderItemsDisplayLogic {
        var viewModel: ChangeOrderItems.ChangeItems.ViewModel?

        func displayChangedItems(viewModel: ChangeOrderItems.ChangeItems.ViewModel) {
            self.viewModel = viewModel
        }
    }

    var order: Order {
        var order = GoodsSeeds.order
        order.id = "2"
        return order
    }

    // MARK: Tests

    func testSavedItemsGoBackToTheOrderSayingTheTaxRecomputed() {
        sut.presentChangedItems(response: .changed(order))
        guard case .changed(let id, let flash) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(id, "2")
        XCTAssertEqual(flash, "Items saved; tax re-computed: $7.32")
    }

    func testAStalePageAndARefusalAre409PagesSayingWhy() {
        sut.presentChangedItems(response: .conflict(current: order))
        guard case .refused(.itemsChangedMeanwhile(orderID: "2")) = spy.viewModel else { return XCTFail() }
        sut.presentChangedItems(response: .refused(current: order, reason: "No tax rate for OR — ask a supervisor"))
        guard case .refused(.itemsRefused(orderID: "2", reason: "No tax rate for OR — ask a supervisor")) = spy.viewModel else {
            return XCTFail()
        }
        let page = ErrorPage.viewModel(for: .conflict, reason: .itemsRefused(orderID: "2", reason: "No tax rate for OR — ask a supervisor"))
        XCTAssertEqual(page.message, "No tax rate for OR — ask a supervisor. Nothing was changed.")
        XCTAssertEqual(page.orderURL, "/orders/2")
    }

    func testAnAddedLineWithErrorsComesBackAsTypedEachFieldWithItsMessage() throws {
        sut.presentChangedItems(
            response: .invalid(
                order, form: .addLine(.init(sku: "nope\u{0007}", quantity: "0", version: "1")),
                errors: [.init(field: "sku", problem: .unknownSKU("NOPE")), .init(field: "quantity", problem: .quantity)]))
        guard case .invalid(let form) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(form.title, "Error: Add an item to order 2")
        XCTAssertEqual(form.action, "/orders/2/lines")
        XCTAssertEqual(form.submitLabel, "Add item")
        XCTAssertEqual(form.version, "1")
        XCTAssertEqual(form.errors.map(\.field), ["sku", "quantity"])
        let addLine = try XCTUnwrap(form.addLine)
        XCTAssertEqual(addLine.sku.value, "nope\u{FFFD}", "A control character is shown as �")
        XCTAssertEqual(addLine.sku.errorMessage, "No product has the SKU NOPE: check it in the catalog")
        XCTAssertEqual(addLine.quantity.errorMessage, "Enter a quantity from 1 to 9,999")
    }

    func testQuantitiesComeBackForEveryLineTheTypedOnesAsTyped() throws {
        sut.presentChangedItems(
            response: .invalid(
                order, form: .quantities(.init(line: ["l1": .init(quantity: "0")], version: "1")),
                errors: [.init(field: "line-l1-quantity", problem: .quantity)]))
        guard case .invalid(let form) = spy.viewModel else { return XCTFail() }
        let boxes = try XCTUnwrap(form.quantities)
        XCTAssertEqual(boxes.map(\.name), ["line[l1][quantity]", "line[l2][quantity]"])
        XCTAssertEqual(boxes.map(\.value), ["0", "1"])
        XCTAssertEqual(boxes.map(\.errorMessage), ["Enter a quantity from 1 to 9,999", nil])
        XCTAssertEqual(boxes[0].label, "Quantity of WID-1 Blue widget")
        XCTAssertEqual(boxes[0].describedBy, "line-l1-quantity-error")
    }

    func testAPriceComesBackWithItsLineAndCatalogPrice() throws {
        sut.presentChangedItems(
            response: .invalid(
                order, form: .price(key: "l2", .init(price: "x", reason: "Damaged", version: "1")),
                errors: [.init(field: "price", problem: .price)]))
        guard case .invalid(let form) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(form.heading, "Change the price of GAD-2 on order 2")
        XCTAssertEqual(form.action, "/orders/2/lines/l2/price")
        let price = try XCTUnwrap(form.price)
        XCTAssertEqual(price.line, "GAD-2 Gadget & case, catalog price $49.99")
        XCTAssertEqual(price.price.value, "x")
        XCTAssertEqual(price.reason.value, "Damaged")
        XCTAssertNil(price.reason.errorMessage)
    }

    func testEveryReasonProblemHasItsOwnWords() {
        let problems: [FreeTextRule.Problem] = [.missing, .tooLong(maximum: 200), .controlCharacters, .looksLikeCardNumber, .invisibleCharacters]
        let messages = problems.map { ChangeOrderItemsPresenter.message(for: .reason($0)) }
        XCTAssertEqual(Set(messages).count, problems.count)
        XCTAssertEqual(messages[1], "Reason must be 200 characters or fewer")
    }

    func testNotFoundAndUnavailable() {
        sut.presentChangedItems(response: .notFound)
        guard case .notFound = spy.viewModel else { return XCTFail() }
        sut.presentChangedItems(response: .storeUnavailable)
        guard case .unavailable = spy.viewModel else { return XCTFail() }
    }
}
