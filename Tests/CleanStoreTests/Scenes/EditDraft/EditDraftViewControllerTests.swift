import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditDraftViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditDraftViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EditDraftViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class EditDraftBusinessLogicSpy: EditDraftBusinessLogic {
        var startDraftRequest: EditDraft.StartDraft.Request?
        var showDraftRequest: EditDraft.ShowDraft.Request?
        var saveSectionRequest: EditDraft.SaveSection.Request?
        var keepOrderFormRequest: EditDraft.KeepOrderForm.Request?

        func startDraft(request: EditDraft.StartDraft.Request) async { startDraftRequest = request }
        func showDraft(request: EditDraft.ShowDraft.Request) async { showDraftRequest = request }
        func saveSection(request: EditDraft.SaveSection.Request) async { saveSectionRequest = request }
        func keepOrderForm(request: EditDraft.KeepOrderForm.Request) async { keepOrderFormRequest = request }
    }

    // MARK: Tests

    func testEachRouteAsksTheInteractorWithWhoIsSignedIn() async {
        // Given
        let spy = EditDraftBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.startDraft()
        _ = await sut.showDraft(ref: "D-ABCDEF", search: "mug", callerSearch: "0100", flash: nil)
        _ = await sut.saveSection(ref: "D-ABCDEF", section: .removeLine(key: "l1"))
        _ = await sut.keepOrderForm(orderFormFields: Seeds.validFormFields)

        // Then
        XCTAssertEqual(spy.startDraftRequest?.signedIn, testAccount.name)
        XCTAssertEqual(spy.showDraftRequest?.ref, "D-ABCDEF")
        XCTAssertEqual(spy.showDraftRequest?.search, "mug")
        XCTAssertEqual(spy.showDraftRequest?.callerSearch, "0100")
        XCTAssertEqual(spy.saveSectionRequest?.section, .removeLine(key: "l1"))
        XCTAssertEqual(spy.saveSectionRequest?.signedIn, testAccount.name)
        XCTAssertEqual(spy.keepOrderFormRequest?.orderFormFields, Seeds.validFormFields)
        XCTAssertEqual(spy.keepOrderFormRequest?.signedIn, testAccount.name)
    }

    func testARefusedSectionIsThePageAgainWith422AndNoFlash() async {
        // Given: the page was reached with a flash
        let spy = EditDraftBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showDraft(ref: "D-ABCDEF", search: nil, flash: "Caller saved.")

        // When
        sut.displaySavedSection(viewModel: EditDraft.SaveSection.ViewModel(page: .draft(Self.viewModel.draft, invalid: true)))

        // Then
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditDraft/draft")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Order D-ABCDEF")
        XCTAssertNil(pagesSpy.rendered.last?.flash)
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
    }

    func testTheDraftIsShownWithTheFlashThatBroughtTheClerk() async {
        let spy = EditDraftBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showDraft(ref: "D-ABCDEF", search: nil, flash: "Caller saved.")

        sut.displayDraft(viewModel: EditDraft.ShowDraft.ViewModel(page: .draft(Self.viewModel.draft, invalid: false)))

        XCTAssertEqual(pagesSpy.rendered.last?.flash, "Caller saved.")
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(sut.response?.setCookies.count, 1)
        XCTAssert(sut.response?.setCookies.first?.hasPrefix("\(Flash.cookieName)=;") == true, "The flash is shown once")
        XCTAssert(sut.response?.setCookies.first?.contains("Max-Age=0") == true)
    }

    func testTheOldOrderFormWithMistakesIsTheDraftPageWith422() {
        sut.displayKeptOrderForm(viewModel: EditDraft.KeepOrderForm.ViewModel(page: .draft(Self.viewModel.draft, invalid: true)))

        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditDraft/draft")
        XCTAssertNil(pagesSpy.rendered.last?.flash, "The error summary says it")
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
    }

    func testTheOldOrderFormKeptIsARedirectToItsDraft() {
        sut.displayKeptOrderForm(viewModel: EditDraft.KeepOrderForm.ViewModel(page: .saved(ref: "D-ABCDEF", flash: "Kept.")))

        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/drafts/D-ABCDEF")
    }

    func testASavedSectionIsARedirectToTheDraft() {
        sut.displaySavedSection(viewModel: EditDraft.SaveSection.ViewModel(page: .saved(ref: "D-ABCDEF", flash: "Delivery saved.")))

        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/drafts/D-ABCDEF")
    }

    func testARepeatGoesToItsDraftAndNothingToStartFromIsA409Page() {
        sut.displayStartedDraft(viewModel: EditDraft.StartDraft.ViewModel(page: .repeated(ref: "D-ABCDEF", orderID: "7", flash: "Started.")))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/drafts/D-ABCDEF?repeated=7")
        sut.displayStartedDraft(
            viewModel: EditDraft.StartDraft.ViewModel(page: .refused(.nothingToStartFrom(orderID: "7", repeating: false))))
        XCTAssertEqual(sut.response?.status, .conflict)
    }

    func testNoSuchDraftIs404AndAStoreThatFailsIs503() {
        sut.displayDraft(viewModel: EditDraft.ShowDraft.ViewModel(page: .notFound))
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayStartedDraft(viewModel: EditDraft.StartDraft.ViewModel(page: .unavailable))
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel: EditDraftViewController.DraftPage = {
        let field = ViewModelSamples.orderField
        let draft = EditDraft.DisplayedDraft(
            title: "Error: Order D-ABCDEF", heading: "Order D-ABCDEF", errors: [ViewModelSamples.orderError], formMessage: "m",
            fields: Dictionary(uniqueKeysWithValues: CreateOrder.Field.allCases.map { ($0.rawValue, field) }),
            billingAddressSameAsShipping: true, shippingMethods: [ViewModelSamples.shippingMethod], sku: field, quantity: field,
            lines: [
                EditDraft.DisplayedLine(
                    sku: "MUG-1", name: "Blue mug", unitPrice: "$12.50", priceNote: "n", quantity: field, quantityName: "line[l1][quantity]", price: field, reason: field, priceLegend: "p",
                    savePriceLabel: "s", quantityLabel: "Quantity of Blue mug", amount: "$25.00", key: "l1",
                    removeLabel: "Remove Blue mug", priceChanged: "Price changed: was $12.00 when ordered, now $12.50")
            ],
            noLinesMessage: "n", totals: EditDraft.DisplayedTotals(subtotal: "s", shipping: "s", tax: "t", total: "t"),
            callerSearchText: "0100",
            callers: [
                EditDraft.DisplayedCaller(
                    name: "Jane Doe", phone: "(415) 555-0100", city: "San Francisco", lastOrder: "#1042", id: "7", useLabel: "Use Jane Doe")
            ],
            callersCaption: "c", noCallersMessage: "n", useCustomerAction: "/u", fromCustomer: "f", fromCustomerURL: "/customers/7",
            callerFolded: true, callerSummary: "Jane Doe, (415) 555-0100",
            searchText: "mug", searchResults: [EditDraft.DisplayedProduct(sku: "MUG-1", name: "Blue mug", price: "$12.50", addLabel: "Add")],
            noResultsMessage: "n", callerAction: "/c", deliveryAction: "/d", addLineAction: "/a", quantitiesAction: "/q",
            removeLineAction: "/r", priceAction: "/pr", searchAction: "/s", checkURL: "/k", readyToCheck: true, draftsURL: "/drafts",
            repeatNotice: "Repeated from order 1042, each item at today's price.", repeatOrderURL: "/orders/1042",
            repeatOrderLabel: "See order 1042 as it was placed", repeatProblems: ["Cap (CAP-1) is no longer sold, so it was not added (1 on the order)."])
        return EditDraftViewController.DraftPage(draft: draft, csrfToken: "t")
    }()

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["EditDraft/draft"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("EditDraft/draft", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+EditDraft.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("EditDraft.") && $0 != "EditDraft.DisplayedDraft.title" }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("EditDraft.") }, [], "Remove these from ViewModels+EditDraft.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
