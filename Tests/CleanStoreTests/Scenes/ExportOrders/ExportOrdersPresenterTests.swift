import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExportOrdersPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExportOrdersPresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ExportOrdersPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "America/Chicago")!))
    }

    // MARK: Test doubles

    final class ExportOrdersDisplayLogicSpy: ExportOrdersDisplayLogic {
        var viewModel: ExportOrders.Export.ViewModel?
        var storeUnavailable = false

        func displayExport(viewModel: ExportOrders.Export.ViewModel) {
            self.viewModel = viewModel
        }

        func displayStoreUnavailable() {
            storeUnavailable = true
        }
    }

    func batches(_ orders: [Order]) async throws -> ExportOrdersWorker.Batches {
        try await ExportOrdersWorker(ordersStore: OrdersMemStore(orders: orders), logger: Logger(label: "test"))
            .export(.all, parameters: [], by: nil)
    }

    // MARK: Tests

    func testEachOrderIsARowOfItsFieldsInTheHeadersOrderWithTheCardAsItsLastFourDigits() async throws {
        // Given
        let spy = ExportOrdersDisplayLogicSpy()
        sut.viewController = spy
        var bob = Seeds.Orders.bob
        bob.createdBy = testAccount.name
        let at = ISO8601DateFormatter().date(from: "2026-11-24T03:00:00Z")!

        // When
        sut.presentExport(response: .export(try await batches([bob]), at: at))

        // Then
        let viewModel = try XCTUnwrap(spy.viewModel)
        XCTAssertEqual(viewModel.filename, "orders-2026-11-23.csv", "The shop's day (9 pm in Chicago)")
        XCTAssertEqual(viewModel.header.count, 30, "26, the shipment's three, and a cancellation request's reason at the end")
        XCTAssertEqual(viewModel.header[19], "Total", "The old column keeps its name and place, for the scripts that read it")
        var rows: [[String]] = []
        for try await batch in viewModel.rows { rows += batch }
        XCTAssertEqual(rows.count, 1)
        let row = Dictionary(uniqueKeysWithValues: zip(viewModel.header, rows[0]))
        XCTAssertEqual(row["Order"], "1", "The store numbered it")
        XCTAssertEqual(row["Date"], "2007-06-30T01:00:00-05:00", "ISO 8601 in the shop's time zone")
        XCTAssertEqual(row["First name"], "Bob")
        XCTAssertEqual(row["Last name"], "Battery")
        XCTAssertEqual(row["Email"], "bob.battery@clean-swift.com")
        XCTAssertEqual(row["Phone"], "222-222-2222")
        XCTAssertEqual(row["Shipping street"], "3 Ship Street")
        XCTAssertEqual(row["Shipping street line 2"], "")
        XCTAssertEqual(row["Shipping city"], "Boston")
        XCTAssertEqual(row["Shipping state"], "MA")
        XCTAssertEqual(row["Shipping ZIP"], "02108-1234")
        XCTAssertEqual(row["Shipping method"], "Two-Day Shipping")
        XCTAssertEqual(row["Billing street"], "2 Bob Road")
        XCTAssertEqual(row["Billing street line 2"], "Apt 2")
        XCTAssertEqual(row["Billing city"], "Bobsville")
        XCTAssertEqual(row["Billing state"], "NY")
        XCTAssertEqual(row["Billing ZIP"], "10001")
        XCTAssertEqual(row["Card last four digits"], "4444")
        XCTAssertEqual(row["Total"], "9.99")
        XCTAssertEqual(row["Created by"], testAccount.name.username)
        XCTAssertEqual(row["Status"], "New")
        XCTAssertEqual(row["Cancellation reason"], "")
        XCTAssertEqual(row["Subtotal"], "", "Its items were not recorded: not known, rather than 0")
        XCTAssertEqual(row["Shipping"], "9.99")
        XCTAssertEqual(row["Tax"], "0.00")
        XCTAssertEqual(row["Items"], "")
        let everything = rows[0].joined(separator: " ")
        XCTAssertFalse(everything.contains("5555555555554444"), "Never the card number")
        XCTAssertFalse(everything.contains("12/30") || everything.contains("2030"), "Nor its expiry")
    }

    /// An order of goods: its real total in the old `Total` column, then subtotal, shipping, tax
    /// and the quantities added up, as plain numbers; never a price on any line's SKU column.
    func testAnOrderOfGoodsHasItsTotalsAsPlainNumbersAndItsItemCount() async throws {
        // Given: 3 × $12.50 and 1 × $45.00, Two-Day shipping, 8.875 % NY
        let spy = ExportOrdersDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentExport(response: .export(try await batches([GoodsSeeds.order]), at: Seeds.june30))

        // Then
        let viewModel = try XCTUnwrap(spy.viewModel)
        var rows: [[String]] = []
        for try await batch in viewModel.rows { rows += batch }
        let row = Dictionary(uniqueKeysWithValues: zip(viewModel.header, rows[0]))
        XCTAssertEqual(row["Total"], "99.81")
        XCTAssertEqual(row["Subtotal"], "82.50")
        XCTAssertEqual(row["Shipping"], "9.99")
        XCTAssertEqual(row["Tax"], "7.32")
        XCTAssertEqual(row["Items"], "4")
        XCTAssertFalse(rows[0].joined(separator: " ").contains("5555555555554444"), "Never the card number")
    }

    /// A shipped order: when (ISO 8601 with the shop's offset), the carrier and the tracking number,
    /// in the last three columns; empty for an order not shipped.
    func testAShippedOrderHasItsShipmentInTheLastColumns() async throws {
        let spy = ExportOrdersDisplayLogicSpy()
        sut.viewController = spy
        var shipped = Seeds.Orders.bob
        shipped.status = .shipped
        shipped.shippedAt = Seeds.june30
        shipped.carrier = "FedEx"
        shipped.trackingNumber = "4111111111111111"

        sut.presentExport(response: .export(try await batches([shipped, Seeds.Orders.amy]), at: Seeds.june30))

        let viewModel = try XCTUnwrap(spy.viewModel)
        XCTAssertEqual(Array(viewModel.header.suffix(4)), ["Shipped", "Carrier", "Tracking number", "Cancellation requested"])
        var rows: [[String]] = []
        for try await batch in viewModel.rows { rows += batch }
        let bob = try XCTUnwrap(rows.first { $0[3] == "Bob" })
        let amy = try XCTUnwrap(rows.first { $0[3] == "Amy" })
        XCTAssertEqual(Array(bob.suffix(4)), ["2007-06-30T01:00:00-05:00", "FedEx", "4111111111111111", ""], "A carrier's number, whole")
        XCTAssertEqual(Array(amy.suffix(4)), ["", "", "", ""])
    }

    func testAnOrderWaitingForASupervisorToCancelItHasItsStatusAndTheRequestsReason() async throws {
        let spy = ExportOrdersDisplayLogicSpy()
        sut.viewController = spy
        var paid = Seeds.Orders.bob
        paid.status = .paid
        paid.cancellationRequest = CancellationRequest(reason: "Wrong size", by: testAccount.name, at: Seeds.june30)

        sut.presentExport(response: .export(try await batches([paid]), at: Seeds.june30))

        let viewModel = try XCTUnwrap(spy.viewModel)
        var rows: [[String]] = []
        for try await batch in viewModel.rows { rows += batch }
        let row = Dictionary(uniqueKeysWithValues: zip(viewModel.header, try XCTUnwrap(rows.first)))
        XCTAssertEqual(row["Status"], "Paid")
        XCTAssertEqual(row["Cancellation requested"], "Wrong size")
        XCTAssertEqual(row["Cancellation reason"], "", "not cancelled yet")
    }

    func testAStoreThatCannotBeReadIsDisplayedAsSuch() {
        let spy = ExportOrdersDisplayLogicSpy()
        sut.viewController = spy

        sut.presentExport(response: .storeUnavailable)

        XCTAssertTrue(spy.storeUnavailable)
        XCTAssertNil(spy.viewModel)
    }
}
