import XCTest

@testable import CleanStore

final class AddOrderNotePresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNotePresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = AddOrderNotePresenter()
    }

    // MARK: Test doubles

    final class AddOrderNoteDisplayLogicSpy: AddOrderNoteDisplayLogic {
        var displaySomethingViewModel: AddOrderNote.Something.ViewModel?

        func displaySomething(viewModel: AddOrderNote.Something.ViewModel) {
            displaySomethingViewModel = viewModel
        }
    }

    // MARK: Tests

    func testPresentSomethingShouldAskTheViewControllerToDisplayTheResult() {
        // Given
        let spy = AddOrderNoteDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSomething(response: .done(result: "Something was done."))

        // Then
        XCTAssertEqual(spy.displaySomethingViewModel?.title, "AddOrderNote")
        XCTAssertEqual(spy.displaySomethingViewModel?.message, "Something was done.")
    }
}
