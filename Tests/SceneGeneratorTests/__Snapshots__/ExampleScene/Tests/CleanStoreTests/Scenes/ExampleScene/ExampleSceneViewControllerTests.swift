import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExampleSceneViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExampleSceneViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ExampleSceneViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ExampleSceneBusinessLogicSpy: ExampleSceneBusinessLogic {
        var doSomethingCalled = false

        func doSomething(request: ExampleScene.Something.Request) async {
            doSomethingCalled = true
        }
    }

    // MARK: Tests

    func testShouldDoSomethingWhenThePageIsRequested() async {
        // Given
        let spy = ExampleSceneBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.doSomething()

        // Then
        XCTAssert(spy.doSomethingCalled, "Requesting the page should ask the interactor to do something")
    }

    func testDisplaySomethingShouldRenderTheScenesTemplate() {
        // When
        sut.displaySomething(viewModel: ExampleScene.Something.ViewModel(title: "ExampleScene", message: "Done."))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ExampleScene/something")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "ExampleScene")
        XCTAssertEqual(sut.response?.status, .ok)
    }

    func testEveryPropertyOfTheViewModelIsReachableFromTheTemplate() {
        // Given
        let viewModel = ExampleScene.Something.ViewModel(title: "ExampleScene", message: "Done.")

        // When
        let unreachable = Mirror(reflecting: viewModel).children.compactMap(\.label).filter { viewModel.child(named: $0) == nil }

        // Then
        XCTAssertEqual(unreachable, [], "Add these to the MustacheParent conformance in ViewModels+ExampleScene.swift")
    }
}
