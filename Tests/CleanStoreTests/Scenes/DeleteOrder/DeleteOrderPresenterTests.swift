import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

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
        // When
        sut.presentOrderToDelete(response: .found(Seeds.Orders.bob))

        // Then
        XCTAssertEqual(
            spy.orderToDeleteViewModel,
            .order(
                .init(
                    id: "2", date: "30 June 2007", name: "Bob Battery", email: "bob.battery@clean-swift.com", total: "$9.99",
                    title: "Delete order 2", deleteURL: "/orders/2/delete", orderURL: "/orders/2")))
    }

    func testPresentOrderToDeleteShouldSayNotFoundOrUnavailable() {
        // When
        sut.presentOrderToDelete(response: .notFound)

        // Then
        XCTAssertEqual(spy.orderToDeleteViewModel, .notFound)

        // When
        sut.presentOrderToDelete(response: .storeUnavailable)

        // Then
        XCTAssertEqual(spy.orderToDeleteViewModel, .unavailable)
    }

    func testPresentDeletedOrderShouldNameTheDeletedOrderInTheFlash() {
        // When
        sut.presentDeletedOrder(response: .deleted(Seeds.Orders.bob))

        // Then
        XCTAssertEqual(spy.deletedOrderViewModel, .deleted(flash: "Order 2 was deleted."))
    }

    func testPresentDeletedOrderShouldSayNotFoundOrUnavailableWhenNothingWasDeleted() {
        // When
        sut.presentDeletedOrder(response: .notFound)

        // Then
        XCTAssertEqual(spy.deletedOrderViewModel, .notFound)

        // When
        sut.presentDeletedOrder(response: .storeUnavailable)

        // Then
        XCTAssertEqual(spy.deletedOrderViewModel, .unavailable)
    }
}
