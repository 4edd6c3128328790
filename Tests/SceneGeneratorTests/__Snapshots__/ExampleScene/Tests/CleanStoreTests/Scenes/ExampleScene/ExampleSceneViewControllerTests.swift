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

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = ExampleScene.Something.ViewModel(title: "ExampleScene", message: "Done.")

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["ExampleScene/something"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("ExampleScene/something", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+ExampleScene.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ExampleScene.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ExampleScene.") }, [], "Remove these from ViewModels+ExampleScene.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
