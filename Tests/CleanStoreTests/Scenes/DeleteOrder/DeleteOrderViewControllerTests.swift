import Hummingbird
import XCTest

@testable import CleanStore

final class DeleteOrderViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = DeleteOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy))
    }

    // MARK: Test doubles

    final class DeleteOrderBusinessLogicSpy: DeleteOrderBusinessLogic {
        var doSomethingCalled = false

        func doSomething(request: DeleteOrder.Something.Request) async {
            doSomethingCalled = true
        }
    }

    // MARK: Tests

    func testShouldDoSomethingWhenThePageIsRequested() async {
        // Given
        let spy = DeleteOrderBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.doSomething()

        // Then
        XCTAssert(spy.doSomethingCalled, "Requesting the page should ask the interactor to do something")
    }

    func testDisplaySomethingShouldRenderTheScenesTemplate() {
        // When
        sut.displaySomething(viewModel: DeleteOrder.Something.ViewModel(title: "DeleteOrder", message: "Done."))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "DeleteOrder/something")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "DeleteOrder")
        XCTAssertEqual(sut.response?.status, .ok)
    }
}
