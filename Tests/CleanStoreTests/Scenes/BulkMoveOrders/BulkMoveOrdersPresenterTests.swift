import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class BulkMoveOrdersPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: BulkMoveOrdersPresenter!
    var spy: BulkMoveOrdersDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = BulkMoveOrdersPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = BulkMoveOrdersDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class BulkMoveOrdersDisplayLogicSpy: BulkMoveOrdersDisplayLogic {
        var move: BulkMoveOrders.MoveOrders.ViewModel?
        var batch: BulkMoveOrders.GetBatch.ViewModel?
        func displayMove(viewModel: BulkMoveOrders.MoveOrders.ViewModel) { move = viewModel }
        func displayBatch(viewModel: BulkMoveOrders.GetBatch.ViewModel) { batch = viewModel }
    }

    static let list = BulkMoveOrders.ListQuery(filters: OrdersFilterParameters(text: "apple", status: "packed"), after: "1.0_2")

    // MARK: Tests

    func testPresentMoveSaysWhatToDoOnTheListWhenNothingOrTooMuchWasSelected() {
        sut.presentMove(response: .noSelection(.markShipped, list: Self.list))
        XCTAssertEqual(spy.move, .listWithProblem(list: Self.list, problem: "Select the orders to mark as shipped, then press the button again"))
        sut.presentMove(response: .tooMany(.markPaid, count: 51, list: Self.list))
        XCTAssertEqual(
            spy.move,
            .listWithProblem(
                list: Self.list,
                problem: "Select at most 50 orders to mark as paid at once (one page of the list): 51 were selected, and nothing was changed"))
        sut.presentMove(response: .moved(batchID: "4"))
        XCTAssertEqual(spy.move, .moved(batchID: "4"))
        sut.presentMove(response: .badRequest)
        XCTAssertEqual(spy.move, .badRequest)
        sut.presentMove(response: .storeUnavailable)
        XCTAssertEqual(spy.move, .unavailable)
    }

    func testPresentMoveAsksForTheCarrierListingTheOrdersAndTheirVersions() {
        var order = Seeds.Orders.amy
        order.id = "7"
        order.status = .packed
        let typed = BulkMoveOrders.BulkFormFields(action: "markShipped", selected: ["7.3", "8.1"], carrier: "")
        sut.presentMove(
            response: .confirmShipment(
                [.init(selection: .init(orderID: "7", version: 3), order: order), .init(selection: .init(orderID: "8", version: 1), order: nil)],
                key: "k", list: Self.list, typed: typed, problems: ChangeOrderStatus.ShipmentProblems(carrierMissing: true)))
        guard case .confirmation(let form) = spy.move else { return XCTFail("\(String(describing: spy.move))") }
        XCTAssertEqual(form.title, "Error: Mark 2 orders as shipped?")
        XCTAssertEqual(form.button, "Mark 2 orders as shipped")
        XCTAssertEqual(form.key, "k")
        XCTAssertEqual(form.list, "q=apple&status=packed&after=1.0_2")
        XCTAssertEqual(form.listURL, "/orders?q=apple&status=packed&after=1.0_2")
        XCTAssertEqual(form.orders.map(\.field), ["7.3", "8.1"])
        XCTAssertEqual(form.orders.map(\.status), ["Packed", "Deleted"])
        XCTAssertEqual(form.orders.map(\.url), ["/orders/7", nil])
        XCTAssertEqual(form.carriers.map(\.label), ["UPS", "USPS", "FedEx", "DHL", "Other"])
        XCTAssertEqual(form.carrierError, "Select the carrier")
        XCTAssertEqual(form.errors, [ChangeOrderStatus.DisplayedError(field: "carrier", message: "Select the carrier")])
    }

    func testPresentBatchCountsTheDoneAndSaysWhyOfEveryOrderNotMoved() {
        let batch = BulkBatch(
            id: "4", key: "k", action: .markShipped, carrier: "UPS", by: AccountSeeds.amy.name, at: Seeds.june30, selected: 6,
            moves: [
                .init(orderID: "1", customer: "Ann A", outcome: .moved), .init(orderID: "2", customer: "Ben B", outcome: .moved),
                .init(orderID: "3", customer: "Cat C", outcome: .alreadyThere),
                .init(orderID: "4", customer: "Dan D", outcome: .notAllowed(from: .cancelled)),
                .init(orderID: "5", customer: "Eve E", outcome: .changed(by: AccountSeeds.sue.name, now: .packed)),
            ])
        sut.presentBatch(response: .batch(batch))
        guard case .result(let result) = spy.batch else { return XCTFail("\(String(describing: spy.batch))") }
        XCTAssertEqual(result.heading, "3 orders marked as shipped")
        XCTAssertTrue(result.summary.hasPrefix("Bulk move 4 by "), result.summary)
        XCTAssertTrue(result.summary.hasSuffix(": 6 orders selected. Carrier: UPS."), result.summary)
        XCTAssertEqual(result.moved.map(\.id), ["1", "2"])
        XCTAssertEqual(result.done.map(\.reason), ["Already shipped: counted as done"])
        XCTAssertEqual(result.notMovedHeading, "2 orders not marked as shipped")
        XCTAssertEqual(
            result.notMoved.map(\.reason),
            [
                "It is cancelled: it cannot be marked as shipped",
                "Changed by \(AccountSeeds.sue.name.displayName) (\(AccountSeeds.sue.name.username)) since you looked (now packed): check it, then move it from its page",
            ])
        XCTAssertEqual(result.unfinished, "1 order of this batch has no outcome: it was interrupted. Check them on the list before moving them again.")
        XCTAssertEqual(result.trackingHint, "Add each order's tracking number from its page.")
        XCTAssertEqual(result.listURL, "/orders?status=packed")
        XCTAssertEqual(result.listLabel, "Back to packed orders")

        sut.presentBatch(response: .notFound)
        XCTAssertEqual(spy.batch, .notFound)
        sut.presentBatch(response: .storeUnavailable)
        XCTAssertEqual(spy.batch, .unavailable)
    }

    func testAnOrderDeletedSinceHasNoLinkAndSaysSo() {
        XCTAssertEqual(
            BulkMoveOrdersPresenter.reason(.deleted, action: .markPaid, formatter: OrderDisplayFormatter(timeZone: .current)),
            "Deleted since you looked")
        XCTAssertEqual(
            BulkMoveOrdersPresenter.reason(.failed, action: .markPaid, formatter: OrderDisplayFormatter(timeZone: .current)),
            "Could not be saved: try again")
    }
}
