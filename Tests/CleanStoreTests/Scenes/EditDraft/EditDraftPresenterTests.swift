import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditDraftPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditDraftPresenter!
    var spy: EditDraftDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = EditDraftPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = EditDraftDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class EditDraftDisplayLogicSpy: EditDraftDisplayLogic {
        var started: EditDraft.StartDraft.ViewModel?
        var shown: EditDraft.ShowDraft.ViewModel?
        var saved: EditDraft.SaveSection.ViewModel?
        var kept: EditDraft.KeepOrderForm.ViewModel?

        func displayStartedDraft(viewModel: EditDraft.StartDraft.ViewModel) { started = viewModel }
        func displayDraft(viewModel: EditDraft.ShowDraft.ViewModel) { shown = viewModel }
        func displaySavedSection(viewModel: EditDraft.SaveSection.ViewModel) { saved = viewModel }
        func displayKeptOrderForm(viewModel: EditDraft.KeepOrderForm.ViewModel) { kept = viewModel }
    }

    static let mugLine = OrderLine(
        key: "l1", productID: 1, sku: "MUG-1", name: "Blue mug", catalogPriceCents: 1250, quantity: 2, taxable: true)

    func loaded(state: String = "", missingRegion: String? = nil, taxCents: Int64 = 0) -> EditDraft.Loaded {
        var draft = Draft(ref: "D-ABCDEF", lines: [Self.mugLine], nextLineNumber: 2, createdAt: Seeds.june29)
        draft.shipmentAddress.state = state
        return EditDraft.Loaded(
            draft: draft,
            check: PlacingCheck(
                missingTaxRegion: missingRegion, totals: OrderTotals(subtotalCents: 2500, shippingCents: 0, taxCents: taxCents, tax: nil)))
    }

    func draft(_ page: EditDraft.DisplayedPage?) -> EditDraft.DisplayedDraft? {
        if case .draft(let draft, _) = page { return draft }
        return nil
    }

    // MARK: Tests

    func testTheOldOrderFormKeptGoesToItsDraftSayingTheCardIsTypedOnTheCheckPage() {
        sut.presentKeptOrderForm(response: .kept(ref: "D-ABCDEF"))
        XCTAssertEqual(
            spy.kept?.page,
            .saved(
                ref: "D-ABCDEF",
                flash: "Your order form was kept as draft D-ABCDEF: add the items here. "
                    + "The card is never kept in a draft: type it on the check page."))
    }

    func testTheOldOrderFormWithMistakesShowsBothSectionsAsTypedWithTheirErrorsAndWhereTheyWent() throws {
        // Given: both sections refused
        var typed = Seeds.validFormFields
        typed.email = "amy"
        typed.shipmentAddressZIP = "x"
        let refusal = EditDraft.Refusal(
            posted: .caller(typed), alsoPosted: .delivery(typed),
            fieldErrors: [.init(field: .email, problem: .badFormat), .init(field: .shipmentAddressZIP, problem: .badFormat)])

        // When
        sut.presentKeptOrderForm(response: .keptWithMistakes(loaded(), refusal))

        // Then
        guard case .draft(let page, invalid: true) = spy.kept?.page else { return XCTFail("\(String(describing: spy.kept?.page))") }

        XCTAssertEqual(page.title, "Error: Order D-ABCDEF")
        XCTAssertEqual(page.errors.map(\.field), ["email", "shipmentAddressZIP"])
        XCTAssertEqual(page.fields["email"]?.value, "amy", "As typed")
        XCTAssertEqual(page.fields["firstName"]?.value, "Amy")
        XCTAssertEqual(page.fields["shipmentAddressZIP"]?.value, "x")
        XCTAssertEqual(page.fields["shipmentAddressCity"]?.value, "Cupertino")
        XCTAssertNotNil(page.fields["shipmentAddressZIP"]?.errorMessage)
        XCTAssertEqual(
            page.formMessage,
            "Your order form was kept as draft D-ABCDEF: correct what is marked below and save each section, then add the items. "
                + "The card is never kept in a draft: type it on the check page.")
    }

    func testTheOldOrderFormWhenTheStoreFailsIsUnavailable() {
        sut.presentKeptOrderForm(response: .storeUnavailable)
        XCTAssertEqual(spy.kept?.page, .unavailable)
    }

    /// The caller's summary leaves out what holds only spaces (Foundation's `.whitespaces`): ASCII
    /// text byte by byte, anything else as Foundation trims it (issue 31).
    func testOnlySpacesAndTabsAreBlankInTheCallersSummaryAsFoundationTrimsThem() {
        for text in ["", " ", "\t", " \t  ", "\u{00A0}", " \u{2003} "] {
            XCTAssertFalse(EditDraftPresenter.isNotBlank(text), text.debugDescription)
            XCTAssertEqual(EditDraftPresenter.isNotBlank(text), !text.trimmingCharacters(in: .whitespaces).isEmpty)
        }
        for text in ["a", " Amy ", "\n", "\r\n", "415-555-0100", " é ", "\u{0301}"] {
            XCTAssertTrue(EditDraftPresenter.isNotBlank(text), text.debugDescription)
            XCTAssertEqual(EditDraftPresenter.isNotBlank(text), !text.trimmingCharacters(in: .whitespaces).isEmpty)
        }
    }

    func testANewDraftGoesToItsPage() {
        sut.presentStartedDraft(response: .created(ref: "D-ABCDEF"))
        XCTAssertEqual(spy.started?.page, .saved(ref: "D-ABCDEF", flash: "Order D-ABCDEF started: who is calling?"))
    }

    func testTaxSaysEnterTheAddressUntilAStateIsKnown() {
        sut.presentDraft(response: .found(loaded()))
        let page = draft(spy.shown?.page)
        XCTAssertEqual(page?.totals.tax, "Enter the address")
        XCTAssertEqual(page?.totals.total, "$25.00 before tax")
        XCTAssertEqual(page?.title, "Order D-ABCDEF")
    }

    func testAStateWithNoRateSendsTheClerkToASupervisor() {
        sut.presentDraft(response: .found(loaded(state: "OR", missingRegion: "OR")))
        XCTAssertEqual(draft(spy.shown?.page)?.totals.tax, "No tax rate for OR — ask a supervisor")
    }

    func testAKnownRateShowsTheTaxAndTheTotal() {
        sut.presentDraft(response: .found(loaded(state: "CA", taxCents: 181)))
        let page = draft(spy.shown?.page)
        XCTAssertEqual(page?.totals.tax, "$1.81")
        XCTAssertEqual(page?.totals.total, "$26.81")
    }

    func testALinesQuantityIsNamedByItsKeyNeverByAnIndex() {
        sut.presentDraft(response: .found(loaded()))
        let line = draft(spy.shown?.page)?.lines.first
        XCTAssertEqual(line?.quantityName, "line[l1][quantity]")
        XCTAssertEqual(line?.quantity.name, "line-l1-quantity", "Its id: a link's fragment may not hold [")
        XCTAssertEqual(line?.quantity.value, "2")
        XCTAssertEqual(line?.amount, "$25.00")
        XCTAssertEqual(line?.removeLabel, "Remove Blue mug")
    }

    func testACallerRefusedKeepsWhatWasTypedWithTheOrderFormsMessages() {
        var typed = CreateOrder.OrderFormFields()
        typed.firstName = "Amy"
        typed.email = "amy"
        let refusal = EditDraft.Refusal(
            posted: .caller(typed), fieldErrors: [.init(field: .lastName, problem: .missing), .init(field: .email, problem: .badFormat)])

        sut.presentSavedSection(response: .invalid(loaded(), refusal))

        guard case .draft(let page, invalid: true) = spy.saved?.page else { return XCTFail("\(String(describing: spy.saved?.page))") }
        XCTAssertEqual(page.title, "Error: Order D-ABCDEF")
        XCTAssertEqual(page.fields["firstName"]?.value, "Amy")
        XCTAssertEqual(page.fields["lastName"]?.errorMessage, "Enter the customer's last name")
        XCTAssertEqual(page.errors.map(\.field), ["lastName", "email"])
        XCTAssertEqual(page.errors.last?.message, "Enter an email address in the correct format, like name@example.com")
    }

    func testALinesBadQuantityIsNamedInTheSummaryAndKeptAsTyped() {
        let refusal = EditDraft.Refusal(
            posted: .quantities(.init(line: ["l1": .init(quantity: "0")])),
            itemErrors: [.init(field: "line[l1][quantity]", problem: .quantityOutOfRange)])

        sut.presentSavedSection(response: .invalid(loaded(), refusal))

        let page = draft(spy.saved?.page)
        XCTAssertEqual(page?.errors, [.init(field: "line-l1-quantity", message: "Enter a quantity of Blue mug from 1 to 9,999")])
        XCTAssertEqual(page?.lines.first?.quantity.value, "0")
        XCTAssertEqual(page?.lines.first?.quantity.describedBy, "line-l1-quantity-error")
    }

    func testEachSavedSectionHasItsFlash() {
        sut.presentSavedSection(response: .saved(ref: "D-ABCDEF", .lineAdded(name: "Blue mug", quantity: 3)))
        XCTAssertEqual(spy.saved?.page, .saved(ref: "D-ABCDEF", flash: "Added 3 × Blue mug."))
        sut.presentSavedSection(response: .saved(ref: "D-ABCDEF", .lineRemoved(name: "Cap")))
        XCTAssertEqual(spy.saved?.page, .saved(ref: "D-ABCDEF", flash: "Removed Cap."))
    }

    func testAChangeFromAnotherVersionShowsTheDraftAsItIsNowSayingNothingWasSaved() {
        sut.presentSavedSection(response: .changedMeanwhile(current: loaded().draft))
        XCTAssertEqual(
            spy.saved?.page,
            .saved(ref: "D-ABCDEF", flash: "Someone changed this order since you opened it: nothing was saved. Check it and save again."))
    }

    // MARK: Who is calling?

    static let jane = Customer(
        id: 7, firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com",
        shippingAddress: Address(street1: "12 Main St", street2: "", city: "San Francisco", state: "CA", zip: "94107"),
        createdAt: Seeds.june29)
    static let john = Customer(
        id: 8, firstName: "John", lastName: "Doe", phone: "415-555-0100", email: "",
        billingAddress: Address(street1: "1 Bill St", street2: "", city: "Oakland", state: "CA", zip: "94601"), createdAt: Seeds.june29)

    func testCallersFoundShowTheirNameCityLastOrderAndAUseButtonThatPostsTheirID() throws {
        var loaded = loaded()
        let last = CustomerOrder(id: "1042", date: Seeds.june29, status: .paid, totalCents: 1_000)
        loaded.callers = EditDraft.CallerSearch(
            text: "0100", customers: [Self.jane, Self.john], summaries: [7: CustomerOrdersSummary(count: 3, spendCents: 3_000, last: last)])

        sut.presentDraft(response: .found(loaded))

        let shown = try XCTUnwrap(draft(spy.shown?.page))
        XCTAssertEqual(shown.callers, [
            EditDraft.DisplayedCaller(
                name: "Jane Doe", phone: "(415) 555-0100", city: "San Francisco",
                lastOrder: "#1042, \(OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!).shortDate(Seeds.june29))", id: "7",
                useLabel: "Use Jane Doe"),
            EditDraft.DisplayedCaller(
                name: "John Doe", phone: "415-555-0100", city: "Oakland", lastOrder: "No orders", id: "8", useLabel: "Use John Doe"),
        ])
        XCTAssertEqual(shown.callersCaption, "2 saved customers found for “0100”")
        XCTAssertEqual(shown.callerSearchText, "0100")
        XCTAssertNil(shown.noCallersMessage)
        XCTAssertEqual(shown.useCustomerAction, "/drafts/D-ABCDEF/customer")
        XCTAssertNil(shown.fromCustomer, "Not copied from anyone yet")
    }

    func testNoCallerFoundSaysSoAndSendsTheClerkToTheNewCallersFields() throws {
        var loaded = loaded()
        loaded.callers = EditDraft.CallerSearch(text: "Zed", customers: [], summaries: [:])

        sut.presentDraft(response: .found(loaded))

        let shown = try XCTUnwrap(draft(spy.shown?.page))
        XCTAssertEqual(shown.callers, [])
        XCTAssertEqual(shown.noCallersMessage, "No saved customer matches “Zed”: type the new caller's details below.")
    }

    func testADraftCopiedFromACustomerLinksToThem() throws {
        var loaded = loaded()
        loaded.draft.customerID = 7

        sut.presentDraft(response: .found(loaded))

        let shown = try XCTUnwrap(draft(spy.shown?.page))
        XCTAssertEqual(shown.fromCustomer, "Copied from a saved customer")
        XCTAssertEqual(shown.fromCustomerURL, "/customers/7")
        XCTAssertEqual(shown.callerFolded, true, "A complete caller copied from a customer: the form folded away")
        XCTAssertEqual(shown.callerSummary, "", "This draft's caller is empty (the check is the test's)")

        var incomplete = loaded
        incomplete.check.incomplete = [.caller]
        incomplete.draft.contact = Draft.Contact(firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "")
        sut.presentDraft(response: .found(incomplete))
        let open = try XCTUnwrap(draft(spy.shown?.page))
        XCTAssertEqual(open.callerFolded, false, "Its caller is not complete: the form stays open")
        XCTAssertEqual(open.callerSummary, "Jane Doe, (415) 555-0100")
        XCTAssertEqual(shown.callers, [])
        XCTAssertEqual(shown.callersCaption, "")
    }

    func testACompleteDraftOffersTheCheckPageAtItsTopAndAnIncompleteOneDoesNot() throws {
        var complete = loaded()
        sut.presentDraft(response: .found(complete))
        XCTAssertEqual(try XCTUnwrap(draft(spy.shown?.page)).readyToCheck, true)

        complete.check.incomplete = [.caller]
        sut.presentDraft(response: .found(complete))
        XCTAssertEqual(try XCTUnwrap(draft(spy.shown?.page)).readyToCheck, false)
    }

    func testAUsedCustomersFlashSaysToCheckTheirDetails() {
        sut.presentSavedSection(response: .saved(ref: "D-ABCDEF", .customerUsed(name: "Jane Doe")))
        XCTAssertEqual(
            spy.saved?.page, .saved(ref: "D-ABCDEF", flash: "Jane Doe's details copied into this order: check them with the caller."))
    }
}
