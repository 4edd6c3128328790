import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class MergeCustomersViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: MergeCustomersViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = MergeCustomersViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class MergeCustomersBusinessLogicSpy: MergeCustomersBusinessLogic {
        var pickRequest: MergeCustomers.PickOther.Request?
        var previewRequest: MergeCustomers.Preview.Request?
        var mergeRequest: MergeCustomers.Merge.Request?

        func pickOther(request: MergeCustomers.PickOther.Request) async { pickRequest = request }
        func preview(request: MergeCustomers.Preview.Request) async { previewRequest = request }
        func merge(request: MergeCustomers.Merge.Request) async { mergeRequest = request }
    }

    // MARK: Tests

    func testTheRoutesAskTheInteractorAndNameWhoMerges() async {
        let spy = MergeCustomersBusinessLogicSpy()
        sut.interactor = spy

        _ = await sut.pickOther(id: "12", text: "0100")
        XCTAssertEqual(spy.pickRequest?.id, "12")
        XCTAssertEqual(spy.pickRequest?.text, "0100")
        _ = await sut.preview(id: "12", otherID: "7")
        XCTAssertEqual(spy.previewRequest?.id, "12")
        XCTAssertEqual(spy.previewRequest?.otherID, "7")
        let fields = MergeCustomers.MergeFormFields(version: "2", otherVersion: "1", choices: [.email: "take"])
        _ = await sut.merge(id: "12", otherID: "7", fields: fields)
        XCTAssertEqual(spy.mergeRequest?.id, "12")
        XCTAssertEqual(spy.mergeRequest?.otherID, "7")
        XCTAssertEqual(spy.mergeRequest?.fields, fields)
        XCTAssertEqual(spy.mergeRequest?.by, testBrowser.signedIn?.name)
    }

    func testEachViewModelIsItsPageAndStatus() {
        sut.display(viewModel: .pick(Self.pickPage))
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "MergeCustomers/pick")
        XCTAssertEqual(pagesSpy.rendered.last?.title, Self.pickPage.heading)

        sut.display(viewModel: .preview(Self.previewPage.preview, conflict: false))
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "MergeCustomers/preview")
        sut.display(viewModel: .preview(Self.previewPage.preview, conflict: true))
        XCTAssertEqual(sut.response?.status, .conflict)

        sut.display(viewModel: .done(survivorID: 3, flash: "Jane Doe (customer 4) was merged into Jane Doe, with their orders"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/customers/3")

        for (refusal, status) in [
            (ErrorPage.Refusal.notFound, HTTPResponse.Status.notFound), (.badRequest, .badRequest), (.unavailable, .serviceUnavailable),
            (.because(.customerMerged(name: "Jane Doe", survivorID: 3)), .conflict),
        ] {
            sut.display(viewModel: .refusal(refusal))
            XCTAssertEqual(sut.response?.status, status)
        }
    }

    /// The view models with everything filled in: what `TemplateNamesTests` walks the templates with.
    static let pickPage = MergeCustomers.DisplayedPick(
        heading: "Merge Jane Doe with another customer", survivor: "(415) 555-0100, jane@example.com, San Francisco",
        action: "/customers/1/merge", text: "doe",
        results: [MergeCustomers.DisplayedCandidate(name: "Jane Doe", details: "jdoe@example.net", url: "/customers/1/merge/2")],
        caption: "1 other customer found", noMatchMessage: "No other customer found for “doe”", customerURL: "/customers/1")

    static let previewPage = MergeCustomersViewController.PreviewPage(
        preview: MergeCustomers.DisplayedPreview(
            heading: "Merge Jane Doe (customer 2) into Jane Doe (customer 1)", summary: "Jane Doe (customer 1) is kept.",
            survivorName: "Jane Doe (customer 1)", otherName: "Jane Doe (customer 2)",
            choices: [
                MergeCustomers.DisplayedChoice(
                    legend: "Email", name: "email", keepID: "email-keep", takeID: "email-take", kept: "jane@example.com",
                    other: "jdoe@example.net", takeChecked: true)
            ],
            same: [MergeCustomers.DisplayedSame(label: "Name", value: "Jane Doe")], action: "/customers/1/merge/2", version: "1",
            otherVersion: "3", swapURL: "/customers/2/merge/1", customerURL: "/customers/1",
            conflictMessage: MergeCustomersPresenter.conflictMessage),
        csrfToken: "token")

    func testTheTemplatesReadWhatTheViewModelsExposeAndAllOfThem() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["MergeCustomers/pick", "MergeCustomers/preview"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("MergeCustomers/pick", Self.pickPage), ("MergeCustomers/preview", Self.previewPage)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+MergeCustomers.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("MergeCustomers") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("MergeCustomers") }, [], "Remove these from ViewModels+MergeCustomers.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
