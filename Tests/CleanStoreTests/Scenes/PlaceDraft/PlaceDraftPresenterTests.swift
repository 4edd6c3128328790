import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PlaceDraftPresenterTests: XCTestCase {
    var sut: PlaceDraftPresenter!
    var spy: PlaceDraftDisplayLogicSpy!

    final class PlaceDraftDisplayLogicSpy: PlaceDraftDisplayLogic {
        var checked: PlaceDraft.CheckDraft.ViewModel?
        var placed: PlaceDraft.Place.ViewModel?
        var decided: PlaceDraft.DecidePrice.ViewModel?

        func displayCheckedDraft(viewModel: PlaceDraft.CheckDraft.ViewModel) { checked = viewModel }
        func displayPlacedOrder(viewModel: PlaceDraft.Place.ViewModel) { placed = viewModel }
        func displayDecidedPrice(viewModel: PlaceDraft.DecidePrice.ViewModel) { decided = viewModel }
    }

    override func setUp() {
        super.setUp()
        sut = PlaceDraftPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = PlaceDraftDisplayLogicSpy()
        sut.viewController = spy
    }

    static let checked = PlaceDraft.Checked(
        draft: Draft(ref: "D-ABCDEF", createdAt: Seeds.june29),
        check: PlacingCheck(missingTaxRegion: "OR", totals: OrderTotals(subtotalCents: 0, shippingCents: 0, taxCents: 0, tax: nil), incomplete: [.items]),
        orderKey: "k", duplicateAccepted: false)

    func check(_ page: PlaceDraft.DisplayedPage?) -> PlaceDraft.DisplayedCheck? {
        if case .check(let check, _) = page { return check }
        return nil
    }

    func testWhatStandsInTheWayIsListedAndNoCardIsAskedFor() {
        sut.presentCheckedDraft(response: .checked(Self.checked))
        let page = check(spy.checked?.page)
        XCTAssertEqual(page?.problems, ["Add at least one item", "No tax rate for OR — ask a supervisor"])
        XCTAssertEqual(page?.canPlace, false)
        XCTAssertEqual(page?.heading, "This order cannot be placed yet")
    }

    func testADraftChangedEmptiesTheCardWithAMessageAtEachField() {
        var typed = PlaceDraft.PlaceFormFields()
        typed.paymentMethodCreditCardNumber = "4111111111111111"
        typed.paymentMethodCVV = "123"
        sut.presentPlacedOrder(response: .checkAgain(Self.checked, .draftChanged, typed: typed))
        guard case .check(let page, .conflict) = spy.placed?.page else { return XCTFail() }
        XCTAssertEqual(page.fields["paymentMethodCreditCardNumber"]?.value, "")
        XCTAssertEqual(page.fields["paymentMethodCreditCardNumber"]?.errorMessage, PlaceDraftPresenter.typeCardAgainMessage)
        XCTAssertEqual(page.fields["paymentMethodCVV"]?.errorMessage, PlaceDraftPresenter.typeCVVAgainMessage)
        XCTAssertEqual(page.formMessage, PlaceDraftPresenter.draftChangedMessage)
    }

    func testSaveThisCallerIsTickedFirstKeptAsPostedAndSaysWhatItDoes() {
        sut.presentCheckedDraft(response: .checked(Self.checked))
        XCTAssertEqual(check(spy.checked?.page)?.saveCaller, true, "Ticked by default")
        XCTAssertEqual(check(spy.checked?.page)?.saveCallerHint, "Adds them to the saved customers, with this order's addresses as theirs.")

        var copied = Self.checked
        copied.draft.customerID = 7
        var typed = PlaceDraft.PlaceFormFields()
        typed.paymentMethodCVV = "12"
        sut.presentPlacedOrder(response: .checkAgain(copied, .invalidCard([]), typed: typed))
        guard case .check(let page, _) = spy.placed?.page else { return XCTFail() }
        XCTAssertEqual(page.saveCaller, false, "Unticked by the clerk: still unticked")
        XCTAssertEqual(
            page.saveCallerHint, "Updates the saved customer this order was copied from: this order's contact and addresses become theirs.")
    }

    func testAPlacedOrderGoesToItsPageAndASecondPostSaysSo() {
        var order = Seeds.Orders.amy
        order.id = "7"
        sut.presentPlacedOrder(response: .placed(order))
        XCTAssertEqual(spy.placed?.page, .placed(orderID: "7", note: nil))
        sut.presentPlacedOrder(response: .alreadyPlaced(order))
        XCTAssertEqual(spy.placed?.page, .placed(orderID: "7", note: CreateOrderPresenter.alreadyCreatedMessage(orderID: "7")))
    }
}
