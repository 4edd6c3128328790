import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExampleScenePresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExampleScenePresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ExampleScenePresenter()
    }

    // MARK: Test doubles

    final class ExampleSceneDisplayLogicSpy: ExampleSceneDisplayLogic {
        var displaySomethingViewModel: ExampleScene.Something.ViewModel?

        func displaySomething(viewModel: ExampleScene.Something.ViewModel) {
            displaySomethingViewModel = viewModel
        }
    }

    // MARK: Tests

    func testPresentSomethingShouldAskTheViewControllerToDisplayTheResult() {
        // Given
        let spy = ExampleSceneDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSomething(response: .done(result: "Something was done."))

        // Then
        XCTAssertEqual(spy.displaySomethingViewModel?.title, "ExampleScene")
        XCTAssertEqual(spy.displaySomethingViewModel?.message, "Something was done.")
    }
}
