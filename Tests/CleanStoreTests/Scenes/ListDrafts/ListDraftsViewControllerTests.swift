import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListDraftsViewControllerTests: XCTestCase {
    final class ListDraftsBusinessLogicSpy: ListDraftsBusinessLogic {
        var request: ListDrafts.FetchDrafts.Request?
        func fetchDrafts(request: ListDrafts.FetchDrafts.Request) async { self.request = request }
    }

    func testTheListIsAskedForWithWhoIsSignedInAndRendered() async throws {
        let pages = PageRendererSpy()
        let sut = ListDraftsViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = ListDraftsBusinessLogicSpy()
        sut.interactor = spy

        _ = await sut.showDrafts()
        sut.displayDrafts(viewModel: .init(page: .list(Self.viewModel.list)))

        XCTAssertEqual(spy.request?.signedIn, testAccount.name)
        XCTAssertEqual(pages.rendered.last?.template, "ListDrafts/list")
        XCTAssertEqual(sut.response?.status, .ok)
    }

    static let viewModel: ListDraftsViewController.ListPage = {
        let draft = ListDrafts.DisplayedDraft(ref: "D-ABCDEF", url: "/drafts/D-ABCDEF", caller: "Amy", items: "1 item", changed: "c", changedBy: "b")
        return ListDraftsViewController.ListPage(
            list: ListDrafts.DisplayedList(title: "t", heading: "h", mine: [draft], others: [draft], noDraftsMessage: "n", startAction: "/drafts"),
            csrfToken: "t")
    }()

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["ListDrafts/list"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))
        let findings = check.check([("ListDrafts/list", Self.viewModel)])
        XCTAssertEqual(findings.unexposed, [])
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ListDrafts.") && $0 != "ListDrafts.DisplayedList.title" }, [])
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ListDrafts.") }, [])
        XCTAssertEqual(findings.unfilled, [])
    }
}
