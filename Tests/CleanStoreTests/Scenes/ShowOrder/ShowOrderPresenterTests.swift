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

    func testAWaitingCancellationRequestOffersASupervisorTheDecisionOnly() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.bob
        order.status = .paid
        order.cancellationRequest = CancellationRequest(reason: "Sent twice", by: nil, at: Date(timeIntervalSince1970: 0))

        // A supervisor who may cancel and may decide: the decision, no "Cancel order" beside it.
        sut.presentOrder(response: .found(order, mayCancel: true, mayDecideCancellation: true))
        guard case .order(let deciding) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(deciding.cancellationRequest?.decisionURL, "/orders/2/status")
        XCTAssertNil(deciding.cancelURL, "while a request waits, the decision only")

        // No request waiting: the supervisor's "Cancel order".
        order.cancellationRequest = nil
        sut.presentOrder(response: .found(order, mayCancel: true))
        guard case .order(let open) = spy.viewModel else { return XCTFail() }
        XCTAssertNil(open.cancellationRequest)
        XCTAssertEqual(open.cancelURL, "/orders/2/cancel")
    }

    func testAnOrderTakenForASavedCustomerLinksToThem() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.bob
        order.customerID = 12

        sut.presentOrder(response: .found(order))
        guard case .order(let linked) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(linked.customerURL, "/customers/12")

        sut.presentOrder(response: .found(Seeds.Orders.bob))
        guard case .order(let unlinked) = spy.viewModel else { return XCTFail() }
        XCTAssertNil(unlinked.customerURL, "No customer: no link")
    }

    /// "New order for this customer" for an order with a customer, "Repeat this order" for one with
    /// items, each for who may take orders only.
    func testANewOrderFromThisOneIsOfferedWhenThereIsSomethingToStartFrom() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = GoodsSeeds.order
        order.customerID = 12
        sut.presentOrder(response: .found(order, mayStartDraft: true))
        guard case .order(let both) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(both.newDraftURL, "/orders/2/new-draft")
        XCTAssertEqual(both.repeatURL, "/orders/2/repeat")

        sut.presentOrder(response: .found(order, mayStartDraft: false))
        guard case .order(let viewer) = spy.viewModel else { return XCTFail() }
        XCTAssertNil(viewer.newDraftURL, "Not for who may not take orders")
        XCTAssertNil(viewer.repeatURL)

        sut.presentOrder(response: .found(Seeds.Orders.amy, mayStartDraft: true))
        guard case .order(let neither) = spy.viewModel else { return XCTFail() }
        XCTAssertNil(neither.newDraftURL, "No customer to start for")
        XCTAssertNil(neither.repeatURL, "No items to repeat")
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
        XCTAssertEqual(order.timeline.map(\.text), ["Called back:\nwants it Friday", "Left a message"], "As the store gave them: newest first")
        XCTAssertEqual(order.timeline.map(\.title), ["Note", "Note"])
        XCTAssertEqual(order.timeline[0].by, OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!).accountName(testAccount.name))
        XCTAssertEqual(order.timeline[0].date, "30 June 2007 at 6am")
        XCTAssertEqual(order.timeline[0].machineDate, "2007-06-30T06:00:00+00:00")
        XCTAssertEqual(order.timeline[1].by, "No one was signed in")
        XCTAssertEqual(order.timeline[1].date, "29 June 2007 at 6am")
        XCTAssertEqual(order.noteURL, "/orders/1/notes")
        XCTAssertEqual(order.noteHint, AddOrderNotePresenter.hint)

        sut.presentOrder(response: .found(Seeds.Orders.amy, notes: notes, mayAddNote: false))
        guard case .order(let viewed) = spy.viewModel else { return XCTFail() }
        XCTAssertNil(viewed.noteURL, "A viewer reads the notes, adds none")
        XCTAssertEqual(viewed.timeline.count, 2)
    }

    /// One timeline: the history's events (created, changed, status moves, cancelled) and the notes
    /// together, newest first; at the same moment an event comes before a note. Each event says what
    /// the history page says of it.
    func testTheTimelineHoldsEventsAndNotesNewestFirst() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        let sue = AccountSeeds.sue.name
        let events = [
            OrderEvent(
                orderID: "1", kind: .updated, by: sue, at: Seeds.june30.addingTimeInterval(3600),
                changes: [OrderChange(field: "Status", old: "Paid", new: "Cancelled"), OrderChange(field: "Cancellation reason", old: "", new: "Changed their mind")],
                statusChange: .init(from: .paid, to: .cancelled, reason: "Changed their mind")),
            OrderEvent(
                orderID: "1", kind: .updated, by: sue, at: Seeds.june30,
                changes: [OrderChange(field: "Status", old: "New", new: "Paid")], statusChange: .init(from: .new, to: .paid)),
            OrderEvent(
                orderID: "1", kind: .updated, by: nil, at: Seeds.june29.addingTimeInterval(60),
                changes: [OrderChange(field: "First name", old: "Amy", new: "Ann")]),
            OrderEvent(orderID: "1", kind: .created, by: AccountSeeds.amy.name, at: Seeds.june29),
        ]
        let notes = [
            OrderNote(id: "2", orderID: "1", text: "Paid by phone", by: sue, at: Seeds.june30),
            OrderNote(id: "1", orderID: "1", text: "Called", by: nil, at: Seeds.june29.addingTimeInterval(120)),
        ]

        sut.presentOrder(response: .found(Seeds.Orders.amy, notes: notes, events: events))

        guard case .order(let order) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(
            order.timeline.map(\.title), ["Order cancelled", "Order marked as paid", "Note", "Note", "Order changed", "Order created"])
        XCTAssertEqual(order.timeline.map(\.text), [nil, nil, "Paid by phone", "Called", nil, nil])
        XCTAssertEqual(
            order.timeline[0].changes,
            [.init(field: "Status", old: "Paid", new: "Cancelled"), .init(field: "Cancellation reason", old: "(empty)", new: "Changed their mind")],
            "The cancellation and its reason")
        XCTAssertEqual(order.timeline[0].by, "Sue Super (sue)")
        XCTAssertEqual(order.timeline[0].date, "30 June 2007 at 7am")
        XCTAssertEqual(order.timeline[4].changes, [.init(field: "First name", old: "Amy", new: "Ann")], "What an edit changed")
        XCTAssertEqual(order.timeline[4].by, "No one was signed in")
    }

    /// The page's one primary action is the order's next move, for who may move it: a button to
    /// mark it paid or packed, the ship page's link for a packed order (shipped is final: it asks
    /// first); none for a shipped or cancelled order.
    func testThePrimaryActionIsTheNextMove() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        for (status, button, shipURL) in [
            (OrderStatus.new, ShowOrder.GetOrder.ViewModel.StatusButton(label: "Mark as paid", action: "markPaid"), nil),
            (.paid, .init(label: "Mark as packed", action: "markPacked"), nil), (.packed, nil, "/orders/1/ship"),
        ] {
            var order = Seeds.Orders.amy
            order.status = status
            sut.presentOrder(response: .found(order, mayChangeStatus: true))
            guard case .order(let shown) = spy.viewModel else { return XCTFail() }
            XCTAssertEqual(shown.statusButton, button, "\(status)")
            XCTAssertEqual(shown.shipURL, shipURL, "\(status)")
            XCTAssertNil(shown.shipment, "\(status)")

            sut.presentOrder(response: .found(order, mayChangeStatus: false))
            guard case .order(let viewed) = spy.viewModel else { return XCTFail() }
            XCTAssertNil(viewed.statusButton, "\(status): no move for who may not")
            XCTAssertNil(viewed.shipURL, "\(status): no move for who may not")
        }
        for status in [OrderStatus.shipped, .cancelled] {
            var order = Seeds.Orders.amy
            order.status = status
            sut.presentOrder(response: .found(order, mayChangeStatus: true))
            guard case .order(let shown) = spy.viewModel else { return XCTFail() }
            XCTAssertNil(shown.statusButton, "\(status)")
            XCTAssertNil(shown.shipURL, "\(status)")
        }
    }

    /// A shipped order says when, by which carrier and its tracking number, with the form to add or
    /// correct it for who may ship; an order shipped before these were kept says so.
    func testAShippedOrderSaysItsShipment() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.amy
        order.status = .shipped
        order.shippedAt = Seeds.june30
        order.carrier = "UPS"
        sut.presentOrder(response: .found(order, mayChangeTracking: true))
        guard case .order(let shown) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(
            shown.shipment,
            .init(shippedOn: "30 June 2007", carrier: "UPS", trackingNumber: nil, trackingURL: "/orders/1/tracking", trackingLabel: "Add a tracking number"))

        order.trackingNumber = "1Z999AA10123456784"
        sut.presentOrder(response: .found(order, mayChangeTracking: false))
        guard case .order(let viewed) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(viewed.shipment?.trackingNumber, "1Z999AA10123456784")
        XCTAssertEqual(viewed.shipment?.trackingLabel, "Correct the tracking number")
        XCTAssertNil(viewed.shipment?.trackingURL, "A viewer reads it, changes nothing")

        var old = Seeds.Orders.amy
        old.status = .shipped
        sut.presentOrder(response: .found(old))
        guard case .order(let before) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(before.shipment?.shippedOn, "Not recorded")
        XCTAssertEqual(before.shipment?.carrier, "Not recorded")
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

    /// A refused item form (`Scenes/ChangeOrderItems`) comes back on the order's page: an added line
    /// as typed (a control character shown as �), each error at its box and in the summary.
    func testARefusedAddedLineComesBackOnThePageAsTypedEachFieldWithItsMessage() throws {
        let displayed = try presentedWithRefusedItems(
            .addLine(.init(sku: "nope\u{0007}", quantity: "0", version: "1")),
            errors: [.init(field: "sku", problem: .unknownSKU("NOPE")), .init(field: "quantity", problem: .quantity)])

        XCTAssertEqual(displayed.title, "Error: Order 2")
        XCTAssertEqual(displayed.formMessage, "The items were not changed.")
        XCTAssertEqual(
            displayed.errors,
            [
                .init(field: "sku", message: "No product has the SKU NOPE: check it in the catalog"),
                .init(field: "quantity", message: "Enter a quantity from 1 to 9,999"),
            ])
        let forms = try XCTUnwrap(displayed.itemForms)
        XCTAssertEqual(forms.addSKU, "nope\u{FFFD}", "A control character is shown as �")
        XCTAssertEqual(forms.addQuantity, "0")
        XCTAssertEqual(forms.addSKUError, "No product has the SKU NOPE: check it in the catalog")
        XCTAssertEqual(forms.addQuantityError, "Enter a quantity from 1 to 9,999")
        XCTAssertEqual(forms.lines.map(\.quantity), ["3", "1"], "The other forms show the order as stored")
    }

    func testRefusedQuantitiesComeBackForEveryLineTheTypedOnesAsTyped() throws {
        let displayed = try presentedWithRefusedItems(
            .quantities(.init(line: ["l1": .init(quantity: "0")], version: "1")),
            errors: [.init(field: "line-l1-quantity", problem: .quantity)])

        let lines = try XCTUnwrap(displayed.itemForms).lines
        XCTAssertEqual(lines.map(\.quantity), ["0", "1"])
        XCTAssertEqual(lines.map(\.quantityError), ["Enter a quantity from 1 to 9,999", nil])
        XCTAssertEqual(displayed.errors.map(\.field), ["line-l1-quantity"])
    }

    func testARefusedPriceComesBackInItsLinesOpenFormLinkedByItsOwnIDs() throws {
        let displayed = try presentedWithRefusedItems(
            .price(key: "l2", .init(price: "x", reason: "Damaged", version: "1")),
            errors: [.init(field: "price", problem: .price), .init(field: "reason", problem: .reason(.missing))])

        let lines = try XCTUnwrap(displayed.itemForms).lines
        XCTAssertEqual(lines[1].price, "x")
        XCTAssertEqual(lines[1].reason, "Damaged")
        XCTAssertEqual(lines[1].priceError, "Enter a price in dollars and cents, like 12.50")
        XCTAssertEqual(lines[1].reasonError, "Enter why this price is charged")
        XCTAssertTrue(lines[1].priceOpen)
        XCTAssertFalse(lines[0].priceOpen)
        XCTAssertEqual(lines[0].price, "12.50", "Another line's form shows its price as stored")
        XCTAssertEqual(displayed.errors.map(\.field), ["price-l2", "reason-l2"])
    }

    func testNoRefusedFormNoErrorSummary() throws {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        sut.presentOrder(response: .found(GoodsSeeds.order, mayChangeItems: true))
        guard case .order(let displayed) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(displayed.errors, [])
        XCTAssertFalse(displayed.hasErrors)
        XCTAssertNil(displayed.formMessage)
        XCTAssertEqual(displayed.itemForms?.addQuantity, "1")
    }

    private func presentedWithRefusedItems(
        _ form: ChangeOrderItems.Form, errors: [ChangeOrderItems.FieldError]
    ) throws -> ShowOrder.GetOrder.ViewModel.DisplayedOrder {
        let spy = ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var order = GoodsSeeds.order
        order.id = "2"
        sut.presentOrder(response: .found(order, mayChangeItems: true, refusedItems: .init(form: form, errors: errors)))
        let page: ShowOrder.GetOrder.ViewModel.DisplayedOrder? = if case .order(let displayed) = spy.viewModel { displayed } else { nil }
        let displayed = try XCTUnwrap(page, "The order's page: \(String(describing: spy.viewModel))")
        XCTAssertTrue(displayed.hasErrors)
        return displayed
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
