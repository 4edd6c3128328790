import Hummingbird
import Mustache
import XCTest

@testable import CleanStore

final class PrintPackingSlipViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: PrintPackingSlipViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = PrintPackingSlipViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class PrintPackingSlipBusinessLogicSpy: PrintPackingSlipBusinessLogic {
        var doSomethingCalled = false

        func doSomething(request: PrintPackingSlip.Something.Request) async {
            doSomethingCalled = true
        }
    }

    // MARK: Tests

    func testShouldDoSomethingWhenThePageIsRequested() async {
        // Given
        let spy = PrintPackingSlipBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.doSomething()

        // Then
        XCTAssert(spy.doSomethingCalled, "Requesting the page should ask the interactor to do something")
    }

    func testDisplaySomethingShouldRenderTheScenesTemplate() {
        // When
        sut.displaySomething(viewModel: PrintPackingSlip.Something.ViewModel(title: "PrintPackingSlip", message: "Done."))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "PrintPackingSlip/something")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "PrintPackingSlip")
        XCTAssertEqual(sut.response?.status, .ok)
    }

    func testEveryPropertyOfTheViewModelIsReachableFromTheTemplate() {
        // Given
        let viewModel = PrintPackingSlip.Something.ViewModel(title: "PrintPackingSlip", message: "Done.")

        // When
        let unreachable = Mirror(reflecting: viewModel).children.compactMap(\.label).filter { viewModel.child(named: $0) == nil }

        // Then
        XCTAssertEqual(unreachable, [], "Add these to the MustacheParent conformance in ViewModels+PrintPackingSlip.swift")
    }
}
