import XCTest

@testable import CleanStore

final class DeleteOrderPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderPresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = DeleteOrderPresenter()
    }

    // MARK: Test doubles

    final class DeleteOrderDisplayLogicSpy: DeleteOrderDisplayLogic {
        var displaySomethingViewModel: DeleteOrder.Something.ViewModel?

        func displaySomething(viewModel: DeleteOrder.Something.ViewModel) {
            displaySomethingViewModel = viewModel
        }
    }

    // MARK: Tests

    func testPresentSomethingShouldAskTheViewControllerToDisplayTheResult() {
        // Given
        let spy = DeleteOrderDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSomething(response: DeleteOrder.Something.Response(result: "Something was done."))

        // Then
        XCTAssertEqual(spy.displaySomethingViewModel?.title, "DeleteOrder")
        XCTAssertEqual(spy.displaySomethingViewModel?.message, "Something was done.")
    }
}
