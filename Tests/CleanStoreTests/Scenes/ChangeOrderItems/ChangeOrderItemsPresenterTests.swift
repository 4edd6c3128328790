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

    func testAFormWithErrorsGoesToTheOrdersPageAsTypedWithItsErrors() {
        let form = ChangeOrderItems.Form.addLine(.init(sku: "nope", quantity: "0", version: "1"))
        let errors: [ChangeOrderItems.FieldError] = [.init(field: "sku", problem: .unknownSKU("NOPE")), .init(field: "quantity", problem: .quantity)]

        sut.presentChangedItems(response: .invalid(order, form: form, errors: errors))

        guard case .invalid(let orderID, let refused) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(orderID, "2")
        XCTAssertEqual(refused, ShowOrder.GetOrder.RefusedItems(form: form, errors: errors))
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
