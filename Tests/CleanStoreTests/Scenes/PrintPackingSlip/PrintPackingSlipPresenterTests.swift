import XCTest

@testable import CleanStore

final class PrintPackingSlipPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: PrintPackingSlipPresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = PrintPackingSlipPresenter()
    }

    // MARK: Test doubles

    final class PrintPackingSlipDisplayLogicSpy: PrintPackingSlipDisplayLogic {
        var displaySomethingViewModel: PrintPackingSlip.Something.ViewModel?

        func displaySomething(viewModel: PrintPackingSlip.Something.ViewModel) {
            displaySomethingViewModel = viewModel
        }
    }

    // MARK: Tests

    func testPresentSomethingShouldAskTheViewControllerToDisplayTheResult() {
        // Given
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSomething(response: .done(result: "Something was done."))

        // Then
        XCTAssertEqual(spy.displaySomethingViewModel?.title, "PrintPackingSlip")
        XCTAssertEqual(spy.displaySomethingViewModel?.message, "Something was done.")
    }
}
