import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PlaceDraftViewControllerTests: XCTestCase {
    var sut: PlaceDraftViewController!
    var pagesSpy: PageRendererSpy!

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = PlaceDraftViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    final class PlaceDraftBusinessLogicSpy: PlaceDraftBusinessLogic {
        var checkRequest: PlaceDraft.CheckDraft.Request?
        var placeRequest: PlaceDraft.Place.Request?
        var priceRequest: PlaceDraft.DecidePrice.Request?

        func checkDraft(request: PlaceDraft.CheckDraft.Request) async { checkRequest = request }
        func place(request: PlaceDraft.Place.Request) async { placeRequest = request }
        func decidePrice(request: PlaceDraft.DecidePrice.Request) async { priceRequest = request }
    }

    func testEachRouteAsksTheInteractor() async {
        let spy = PlaceDraftBusinessLogicSpy()
        sut.interactor = spy
        var fields = PlaceDraft.PlaceFormFields()
        fields.version = "3"

        _ = await sut.checkDraft(ref: "D-ABCDEF", duplicateAccepted: true)
        _ = await sut.place(ref: "D-ABCDEF", fields: fields)
        _ = await sut.decidePrice(ref: "D-ABCDEF", fields: PlaceDraft.PriceFormFields(line: "l1", choice: "keep"))

        XCTAssertEqual(spy.checkRequest?.duplicateAccepted, true)
        XCTAssertEqual(spy.placeRequest?.fields.version, "3")
        XCTAssertEqual(spy.placeRequest?.signedIn, testAccount.name)
        XCTAssertEqual(spy.priceRequest?.fields.choice, "keep")
    }

    func testEachPageStateHasItsStatus() {
        let check = Self.viewModel.check
        sut.displayCheckedDraft(viewModel: .init(page: .check(check, status: .ready)))
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "PlaceDraft/check")
        sut.displayPlacedOrder(viewModel: .init(page: .check(check, status: .invalid)))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        sut.displayPlacedOrder(viewModel: .init(page: .check(check, status: .conflict)))
        XCTAssertEqual(sut.response?.status, .conflict)
        sut.displayPlacedOrder(viewModel: .init(page: .placed(orderID: "3", note: nil)))
        XCTAssertEqual(sut.response?.headers[.location], "/orders/3")
        sut.displayDecidedPrice(viewModel: .init(page: .notFound))
        XCTAssertEqual(sut.response?.status, .notFound)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel: PlaceDraftViewController.CheckPage = {
        let row = PlaceDraft.DisplayedRow(key: "k", value: "v")
        let check = PlaceDraft.DisplayedCheck(
            title: "t", heading: "h", errors: [ViewModelSamples.orderError], formMessage: "m", caller: [row], delivery: [row],
            lines: [PlaceDraft.DisplayedLine(sku: "s", name: "n", quantity: "1", unitPrice: "$1.00", amount: "$1.00")], totals: [row],
            changeCallerURL: "/c", changeItemsURL: "/i", changeDeliveryURL: "/d", problems: ["p"],
            priceChanges: [PlaceDraft.DisplayedPriceChange(text: "t", line: "l1", keepLabel: "k", useNewLabel: "u")],
            pricesAction: "/p", duplicateMessage: "d", duplicateURL: "/orders/1", placeAnywayURL: "/a", canPlace: true,
            placeAction: "/pl",
            fields: Dictionary(uniqueKeysWithValues: PlaceDraftPresenter.cardFields.map { ($0.rawValue, ViewModelSamples.orderField) }),
            version: "1", orderKey: "k", placeDuplicateAnyway: true, saveCaller: true, saveCallerHint: "h")
        return PlaceDraftViewController.CheckPage(check: check, csrfToken: "t")
    }()

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["PlaceDraft/check"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))
        let findings = check.check([("PlaceDraft/check", Self.viewModel)])
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+PlaceDraft.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("PlaceDraft.") && $0 != "PlaceDraft.DisplayedCheck.title" }, [])
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("PlaceDraft.") }, [])
        XCTAssertEqual(findings.unfilled, [])
    }
}
