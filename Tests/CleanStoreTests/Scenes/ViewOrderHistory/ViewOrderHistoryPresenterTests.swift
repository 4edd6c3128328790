import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ViewOrderHistoryPresenterTests: XCTestCase {
    typealias ViewModel = ViewOrderHistory.FetchHistory.ViewModel

    // MARK: Subject under test

    var sut: ViewOrderHistoryPresenter!
    var spy: ViewOrderHistoryDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ViewOrderHistoryPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "America/Los_Angeles")!))
        spy = ViewOrderHistoryDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ViewOrderHistoryDisplayLogicSpy: ViewOrderHistoryDisplayLogic {
        var displayHistoryViewModel: ViewOrderHistory.FetchHistory.ViewModel?

        func displayHistory(viewModel: ViewOrderHistory.FetchHistory.ViewModel) {
            displayHistoryViewModel = viewModel
        }
    }

    func history(file: StaticString = #filePath, line: UInt = #line) throws -> ViewModel.DisplayedHistory {
        guard case .history(let history) = spy.displayHistoryViewModel else {
            XCTFail("\(String(describing: spy.displayHistoryViewModel))", file: file, line: line)
            throw UnexpectedValue()
        }
        return history
    }

    // MARK: Tests

    func testPresentHistoryShouldSayWhoWhenAndWhatNewestFirstInTheShopsTimeZone() throws {
        // Given: created by Amy, changed by Sue, saved by no one signed in with no change
        let events = [
            OrderEvent(orderID: "2", kind: .updated, by: nil, at: Seeds.june30.addingTimeInterval(3600)),
            OrderEvent(
                orderID: "2", kind: .updated, by: AccountSeeds.sue.name, at: Seeds.june30,
                changes: [
                    OrderChange(field: "First name", old: "Bob", new: "Rob"),
                    OrderChange(field: "Shipment address, street line 2", old: "", new: "Suite 1"),
                    OrderChange(field: "Card number", old: "ending 4444", new: "ending 1111"),
                ]),
            OrderEvent(orderID: "2", kind: .created, by: AccountSeeds.amy.name, at: Seeds.june29),
        ]

        // When
        sut.presentHistory(response: .found(orderID: "2", events: events, isDeleted: false))

        // Then
        let history = try history()
        XCTAssertEqual(history.title, "History of order 2")
        XCTAssertEqual(history.orderID, "2")
        XCTAssertNil(history.deletedNotice)
        XCTAssertEqual(history.orderURL, "/orders/2")
        XCTAssertEqual(history.ordersURL, "/orders")
        XCTAssertNil(history.emptyMessage)
        XCTAssertEqual(history.events, [
            ViewModel.DisplayedEvent(
                title: "Order changed", by: "No one was signed in", date: "30 June 2007 at midnight", machineDate: "2007-06-30T00:00:00-07:00",
                changes: [], noChanges: "Saved with no changes."),
            ViewModel.DisplayedEvent(
                title: "Order changed", by: "Sue Super (sue)", date: "29 June 2007 at 11pm", machineDate: "2007-06-29T23:00:00-07:00",
                changes: [
                    ViewModel.DisplayedChange(field: "First name", old: "Bob", new: "Rob"),
                    ViewModel.DisplayedChange(field: "Shipment address, street line 2", old: "(empty)", new: "Suite 1"),
                    ViewModel.DisplayedChange(field: "Card number", old: "ending 4444", new: "ending 1111"),
                ], noChanges: nil),
            ViewModel.DisplayedEvent(
                title: "Order created", by: "Amy Apple (Amy)", date: "28 June 2007 at 11pm", machineDate: "2007-06-28T23:00:00-07:00",
                changes: [], noChanges: nil),
        ])
    }

    func testPresentHistoryShouldSayTheOrderWasDeletedAndNotLinkToIt() throws {
        // When
        sut.presentHistory(
            response: .found(orderID: "2", events: [OrderEvent(orderID: "2", kind: .deleted, by: AccountSeeds.sue.name, at: Seeds.june30)], isDeleted: true))

        // Then
        let history = try history()
        XCTAssertEqual(history.deletedNotice, "Order 2 was deleted. Its history is kept.")
        XCTAssertNil(history.orderURL, "No page to go back to")
        XCTAssertEqual(history.events.map(\.title), ["Order deleted"])
    }

    /// Issue 25: a card replaced by another with the same last four (`OrderChange.between`).
    func testACardReplacedByAnotherWithTheSameLastFourSaysSo() throws {
        let event = OrderEvent(
            orderID: "2", kind: .updated, by: AccountSeeds.sue.name, at: Seeds.june30,
            changes: [OrderChange(field: "Card number", old: "ending 1111", new: "ending 1111"), OrderChange(field: "First name", old: "Bob", new: "Rob")])
        sut.presentHistory(response: .found(orderID: "2", events: [event], isDeleted: false))
        XCTAssertEqual(try history().events.first?.changes, [
            ViewModel.DisplayedChange(field: "Card number", old: "ending 1111", new: "ending 1111", summary: "Card changed, still ending 1111"),
            ViewModel.DisplayedChange(field: "First name", old: "Bob", new: "Rob"),
        ])
    }

    /// A new order's items changed (`OrderLineWrites.lineChanges`): "Items changed", each line
    /// added or removed by itself, a quantity and a price (with its reason) old → new, and the
    /// tax said to be re-computed.
    func testAnItemsChangeSaysEachLineAndTheTaxReComputed() throws {
        let before = GoodsSeeds.order
        var after = before
        after.lines[0].quantity = 5
        after.lines.remove(at: 1)
        after.lines.append(GoodsSeeds.line(GoodsSeeds.book, number: 3, quantity: 2, priceCents: 1_800, reason: "Loyal customer"))
        after.totals = OrderTotals.priced(lines: &after.lines, shippingCents: 999, tax: GoodsSeeds.newYork.applied)
        let event = OrderEvent(
            orderID: "2", kind: .updated, by: AccountSeeds.sue.name, at: Seeds.june30,
            changes: OrderLineWrites.lineChanges(from: before, to: after))

        sut.presentHistory(response: .found(orderID: "2", events: [event], isDeleted: false))

        let displayed = try history().events.first
        XCTAssertEqual(displayed?.title, "Items changed")
        XCTAssertEqual(displayed?.changes, [
            ViewModel.DisplayedChange(field: "Quantity of WID-1", old: "3", new: "5"),
            ViewModel.DisplayedChange(
                field: "Item added", old: "(empty)", new: "2 × BK-3 Handbook at $18.00", summary: "2 × BK-3 Handbook at $18.00"),
            ViewModel.DisplayedChange(
                field: "Item removed", old: "1 × GAD-2 Gadget & case at $45.00", new: "(empty)",
                summary: "1 × GAD-2 Gadget & case at $45.00"),
            ViewModel.DisplayedChange(field: "Tax re-computed", old: "$7.32", new: "$5.55"),
            ViewModel.DisplayedChange(field: "Total", old: "$99.81", new: "$114.04"),
        ])
    }

    /// An order moved by a merge of customers (`CustomersMerge.orderEvent`) says whose it is now,
    /// and from whom.
    func testACustomersMergeIsTitledByTheSurvivor() throws {
        let event = OrderEvent(
            orderID: "2", kind: .updated, by: AccountSeeds.sue.name, at: Seeds.june30,
            changes: [OrderChange(field: "Customer merged", old: "Jane Doe (customer 2)", new: "Jane Doe (customer 1)")])

        sut.presentHistory(response: .found(orderID: "2", events: [event], isDeleted: false))

        let displayed = try history().events.first
        XCTAssertEqual(displayed?.title, "Customer merged: now Jane Doe (customer 1)")
        XCTAssertEqual(displayed?.changes, [ViewModel.DisplayedChange(field: "Customer merged", old: "Jane Doe (customer 2)", new: "Jane Doe (customer 1)")])
        XCTAssertNil(displayed?.noChanges)
    }

    /// A typed price's change says its reason.
    func testARepricedLineSaysItsReason() throws {
        let before = GoodsSeeds.order
        var after = before
        after.lines[0].unitPriceCents = 1_000
        after.lines[0].priceReason = "Price match"
        after.totals = OrderTotals.priced(lines: &after.lines, shippingCents: 999, tax: GoodsSeeds.newYork.applied)
        let event = OrderEvent(
            orderID: "2", kind: .updated, by: nil, at: Seeds.june30, changes: OrderLineWrites.lineChanges(from: before, to: after))

        sut.presentHistory(response: .found(orderID: "2", events: [event], isDeleted: false))

        XCTAssertEqual(try history().events.first?.title, "Items changed")
        XCTAssertEqual(
            try history().events.first?.changes.first,
            ViewModel.DisplayedChange(field: "Price of WID-1", old: "$12.50", new: "$10.00 (Price match)"))
    }

    func testAStatusChangeIsTitledByItsMove() throws {
        let sue = AccountSeeds.sue.name
        let events = [
            OrderEvent(orderID: "2", kind: .updated, by: sue, at: Seeds.june30, changes: [OrderChange(field: "Status", old: "Packed", new: "Cancelled")],
                statusChange: .init(from: .packed, to: .cancelled, reason: "Lost")),
            OrderEvent(orderID: "2", kind: .updated, by: sue, at: Seeds.june30, statusChange: .init(from: .paid, to: .packed)),
            OrderEvent(orderID: "2", kind: .updated, by: sue, at: Seeds.june29, statusChange: .init(from: .new, to: .paid)),
        ]
        sut.presentHistory(response: .found(orderID: "2", events: events, isDeleted: false))
        XCTAssertEqual(try history().events.map(\.title), ["Order cancelled", "Order marked as packed", "Order marked as paid"])
    }

    func testACancellationRequestsStepsAreTitledByWhatHappened() throws {
        let sue = AccountSeeds.sue.name
        let request = OrderChange(field: OrderChange.cancellationRequestField, old: "", new: "Wrong size")
        let answered = OrderChange(field: OrderChange.cancellationRequestField, old: "Wrong size", new: "")
        let events = [
            OrderEvent(
                orderID: "2", kind: .updated, by: sue, at: Seeds.june30,
                changes: [OrderChange(field: "Status", old: "Paid", new: "Cancelled"), answered],
                statusChange: .init(from: .paid, to: .cancelled, reason: "Wrong size")),
            OrderEvent(orderID: "2", kind: .updated, by: sue, at: Seeds.june30, changes: [answered]),
            OrderEvent(orderID: "2", kind: .updated, by: testAccount.name, at: Seeds.june29, changes: [request]),
        ]
        sut.presentHistory(response: .found(orderID: "2", events: events, isDeleted: false))
        let shown = try history().events
        XCTAssertEqual(shown.map(\.title), ["Cancellation approved: order cancelled", "Cancellation declined", "Supervisor asked to cancel"])
        XCTAssertEqual(shown.last?.changes.first?.new, "Wrong size", "the reason, as asked")
    }

    func testPresentHistoryShouldSayWhenNothingIsRecorded() throws {
        // When
        sut.presentHistory(response: .found(orderID: "1", events: [], isDeleted: false))

        // Then
        let history = try history()
        XCTAssertEqual(history.events, [])
        XCTAssertEqual(history.emptyMessage, "No changes to this order have been recorded: it was created before the app kept a history.")
    }

    func testPresentHistoryShouldSayNotFoundOrUnavailable() {
        sut.presentHistory(response: .notFound)
        XCTAssertEqual(spy.displayHistoryViewModel, .notFound)
        sut.presentHistory(response: .storeUnavailable)
        XCTAssertEqual(spy.displayHistoryViewModel, .unavailable)
    }
}
