import XCTest

@testable import CleanStore

final class DeleteOrderPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderPresenter!
    var spy: DeleteOrderDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = DeleteOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = DeleteOrderDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class DeleteOrderDisplayLogicSpy: DeleteOrderDisplayLogic {
        var orderToDeleteViewModel: DeleteOrder.GetOrderToDelete.ViewModel?
        var deletedOrderViewModel: DeleteOrder.DeleteOrder.ViewModel?

        func displayOrderToDelete(viewModel: DeleteOrder.GetOrderToDelete.ViewModel) { orderToDeleteViewModel = viewModel }
        func displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel) { deletedOrderViewModel = viewModel }
    }

    // MARK: Tests

    func testPresentOrderToDeleteShouldFormatWhatWillBeDeleted() {
        sut.presentOrderToDelete(response: DeleteOrder.GetOrderToDelete.Response(order: Seeds.Orders.bob))
        XCTAssertEqual(
            spy.orderToDeleteViewModel?.displayedOrder,
            .init(id: "2", date: "6/30/07", name: "Bob Battery", email: "bob.battery@clean-swift.com", total: "$9.99"))
    }

    func testPresentOrderToDeleteShouldDisplayNoOrderWhenThereIsNone() {
        sut.presentOrderToDelete(response: DeleteOrder.GetOrderToDelete.Response(order: nil))
        XCTAssertNotNil(spy.orderToDeleteViewModel)
        XCTAssertNil(spy.orderToDeleteViewModel?.displayedOrder)
        XCTAssertNil(spy.orderToDeleteViewModel?.errorMessage)
    }

    func testPresentDeletedOrderShouldNameTheDeletedOrder() {
        sut.presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response(order: Seeds.Orders.bob))
        XCTAssertEqual(spy.deletedOrderViewModel?.message, "Order 2 was deleted.")
    }

    func testPresentDeletedOrderShouldSayNothingWhenNothingWasDeleted() {
        sut.presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response(order: nil))
        XCTAssertNil(spy.deletedOrderViewModel?.message)
        sut.presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response(order: nil, error: .cannotDelete("x")))
        XCTAssertEqual(spy.deletedOrderViewModel?.errorMessage, "The order could not be deleted just now. Try again in a moment.")
    }
}
