import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowOrderPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowOrderPresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
    }

    // MARK: Test doubles

    final class ShowOrderDisplayLogicSpy: ShowOrderDisplayLogic {
        var displayOrderCalled = false
        var viewModel: ShowOrder.GetOrder.ViewModel!

        func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel) {
            displayOrderCalled = true
            self.viewModel = viewModel
        }
    }

    // MARK: Tests

    func testTheEditAndDeleteLinksAreOfferedOnlyToWhoMayUseThem() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        for (mayEdit, mayDelete) in [(false, false), (true, false)] {
            // When
            sut.presentOrder(response: .found(Seeds.Orders.bob, mayEdit: mayEdit, mayDelete: mayDelete))

            // Then
            guard case .order(let displayedOrder) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
            XCTAssertEqual(displayedOrder.editURL, mayEdit ? "/orders/2/edit" : nil)
            XCTAssertNil(displayedOrder.deleteURL)
            XCTAssertEqual(displayedOrder.historyURL, "/orders/2/history", "Anyone may read the history")
            XCTAssertEqual(displayedOrder.slipURL, "/orders/2/slip", "Anyone who sees the order may print its packing slip")
        }
    }

    func testPresentOrderShouldFormatTheOrderForDisplay() throws {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentOrder(response: .found(Seeds.Orders.bob, mayEdit: true, mayDelete: true))

        // Then
        XCTAssert(spy.displayOrderCalled, "Presenting an order should ask the view controller to display it")
        guard case .order(let displayedOrder) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(displayedOrder.id, "2")
        XCTAssertEqual(displayedOrder.date, "30 June 2007", "A date as a person reads it")
        XCTAssertEqual(displayedOrder.email, "bob.battery@clean-swift.com")
        XCTAssertEqual(displayedOrder.name, "Bob Battery")
        XCTAssertEqual(displayedOrder.total, "$9.99")
        XCTAssertEqual(displayedOrder.phone, "222-222-2222")
        XCTAssertEqual(displayedOrder.shipmentAddress, ["3 Ship Street", "Boston, MA 02108-1234"])
        XCTAssertEqual(displayedOrder.shipmentMethod, "Two-Day Shipping")
        XCTAssertEqual(displayedOrder.billingAddress, ["2 Bob Road", "Apt 2", "Bobsville, NY 10001"])
        XCTAssertEqual(displayedOrder.cardNumber, "•••• 4444", "The card number is masked to its last four digits")
        XCTAssertEqual(displayedOrder.expirationDate, "12/30")
        XCTAssertEqual(displayedOrder.title, "Order 2")
        XCTAssertEqual(displayedOrder.editURL, "/orders/2/edit")
        XCTAssertEqual(displayedOrder.deleteURL, "/orders/2/delete")
        XCTAssertEqual(displayedOrder.historyURL, "/orders/2/history")
        XCTAssertEqual(displayedOrder.slipURL, "/orders/2/slip")
        XCTAssertEqual(displayedOrder.ordersURL, "/orders")
        XCTAssertNil(displayedOrder.createdBy, "No one is known to have created a seeded order")
        XCTAssertNil(displayedOrder.lastChanged, "Never changed")
        XCTAssertNil(displayedOrder.confirmation, "No panel but right after a create")
    }

    func testAnOrderJustCreatedIsConfirmedWithItsNumberAndAnotherOffered() throws {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        typealias DisplayedConfirmation = ShowOrder.GetOrder.ViewModel.DisplayedConfirmation
        for (confirmed, expected) in [
            (ShowOrder.GetOrder.Confirmed(note: nil, mayCreateAnother: true),
             DisplayedConfirmation(orderNumber: "2", confirmationNote: nil, createAnotherURL: "/drafts")),
            (ShowOrder.GetOrder.Confirmed(note: "Sent twice.", mayCreateAnother: false),
             DisplayedConfirmation(orderNumber: "2", confirmationNote: "Sent twice.", createAnotherURL: nil)),
        ] {
            // When
            sut.presentOrder(response: .found(Seeds.Orders.bob, mayEdit: true, confirmed: confirmed))

            // Then
            guard case .order(let displayedOrder) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
            XCTAssertEqual(displayedOrder.confirmation, expected)
            XCTAssertEqual(displayedOrder.title, "Order 2", "The rest of the page is as ever")
        }
    }

    func testPresentOrderShouldSayWhoCreatedItAndWhoChangedItLastAndWhen() throws {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.bob
        order.createdBy = AccountSeeds.amy.name
        order.updatedBy = AccountSeeds.sue.name
        order.updatedAt = Seeds.june30.addingTimeInterval(8 * 3600 + 5 * 60)  // 2:05 PM UTC

        // When
        sut.presentOrder(response: .found(order))

        // Then
        guard case .order(let displayedOrder) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(displayedOrder.createdBy, "Created by Amy Apple (Amy)")
        XCTAssertEqual(displayedOrder.lastChanged, "Last changed by Sue Super (sue) on 30 June 2007 at 2:05pm")
    }

    func testPresentOrderShouldSayWhenItWasChangedWhenNoOneWasSignedIn() throws {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.bob
        order.updatedAt = Seeds.june30

        // When
        sut.presentOrder(response: .found(order))

        // Then
        guard case .order(let displayedOrder) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertNil(displayedOrder.createdBy)
        XCTAssertEqual(displayedOrder.lastChanged, "Last changed on 30 June 2007 at 6am")
    }

    func testPresentOrderShouldSayNotFoundWhenThereIsNoOrder() {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentOrder(response: .notFound)

        // Then
        XCTAssert(spy.displayOrderCalled)
        XCTAssertEqual(spy.viewModel, .notFound)
    }

    func testPresentOrderShouldSayTheStoreIsUnavailable() {
        // Given
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentOrder(response: .storeUnavailable)

        // Then
        XCTAssertEqual(spy.viewModel, .unavailable)
    }

    func testNotesAreListedAsTheyCameWithWhoAndWhenAndTheFormOnlyForWhoMayAdd() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        let notes = [
            OrderNote(id: "2", orderID: "1", text: "Called back:\nwants it Friday", by: testAccount.name, at: Seeds.june30),
            OrderNote(id: "1", orderID: "1", text: "Left a message", by: nil, at: Seeds.june29),
        ]

        sut.presentOrder(response: .found(Seeds.Orders.amy, notes: notes, mayAddNote: true))

        guard case .order(let order) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(order.notes.map(\.text), ["Called back:\nwants it Friday", "Left a message"], "As the store gave them: newest first")
        XCTAssertTrue(order.notes[0].byline.hasPrefix("\(OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!).accountName(testAccount.name)), 30 June 2007 at"), order.notes[0].byline)
        XCTAssertTrue(order.notes[1].byline.hasPrefix("No one was signed in, 29 June 2007"), order.notes[1].byline)
        XCTAssertEqual(order.noteURL, "/orders/1/notes")
        XCTAssertEqual(order.noteHint, AddOrderNotePresenter.hint)

        sut.presentOrder(response: .found(Seeds.Orders.amy, notes: notes, mayAddNote: false))
        guard case .order(let viewed) = spy.viewModel else { return XCTFail() }
        XCTAssertNil(viewed.noteURL, "A viewer reads the notes, adds none")
        XCTAssertEqual(viewed.notes.count, 2)
    }

    // MARK: Goods

    /// An order of goods lists its lines (a typed price with its reason and the catalog's) and
    /// what they add up to, with the rate the tax was computed at; the summary's total is the real one.
    func testAnOrderOfGoodsListsItsLinesAndTotals() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy

        sut.presentOrder(response: .found(GoodsSeeds.order))

        guard case .order(let displayed) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        typealias Line = ShowOrder.GetOrder.ViewModel.DisplayedLine
        XCTAssertEqual(
            displayed.lines,
            [
                Line(sku: "WID-1", name: "Blue widget", quantity: "3", unitPrice: "$12.50", priceNote: nil, amount: "$37.50"),
                Line(
                    sku: "GAD-2", name: "Gadget & case", quantity: "1", unitPrice: "$45.00",
                    priceNote: "Typed price: Damaged box (catalog price $49.99)", amount: "$45.00"),
            ])
        XCTAssertEqual(
            displayed.totals,
            ShowOrder.GetOrder.ViewModel.DisplayedTotals(
                subtotal: "$82.50", shipping: "$9.99", taxLabel: "Tax (8.875% NY)", tax: "$7.32", total: "$99.81"))
        XCTAssertEqual(displayed.total, "$99.81", "The summary's total is the order's, in cents")
        XCTAssertNil(displayed.itemsNote)
        XCTAssertNil(displayed.itemForms, "No item forms unless the interactor offers them")
    }

    /// The item forms of a new order (`Scenes/ChangeOrderItems`): each line's quantity box named by
    /// its key, its remove and price forms (the price as a form field holds it, its reason).
    func testTheItemFormsNameEachLineByItsKey() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = GoodsSeeds.order
        order.id = "2"

        sut.presentOrder(response: .found(order, mayChangeItems: true))

        guard case .order(let displayed) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        let forms = try XCTUnwrap(displayed.itemForms)
        XCTAssertEqual(forms.quantitiesURL, "/orders/2/lines/quantities")
        XCTAssertEqual(forms.addLineURL, "/orders/2/lines")
        XCTAssertEqual(
            forms.lines[1],
            .init(
                label: "GAD-2 Gadget & case", quantityID: "line-l2-quantity", quantityName: "line[l2][quantity]", quantity: "1",
                removeURL: "/orders/2/lines/l2/remove", priceURL: "/orders/2/lines/l2/price", priceID: "price-l2", reasonID: "reason-l2",
                price: "45.00", reason: "Damaged box"))
    }

    /// An order keyed before lines were recorded says so, and its total is its shipping, whatever
    /// a store kept in its totals.
    func testAnOrderKeyedBeforeItemsWereKeptSaysSoAndCostsItsShipping() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var legacy = Seeds.Orders.bob
        legacy.totals = OrderTotals(subtotalCents: 0, shippingCents: 0, taxCents: 0, tax: nil)

        sut.presentOrder(response: .found(legacy))

        guard case .order(let displayed) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(displayed.itemsNote, "Items were not recorded for this order (it was taken before items were kept).")
        XCTAssertEqual(displayed.lines, [])
        XCTAssertNil(displayed.totals)
        XCTAssertEqual(displayed.total, "$9.99", "Two-Day shipping")
    }

    /// A new order whose every line was removed says it has none, and costs its shipping.
    func testAnOrderOfGoodsWithNoLinesLeftSaysSo() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = GoodsSeeds.order
        order.lines = []
        order.totals = OrderTotals.priced(lines: &order.lines, shippingCents: 999, tax: GoodsSeeds.newYork.applied)

        sut.presentOrder(response: .found(order))

        guard case .order(let displayed) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(displayed.itemsNote, "This order has no items.")
        XCTAssertEqual(displayed.totals?.total, "$9.99")
        XCTAssertEqual(displayed.totals?.tax, "$0.00")
    }
}
