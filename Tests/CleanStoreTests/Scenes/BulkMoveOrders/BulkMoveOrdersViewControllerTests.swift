import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class BulkMoveOrdersViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: BulkMoveOrdersViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = BulkMoveOrdersViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class BulkMoveOrdersBusinessLogicSpy: BulkMoveOrdersBusinessLogic {
        var move: BulkMoveOrders.MoveOrders.Request?
        var batch: BulkMoveOrders.GetBatch.Request?
        func moveOrders(request: BulkMoveOrders.MoveOrders.Request) async { move = request }
        func getBatch(request: BulkMoveOrders.GetBatch.Request) async { batch = request }
    }

    // MARK: Tests

    func testMoveOrdersHandsTheFormTheListAndWhoIsAskingToTheInteractor() async {
        let spy = BulkMoveOrdersBusinessLogicSpy()
        sut.interactor = spy
        let fields = BulkMoveOrders.BulkFormFields(
            action: "markPaid", selected: ["1.2"], list: "q=jos%C3%A9+n&status=new&sort=-total&before=1.0_3")
        _ = await sut.moveOrders(fields: fields)
        XCTAssertEqual(spy.move?.fields, fields)
        XCTAssertEqual(
            spy.move?.list,
            BulkMoveOrders.ListQuery(filters: OrdersFilterParameters(text: "josé n", status: "new", sort: "-total"), before: "1.0_3"))
        XCTAssertEqual(spy.move?.signedIn, testBrowser.signedIn)
    }

    func testShowBatchAsksTheInteractorForTheBatch() async {
        let spy = BulkMoveOrdersBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showBatch(id: "4")
        XCTAssertEqual(spy.batch?.batchID, "4")
    }

    func testDisplayMoveRendersTheConfirmationRedirectsAMoveAndRefusesTheRest() {
        var valid = Self.confirmation
        valid.errors = []
        sut.displayMove(viewModel: .confirmation(valid))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "BulkMoveOrders/confirm")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Mark 2 orders as shipped?")
        XCTAssertEqual(sut.response?.status, .ok)
        sut.displayMove(viewModel: .confirmation(Self.confirmation))
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Mark 2 orders as shipped?")
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        sut.displayMove(viewModel: .moved(batchID: "4"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders/bulk/4")
        sut.displayMove(viewModel: .badRequest)
        XCTAssertEqual(sut.response?.status, .badRequest)
        sut.displayMove(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    func testDisplayBatchRendersTheResultOrRefuses() {
        sut.displayBatch(viewModel: .result(Self.result))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "BulkMoveOrders/result")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "3 orders marked as shipped")
        XCTAssertEqual(sut.response?.status, .ok)
        sut.displayBatch(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
    }

    /// The view models with everything filled in: what `TemplateNamesTests` walks the templates with.
    static let confirmation = BulkMoveOrders.Confirmation(
        heading: "Mark 2 orders as shipped?", action: "/orders/bulk", move: "markShipped", key: "k",
        list: "status=packed", listURL: "/orders?status=packed",
        orders: [.init(id: "7", url: "/orders/7", field: "7.3", name: "Amy Apple", status: "Packed", total: "$12.00")],
        carriers: [.init(id: "carrier", value: "UPS", label: "UPS", checked: true)], carrierError: "Select the carrier",
        carrierOther: "Acme", carrierOtherError: "Enter the carrier's name", button: "Mark 2 orders as shipped",
        errors: [.init(field: "carrier", message: "Select the carrier")], formMessage: "Nothing was changed")
    static let confirmationPage = BulkMoveOrdersViewController.ConfirmationPage(form: confirmation, csrfToken: "token")
    static let result = BulkMoveOrders.Result(
        heading: "3 orders marked as shipped", summary: "Bulk move 4 by Amy, 30 Jun 2007, 6:00am.",
        moved: [.init(id: "1", url: "/orders/1", name: "Ann A", reason: "Marked as shipped")], movedHeading: "Moved by this batch (1)",
        done: [.init(id: "3", url: "/orders/3", name: "Cat C", reason: "Already shipped: counted as done")],
        doneHeading: "Already shipped: counted as done (1)",
        notMoved: [.init(id: "4", url: "/orders/4", name: "Dan D", reason: "It is cancelled")], notMovedHeading: "1 order not marked as shipped",
        unfinished: "1 order has no outcome", trackingHint: "Add each order's tracking number from its page.", listURL: "/orders?status=packed",
        listLabel: "Back to packed orders")

    func testTheTemplatesReadWhatTheViewModelsExposeAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["BulkMoveOrders/confirm", "BulkMoveOrders/result"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("BulkMoveOrders/confirm", Self.confirmationPage), ("BulkMoveOrders/result", Self.result)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+BulkMoveOrders.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("BulkMoveOrders.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("BulkMoveOrders.") }, [], "Remove these from ViewModels+BulkMoveOrders.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
