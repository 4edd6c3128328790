import XCTest

@testable import CleanStore

final class ShowOrderPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowOrderPresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
    }

    // MARK: Test doubles

    final class ShowOrderDisplayLogicSpy: ShowOrderDisplayLogic {
        var displayOrderCalled = false
        var viewModel: ShowOrder.GetOrder.ViewModel!

        func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel) {
            displayOrderCalled = true
            self.viewModel = viewModel
        }
    }

    // MARK: Tests

    func testPresentOrderShouldFormatTheOrderForDisplay() throws {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentOrder(response: ShowOrder.GetOrder.Response(order: Seeds.Orders.bob))

        // Then
        XCTAssert(spy.displayOrderCalled, "Presenting an order should ask the view controller to display it")
        let displayedOrder = try XCTUnwrap(spy.viewModel.displayedOrder)
        XCTAssertEqual(displayedOrder.id, "2")
        XCTAssertEqual(displayedOrder.date, "6/30/07")
        XCTAssertEqual(displayedOrder.email, "bob.battery@clean-swift.com")
        XCTAssertEqual(displayedOrder.name, "Bob Battery")
        XCTAssertEqual(displayedOrder.total, "$9.99")
        XCTAssertEqual(displayedOrder.phone, "222-222-2222")
        XCTAssertEqual(displayedOrder.shipmentAddress, ["3 Ship Street", "Boston, MA 02108-1234"])
        XCTAssertEqual(displayedOrder.shipmentMethod, "Two-Day Shipping")
        XCTAssertEqual(displayedOrder.billingAddress, ["2 Bob Road", "Apt 2", "Bobsville, NY 10001"])
        XCTAssertEqual(displayedOrder.cardNumber, "•••• 4444", "The card number is masked to its last four digits")
        XCTAssertEqual(displayedOrder.expirationDate, "12/30")
    }

    func testPresentOrderShouldDisplayNoOrderWhenThereIsNone() {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentOrder(response: ShowOrder.GetOrder.Response(order: nil))

        // Then
        XCTAssert(spy.displayOrderCalled)
        XCTAssertNil(spy.viewModel.displayedOrder)
        XCTAssertNil(spy.viewModel.errorMessage)
    }

    func testPresentOrderShouldExplainAStoreFailure() {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentOrder(response: ShowOrder.GetOrder.Response(order: nil, error: .cannotFetch("x")))

        // Then
        XCTAssertEqual(spy.viewModel.errorMessage, "The order could not be loaded. Try again in a moment.")
    }
}
