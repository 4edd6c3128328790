import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The words of a draft started from an order's page, and of a repeated order's draft page.
final class EditDraftStartPresenterTests: XCTestCase {
    var sut: EditDraftPresenter!
    var spy: EditDraftPresenterTests.EditDraftDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = EditDraftPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = EditDraftPresenterTests.EditDraftDisplayLogicSpy()
        sut.viewController = spy
    }

    func testEachStartGoesToItsDraftOrIsRefused() {
        sut.presentStartedDraft(response: .createdForCustomer(ref: "D-ABCDEF", name: "Jane Doe"))
        XCTAssertEqual(
            spy.started?.page,
            .saved(ref: "D-ABCDEF", flash: "Order D-ABCDEF started for Jane Doe: their details are copied in. Check them with the caller."))
        sut.presentStartedDraft(response: .repeated(ref: "D-ABCDEF", orderID: "1042"))
        XCTAssertEqual(
            spy.started?.page,
            .repeated(ref: "D-ABCDEF", orderID: "1042", flash: "Order D-ABCDEF started from order 1042: check the items, their prices and stock."))
        sut.presentStartedDraft(response: .nothingToStartFrom(orderID: "7", repeating: true))
        XCTAssertEqual(spy.started?.page, .refused(.nothingToStartFrom(orderID: "7", repeating: true)))
        sut.presentStartedDraft(response: .orderNotFound)
        XCTAssertEqual(spy.started?.page, .notFound)
    }

    func testARepeatedDraftMarksEachLineWhosePriceChangedAndSaysWhatCouldNotBeRepeated() throws {
        // The order: 3 × WID-1 at $12.50, 1 × GAD-2 typed at $45.00, 2 × BK-3 at $20.00 (no longer sold)
        let ordered = GoodsSeeds.order.lines + [GoodsSeeds.line(GoodsSeeds.book, number: 3, quantity: 2)]
        var widget = GoodsSeeds.line(GoodsSeeds.widget, number: 1, quantity: 3)
        widget.catalogPriceCents = 1_350
        widget.unitPriceCents = 1_350
        let gadget = GoodsSeeds.line(GoodsSeeds.gadget, number: 2, quantity: 1)
        let draft = Draft(ref: "D-ABCDEF", lines: [widget, gadget], nextLineNumber: 3, createdAt: Seeds.june29)
        let loaded = EditDraft.Loaded(
            draft: draft,
            check: PlacingCheck(
                shortages: [StockShortage(sku: "GAD-2", name: "Gadget & case", wanted: 1, available: 0)],
                totals: OrderTotals(subtotalCents: 9_049, shippingCents: 0, taxCents: 0, tax: nil)),
            repeated: EditDraft.Repeated(orderID: "1042", ordered: ordered, notSold: [ordered[2]]))

        sut.presentDraft(response: .found(loaded))

        guard case .draft(let shown, invalid: false) = spy.shown?.page else { return XCTFail("\(String(describing: spy.shown?.page))") }
        XCTAssertEqual(
            shown.lines.map(\.priceChanged),
            ["Price changed: was $12.50 when ordered, now $13.50", "Price changed: was $45.00 when ordered, now $49.99"])
        XCTAssertEqual(shown.repeatNotice, "Repeated from order 1042, each item at today's price.")
        XCTAssertEqual(shown.repeatOrderURL, "/orders/1042")
        XCTAssertEqual(shown.repeatOrderLabel, "See order 1042 as it was placed")
        XCTAssertEqual(
            shown.repeatProblems,
            [
                "Handbook (BK-3) is no longer sold, so it was not added (2 on the order).",
                "Gadget & case (GAD-2) is short of stock: 0 available, 1 on this order. Change the quantity before placing.",
            ])
    }

    func testALineAtThePriceItWasOrderedAtIsNotMarkedAndADraftThatRepeatsNothingSaysNothing() throws {
        let ordered = [GoodsSeeds.line(GoodsSeeds.widget, number: 1, quantity: 3)]
        let draft = Draft(ref: "D-ABCDEF", lines: ordered, nextLineNumber: 2, createdAt: Seeds.june29)
        let check = PlacingCheck(totals: OrderTotals(subtotalCents: 3_750, shippingCents: 0, taxCents: 0, tax: nil))
        sut.presentDraft(
            response: .found(EditDraft.Loaded(draft: draft, check: check, repeated: EditDraft.Repeated(orderID: "5", ordered: ordered, notSold: []))))
        guard case .draft(let same, _) = spy.shown?.page else { return XCTFail() }
        XCTAssertEqual(same.lines.map(\.priceChanged), [nil])
        XCTAssertEqual(same.repeatProblems, [])

        sut.presentDraft(response: .found(EditDraft.Loaded(draft: draft, check: check)))
        guard case .draft(let plain, _) = spy.shown?.page else { return XCTFail() }
        XCTAssertNil(plain.repeatNotice)
        XCTAssertNil(plain.repeatOrderURL)
        XCTAssertEqual(plain.lines.map(\.priceChanged), [nil])
    }
}
