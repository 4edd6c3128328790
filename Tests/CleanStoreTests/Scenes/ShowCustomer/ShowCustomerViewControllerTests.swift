import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowCustomerViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowCustomerViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ShowCustomerViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ShowCustomerBusinessLogicSpy: ShowCustomerBusinessLogic {
        var requests: [String] = []

        func getCustomer(request: ShowCustomer.GetCustomer.Request) async {
            requests.append(request.id)
        }
    }

    // MARK: Tests

    func testShouldAskTheInteractorForTheCustomerOfTheURL() async {
        // Given
        let spy = ShowCustomerBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.getCustomer(id: "42")

        // Then
        XCTAssertEqual(spy.requests, ["42"])
    }

    func testDisplayCustomerShouldRenderThePageOrRefuse() {
        // When
        sut.displayCustomer(viewModel: .customer(Self.viewModel))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ShowCustomer/show")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Jane Doe")
        XCTAssertEqual(sut.response?.status, .ok)

        // When
        sut.displayCustomer(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayCustomer(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = ShowCustomer.DisplayedCustomer(
        name: "Jane Doe", phone: "(415) 555-0100", email: "jane@example.com", shippingLines: ["12 Main St", "San Francisco, CA 94107"],
        billingLines: ["12 Main St", "San Francisco, CA 94107"], noAddress: "Not known", note: "Call after 5 pm", since: "6/29/07",
        orderCount: "2 orders", spend: "$39.98 (cancelled orders not counted)",
        orders: [
            ShowCustomer.DisplayedOrder(id: "1042", url: "/orders/1042", date: "6/30/07", status: "Paid", statusClass: "status-paid", total: "$19.99")
        ],
        ordersCaption: "Their orders, newest first",
        events: [
            ShowCustomer.DisplayedEvent(
                title: "Edited", by: "Sue", date: "6/30/07 6:00 AM", machineDate: "2007-06-30T06:00:00Z",
                changes: [ShowCustomer.DisplayedChange(field: "Note", old: "(none)", new: "Call after 5 pm")])
        ],
        customersURL: "/customers", changeURL: "/customers/7/edit", mergeURL: "/customers/7/merge", eraseURL: "/customers/7/erase",
        mergedInto: ShowCustomer.DisplayedSurvivor(name: "Jane Doe (customer 1)", url: "/customers/1"))

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["ShowCustomer/show"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("ShowCustomer/show", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+ShowCustomer.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ShowCustomer.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ShowCustomer.") }, [], "Remove these from ViewModels+ShowCustomer.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
