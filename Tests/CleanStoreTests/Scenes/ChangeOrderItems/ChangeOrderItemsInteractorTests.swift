import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderItemsInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderItemsInteractor!
    var presenterSpy: ChangeOrderItemsPresentationLogicSpy!
    var ordersSpy: ItemsOrdersWorkerSpy!
    var workerSpy: ChangeOrderItemsWorkerSpy!
    let newYork = TimeZone(identifier: "America/New_York")!

    override func setUp() {
        super.setUp()
        ordersSpy = ItemsOrdersWorkerSpy()
        workerSpy = ChangeOrderItemsWorkerSpy()
        presenterSpy = ChangeOrderItemsPresentationLogicSpy()
        sut = ChangeOrderItemsInteractor(worker: workerSpy, ordersWorker: ordersSpy, timeZone: newYork)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ChangeOrderItemsPresentationLogicSpy: ChangeOrderItemsPresentationLogic {
        var response: ChangeOrderItems.ChangeItems.Response?

        func presentChangedItems(response: ChangeOrderItems.ChangeItems.Response) {
            self.response = response
        }
    }

    /// Answers `checked` for any form, recording what it was asked.
    final class ChangeOrderItemsWorkerSpy: ChangeOrderItemsWorker {
        var checked: Checked = .valid(.removeLine(key: "l2"))
        var checkedForm: ChangeOrderItems.Form?

        init() {
            super.init(catalog: ChangeOrderItemsWorkerTests.CatalogStub())
        }

        override func check(_ form: ChangeOrderItems.Form, on order: Order) async throws -> Checked {
            checkedForm = form
            return checked
        }
    }

    /// Bob's order of goods as order "2"; records the change asked for; `changeFailure` makes it throw.
    final class ItemsOrdersWorkerSpy: OrdersWorker {
        var stored: Order? = GoodsSeeds.order
        var fetchFailure: OrdersStoreError?
        var changeFailure: OrdersStoreError?
        var changed: (id: String, change: DraftChange, version: Int, timeZone: TimeZone, by: AccountName?)?

        init() {
            super.init(ordersStore: OrdersMemStore())
        }

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
            if let fetchFailure { throw fetchFailure }
            return stored?.id == id ? stored : nil
        }

        override func changeItems(
            id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?
        ) async throws(OrdersStoreError) -> Order {
            changed = (id, change, expectedVersion, timeZone, by)
            if let changeFailure { throw changeFailure }
            var order = stored!
            order.version += 1
            return order
        }
    }

    func request(_ form: ChangeOrderItems.Form = .remove(key: "l2", .init(version: "1"))) -> ChangeOrderItems.ChangeItems.Request {
        ChangeOrderItems.ChangeItems.Request(orderID: "2", form: form, signedIn: AccountSeeds.sue.name)
    }

    // MARK: Tests

    func testAValidFormIsSavedByTheStoreAtThePagesVersionInTheShopsTimeZoneByWhoeverIsSignedIn() async throws {
        // When
        await sut.changeItems(request: request())

        // Then
        let changed = try XCTUnwrap(ordersSpy.changed)
        XCTAssertEqual(changed.id, "2")
        XCTAssertEqual(changed.change, .removeLine(key: "l2"))
        XCTAssertEqual(changed.version, 1)
        XCTAssertEqual(changed.timeZone, newYork)
        XCTAssertEqual(changed.by, AccountSeeds.sue.name)
        var saved = GoodsSeeds.order
        saved.version = 2
        XCTAssertEqual(presenterSpy.response, .changed(saved))
        XCTAssertEqual(sut.order, saved, "The data store keeps the order as saved")
    }

    func testNoSuchOrderIsNotFound() async {
        ordersSpy.stored = nil
        await sut.changeItems(request: request())
        XCTAssertEqual(presenterSpy.response, .notFound)
        XCTAssertNil(workerSpy.checkedForm, "Nothing checked")
    }

    func testAPaidOrdersItemsAreFrozenInTheRulesWords() async {
        ordersSpy.stored?.status = .paid
        await sut.changeItems(request: request())
        XCTAssertEqual(
            presenterSpy.response, .refused(current: ordersSpy.stored!, reason: "This order is paid: its items can no longer be changed"))
        XCTAssertNil(ordersSpy.changed, "The store is not asked")
    }

    func testAStalePageIsAConflictBeforeAnyFieldIsChecked() async {
        await sut.changeItems(request: request(.addLine(.init(sku: "", quantity: "", version: "0"))))
        XCTAssertEqual(presenterSpy.response, .conflict(current: GoodsSeeds.order))
        XCTAssertNil(workerSpy.checkedForm)
        await sut.changeItems(request: request(.remove(key: "l1", .init(version: "one"))))
        XCTAssertEqual(presenterSpy.response, .conflict(current: GoodsSeeds.order), "A version that is no number")
        XCTAssertNil(ordersSpy.changed)
    }

    func testAFieldErrorComesBackWithTheFormAsTyped() async {
        let errors = [ChangeOrderItems.FieldError(field: "sku", problem: .unknownSKU("NOPE"))]
        workerSpy.checked = .invalid(errors)
        let form = ChangeOrderItems.Form.addLine(.init(sku: "nope", quantity: "1", version: "1"))
        await sut.changeItems(request: request(form))
        XCTAssertEqual(presenterSpy.response, .invalid(GoodsSeeds.order, form: form, errors: errors))
        XCTAssertNil(ordersSpy.changed, "Nothing saved")
    }

    func testTheStoresAnswersArePassedOn() async {
        var paidMeanwhile = GoodsSeeds.order
        paidMeanwhile.version = 2
        let cases: [(OrdersStoreError, ChangeOrderItems.ChangeItems.Response)] = [
            (.conflict(current: paidMeanwhile), .conflict(current: paidMeanwhile)),
            (.refused(current: paidMeanwhile, reason: "Not enough GAD-2 in stock: 0 available"),
             .refused(current: paidMeanwhile, reason: "Not enough GAD-2 in stock: 0 available")),
            (.notFound(id: "2"), .notFound),
            (.cannotUpdate("disk full"), .storeUnavailable),
        ]
        for (failure, expected) in cases {
            ordersSpy.changeFailure = failure
            await sut.changeItems(request: request())
            XCTAssertEqual(presenterSpy.response, expected, "\(failure)")
        }
    }

    func testAnOrderThatCannotBeReadIsUnavailable() async {
        ordersSpy.fetchFailure = .cannotFetch("gone")
        await sut.changeItems(request: request())
        XCTAssertEqual(presenterSpy.response, .storeUnavailable)
    }
}
