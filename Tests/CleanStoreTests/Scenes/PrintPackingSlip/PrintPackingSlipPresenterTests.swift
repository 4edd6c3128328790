import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PrintPackingSlipPresenterTests: XCTestCase {
    typealias ViewModel = PrintPackingSlip.GetSlip.ViewModel

    // MARK: Subject under test

    var sut: PrintPackingSlipPresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = PrintPackingSlipPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
    }

    // MARK: Test doubles

    final class PrintPackingSlipDisplayLogicSpy: PrintPackingSlipDisplayLogic {
        var displaySlipCalled = false
        var viewModel: PrintPackingSlip.GetSlip.ViewModel?

        func displaySlip(viewModel: PrintPackingSlip.GetSlip.ViewModel) {
            displaySlipCalled = true
            self.viewModel = viewModel
        }
    }

    /// The slip the spy was asked to display, or a failure.
    func displayedSlip(_ spy: PrintPackingSlipDisplayLogicSpy, file: StaticString = #filePath, line: UInt = #line) throws
        -> ViewModel.DisplayedSlip
    {
        guard case .slip(let slip) = spy.viewModel else {
            XCTFail("\(String(describing: spy.viewModel))", file: file, line: line)
            throw UnexpectedValue()
        }
        return slip
    }

    // MARK: Tests

    func testPresentSlipShouldFormatWhatThePackerNeeds() throws {
        // Given
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.bob
        order.status = .packed

        // When
        sut.presentSlip(response: .found(order))

        // Then
        XCTAssert(spy.displaySlipCalled, "Presenting a slip should ask the view controller to display it")
        let slip = try displayedSlip(spy)
        XCTAssertEqual(slip.title, "Packing slip for order 2")
        XCTAssertEqual(slip.orderID, "2")
        XCTAssertEqual(slip.date, "30 June 2007", "A date as a person reads it")
        XCTAssertEqual(slip.machineDate, "2007-06-30")
        XCTAssertEqual(slip.status, "Packed")
        XCTAssertNil(slip.cancelledNotice)
        XCTAssertEqual(slip.shipTo, ["Bob Battery", "3 Ship Street", "Boston, MA 02108-1234"], "The name, then the shipment address")
        XCTAssertEqual(slip.shipmentMethod, "Two-Day Shipping")
        XCTAssertEqual(slip.orderURL, "/orders/2")
    }

    func testTheSlipNamesEveryStatusInWordsAndWarnsNotToPackACancelledOrder() throws {
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy
        let words: [OrderStatus: String] = [.new: "New", .paid: "Paid", .packed: "Packed", .shipped: "Shipped", .cancelled: "Cancelled"]
        for status in OrderStatus.allCases {
            // Given
            var order = Seeds.Orders.amy
            order.status = status
            order.cancellationReason = status == .cancelled ? "Customer called" : nil

            // When
            sut.presentSlip(response: .found(order))

            // Then
            let slip = try displayedSlip(spy)
            XCTAssertEqual(slip.status, words[status], "\(status)")
            XCTAssertEqual(
                slip.cancelledNotice, status == .cancelled ? "This order was cancelled. Do not pack or ship it." : nil, "\(status)")
        }
    }

    func testTheSlipCarriesNoCardDataAndNoBillingAddress() throws {
        // Given: Bob's card is 5555 5555 5555 4444, expiring 12/30; he is billed at 2 Bob Road, Bobsville
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSlip(response: .found(Seeds.Orders.bob))

        // Then
        let slip = try displayedSlip(spy)
        let text = Mirror(reflecting: slip).children.map { "\($0.value)" }.joined(separator: "\n")
        for card in ["5555555555554444", "5555 5555 5555 4444", "4444", "12/30", "12/2030", "2030", "•", "2 Bob Road", "Bobsville"] {
            XCTAssertFalse(text.contains(card), "The slip shows \(card)")
        }
    }

    func testTheOrderDateIsTheShopsDay() throws {
        // Given: 6:00 UTC on 30 June is still 29 June in California
        sut = PrintPackingSlipPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "America/Los_Angeles")!))
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSlip(response: .found(Seeds.Orders.bob))

        // Then
        let slip = try displayedSlip(spy)
        XCTAssertEqual(slip.date, "29 June 2007")
        XCTAssertEqual(slip.machineDate, "2007-06-29")
    }

    func testPresentSlipShouldSayNotFoundWhenThereIsNoOrder() {
        // Given
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSlip(response: .notFound)

        // Then
        XCTAssert(spy.displaySlipCalled)
        XCTAssertEqual(spy.viewModel, .notFound)
    }

    func testPresentSlipShouldSayTheStoreIsUnavailable() {
        // Given
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentSlip(response: .storeUnavailable)

        // Then
        XCTAssertEqual(spy.viewModel, .unavailable)
    }

    // MARK: Goods

    /// What goes in the parcel: each line's SKU, item and quantity, never a price.
    func testASlipListsWhatToPackWithoutPrices() throws {
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy

        sut.presentSlip(response: .found(GoodsSeeds.order))

        let slip = try displayedSlip(spy)
        XCTAssertEqual(slip.lines, [
            ViewModel.DisplayedLine(sku: "WID-1", name: "Blue widget", quantity: "3"),
            ViewModel.DisplayedLine(sku: "GAD-2", name: "Gadget & case", quantity: "1"),
        ])
        XCTAssertNil(slip.itemsNote)
        XCTAssertFalse(String(describing: slip).contains("$"), "No price, no total: \(slip)")
    }

    func testASlipOfAnOrderKeyedBeforeItemsWereKeptSaysSo() throws {
        let spy = PrintPackingSlipDisplayLogicSpy()
        sut.viewController = spy

        sut.presentSlip(response: .found(Seeds.Orders.bob))

        let slip = try displayedSlip(spy)
        XCTAssertEqual(slip.lines, [])
        XCTAssertEqual(slip.itemsNote, "Items were not recorded for this order (it was taken before items were kept).")
    }
}
