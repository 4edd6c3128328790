import Hummingbird
import Mustache
import XCTest

@testable import CleanStore

final class AddOrderNoteViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNoteViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = AddOrderNoteViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class AddOrderNoteBusinessLogicSpy: AddOrderNoteBusinessLogic {
        var doSomethingCalled = false

        func doSomething(request: AddOrderNote.Something.Request) async {
            doSomethingCalled = true
        }
    }

    // MARK: Tests

    func testShouldDoSomethingWhenThePageIsRequested() async {
        // Given
        let spy = AddOrderNoteBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.doSomething()

        // Then
        XCTAssert(spy.doSomethingCalled, "Requesting the page should ask the interactor to do something")
    }

    func testDisplaySomethingShouldRenderTheScenesTemplate() {
        // When
        sut.displaySomething(viewModel: AddOrderNote.Something.ViewModel(title: "AddOrderNote", message: "Done."))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "AddOrderNote/something")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "AddOrderNote")
        XCTAssertEqual(sut.response?.status, .ok)
    }

    func testEveryPropertyOfTheViewModelIsReachableFromTheTemplate() {
        // Given
        let viewModel = AddOrderNote.Something.ViewModel(title: "AddOrderNote", message: "Done.")

        // When
        let unreachable = Mirror(reflecting: viewModel).children.compactMap(\.label).filter { viewModel.child(named: $0) == nil }

        // Then
        XCTAssertEqual(unreachable, [], "Add these to the MustacheParent conformance in ViewModels+AddOrderNote.swift")
    }
}
