import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListCustomersViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListCustomersViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ListCustomersViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ListCustomersBusinessLogicSpy: ListCustomersBusinessLogic {
        var requests: [ListCustomers.FetchCustomers.Request] = []

        func fetchCustomers(request: ListCustomers.FetchCustomers.Request) async {
            requests.append(request)
        }
    }

    // MARK: Tests

    func testShouldAskTheInteractorForTheCustomersTheURLAsksFor() async {
        // Given
        let spy = ListCustomersBusinessLogicSpy()
        sut.interactor = spy

        // When
        let request = ListCustomers.FetchCustomers.Request(text: "0100", after: "4", before: nil)
        _ = await sut.fetchCustomers(request)

        // Then: with whether the one asking (a supervisor) may add a customer
        var asked = request
        asked.mayAdd = true
        XCTAssertEqual(spy.requests, [asked])
    }

    func testDisplayCustomersShouldRenderTheListAnd503WhenTheCustomersAreUnavailable() {
        // When
        var found = Self.viewModel
        found.errorMessage = nil
        sut.displayCustomers(viewModel: found)

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ListCustomers/list")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Customers")
        XCTAssertEqual(sut.response?.status, .ok)

        // When
        sut.displayCustomers(viewModel: Self.viewModel)

        // Then
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Customers")
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = ListCustomers.FetchCustomers.ViewModel(
        action: "/customers", text: "0100", caption: "Customers, by last name",
        customers: [
            ListCustomers.DisplayedCustomer(
                name: "Jane Doe", url: "/customers/1", phone: "(415) 555-0100", email: "jane@example.com", city: "San Francisco",
                lastOrder: "#1042, 6/30/07")
        ],
        previousURL: "/customers?before=1", nextURL: "/customers?after=1", noMatchMessage: "No customer matches", emptyMessage: "None",
        errorMessage: "Unavailable", newCustomerURL: "/customers/new")

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["ListCustomers/list"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("ListCustomers/list", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+ListCustomers.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ListCustomers.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ListCustomers.") }, [], "Remove these from ViewModels+ListCustomers.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
