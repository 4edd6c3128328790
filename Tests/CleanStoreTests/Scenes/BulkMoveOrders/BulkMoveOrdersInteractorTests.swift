import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class BulkMoveOrdersInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: BulkMoveOrdersInteractor!
    var presenterSpy: BulkMoveOrdersPresentationLogicSpy!
    var database: MemoryAppDatabase!
    var orders: OrdersMemStore!
    var batches: BulkMovesMemStore!

    static let sam = SignedIn(name: AccountName(username: "sam", displayName: "Sam Clerk"), role: .clerk)
    static let sue = AccountSeeds.sue.name

    /// Order `n` of the seeded six: packed at version 1 but for 3 (shipped at 2, as the list showed
    /// it at 1), 4 (cancelled at 2) and 5 (packed again at 3, by Sue).
    static func seeded() -> [Order] {
        (1...6).map { number in
            var order = Seeds.Orders.amy
            order.firstName = "Customer\(number)"
            order.status = .packed
            order.version = 1
            switch number {
            case 3:
                order.status = .shipped
                order.version = 2
            case 4:
                order.status = .cancelled
                order.version = 2
            case 5:
                order.version = 3
                order.updatedBy = sue
            default: break
            }
            return order
        }
    }

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        database = MemoryAppDatabase(orders: Self.seeded())
        orders = OrdersMemStore(database: database)
        batches = BulkMovesMemStore(database: database)
        sut = BulkMoveOrdersInteractor(
            ordersWorker: OrdersWorker(ordersStore: orders, now: { Seeds.june30 }),
            worker: BulkMoveOrdersWorker(store: batches, now: { Seeds.june30 }), newKey: { "key-1" })
        presenterSpy = BulkMoveOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class BulkMoveOrdersPresentationLogicSpy: BulkMoveOrdersPresentationLogic {
        var moveResponse: BulkMoveOrders.MoveOrders.Response?
        var batchResponse: BulkMoveOrders.GetBatch.Response?

        func presentMove(response: BulkMoveOrders.MoveOrders.Response) { moveResponse = response }
        func presentBatch(response: BulkMoveOrders.GetBatch.Response) { batchResponse = response }
    }

    func request(_ selected: [String], action: String = "markShipped", key: String? = "key-1", carrier: String? = "UPS")
        -> BulkMoveOrders.MoveOrders.Request
    {
        BulkMoveOrders.MoveOrders.Request(
            fields: BulkMoveOrders.BulkFormFields(action: action, selected: selected, list: "status=packed", key: key, carrier: carrier),
            list: BulkMoveOrders.ListQuery(filters: OrdersFilterParameters(status: "packed")), signedIn: Self.sam)
    }

    // MARK: Tests

    func testFiveSelectedMoveTheTwoMovableCountTheOneThereAndSayWhyOfTheOthersChangingNothingElse() async throws {
        let before = await database.read { $0.orders }
        // When: 1 and 2 movable, 3 shipped since, 4 cancelled, 5 changed by Sue since the list
        await sut.moveOrders(request: request(["1.1", "2.1", "3.1", "4.2", "5.2"]))

        // Then
        XCTAssertEqual(presenterSpy.moveResponse, .moved(batchID: "1"))
        let batch = try await batches.fetchBatch(id: "1")
        XCTAssertEqual(
            batch?.moves,
            [
                BulkBatch.Move(orderID: "1", customer: "Customer1 Apple", outcome: .moved),
                BulkBatch.Move(orderID: "2", customer: "Customer2 Apple", outcome: .moved),
                BulkBatch.Move(orderID: "3", customer: "Customer3 Apple", outcome: .alreadyThere),
                BulkBatch.Move(orderID: "4", customer: "Customer4 Apple", outcome: .notAllowed(from: .cancelled)),
                BulkBatch.Move(orderID: "5", customer: "Customer5 Apple", outcome: .changed(by: Self.sue, now: .packed)),
            ])
        XCTAssertEqual(batch?.carrier, "UPS")
        XCTAssertEqual(batch?.by, Self.sam.name)
        XCTAssertEqual(batch?.selected, 5)
        XCTAssertEqual(sut.batch, batch, "The data store keeps the batch")
        let after = await database.read { $0.orders }
        for (old, new) in zip(before, after) {
            if ["1", "2"].contains(old.id) {
                XCTAssertEqual(new.status, .shipped, "order \(old.id!)")
                XCTAssertEqual(new.version, old.version + 1)
                XCTAssertEqual(new.carrier, "UPS")
                XCTAssertEqual(new.updatedBy, Self.sam.name)
            } else {
                XCTAssertEqual(new, old, "order \(old.id!): nothing else changed")
            }
        }
        let events = await database.read { $0.events }
        XCTAssertEqual(events.map(\.orderID), ["1", "2"], "One history entry per order moved")
        XCTAssertEqual(events.map { $0.statusChange?.batch }, ["1", "1"], "Each names its batch")
    }

    func testReplayingTheConfirmationMovesNothingMoreAndFindsTheSameBatch() async throws {
        await sut.moveOrders(request: request(["1.1", "2.1"]))
        let first = await database.read { $0.orders }
        await sut.moveOrders(request: request(["1.1", "2.1", "6.1"]))
        XCTAssertEqual(presenterSpy.moveResponse, .moved(batchID: "1"), "The same key: the same batch")
        let second = await database.read { $0.orders }
        XCTAssertEqual(second, first, "Nothing more moved, order 6 included")
        let events = await database.read { $0.events }
        XCTAssertEqual(events.count, 2, "Each history entry once")
    }

    func testMarkingShippedWithoutAKeyAsksFirstWithANewKeyMovingNothing() async throws {
        await sut.moveOrders(request: request(["1.1", "9.1"], key: nil, carrier: nil))
        let one = try await orders.fetchOrder(id: "1")
        XCTAssertEqual(
            presenterSpy.moveResponse,
            .confirmShipment(
                [.init(selection: .init(orderID: "1", version: 1), order: one), .init(selection: .init(orderID: "9", version: 1), order: nil)],
                key: "key-1", list: BulkMoveOrders.ListQuery(filters: OrdersFilterParameters(status: "packed")),
                typed: request(["1.1", "9.1"], key: nil, carrier: nil).fields, problems: nil))
        XCTAssertEqual(one?.status, .packed)
        let batch = try await batches.fetchBatch(id: "1")
        XCTAssertNil(batch, "No batch begun")
    }

    func testAConfirmationWithoutACarrierIsAskedAgainMovingNothing() async throws {
        await sut.moveOrders(request: request(["1.1"], carrier: nil))
        guard case .confirmShipment(_, let key, _, _, let problems) = presenterSpy.moveResponse else {
            return XCTFail("\(String(describing: presenterSpy.moveResponse))")
        }
        XCTAssertEqual(key, "key-1", "The form's key, kept")
        XCTAssertEqual(problems, ChangeOrderStatus.ShipmentProblems(carrierMissing: true))
        let one = try await orders.fetchOrder(id: "1")
        XCTAssertEqual(one?.status, .packed)
    }

    func testPaidAndPackedMoveAtOnceUnderANewKey() async throws {
        var order = Seeds.Orders.amy
        order.status = .paid
        database = MemoryAppDatabase(orders: [order])
        sut.ordersWorker = OrdersWorker(ordersStore: OrdersMemStore(database: database), now: { Seeds.june30 })
        sut.worker = BulkMoveOrdersWorker(store: BulkMovesMemStore(database: database), now: { Seeds.june30 })
        await sut.moveOrders(request: request(["1.\(order.version)"], action: "markPacked", key: nil, carrier: nil))
        XCTAssertEqual(presenterSpy.moveResponse, .moved(batchID: "1"))
        let moved = await database.read { $0.orders }
        XCTAssertEqual(moved.map(\.status), [.packed])
        XCTAssertEqual(sut.batch?.key, "key-1")
        XCTAssertNil(sut.batch?.carrier)
    }

    func testNothingOrTooMuchSelectedIsTheListAgainWithNothingChanged() async throws {
        await sut.moveOrders(request: request([]))
        XCTAssertEqual(presenterSpy.moveResponse, .noSelection(.markShipped, list: request([]).list))
        let many = (1...51).map { "\($0).1" }
        await sut.moveOrders(request: request(many))
        XCTAssertEqual(presenterSpy.moveResponse, .tooMany(.markShipped, count: 51, list: request([]).list))
        let events = await database.read { $0.events }
        XCTAssertEqual(events, [])
        let none = try await batches.fetchBatch(id: "1")
        XCTAssertNil(none)
    }

    func testAFormThatIsNoneOfOursIsABadRequest() async {
        for bad in [
            request(["1.1"], action: "cancel"), request(["1.1"], action: "fly"), request(["1"]), request(["1.x"]), request(["a.1"]),
            request(["1.1"], key: ""), request(["1.1"], key: "a b"),
        ] {
            await sut.moveOrders(request: bad)
            XCTAssertEqual(presenterSpy.moveResponse, .badRequest, "\(bad.fields)")
        }
        let events = await database.read { $0.events }
        XCTAssertEqual(events, [])
    }

    func testGetBatchPresentsTheBatchOrSaysThereIsNone() async throws {
        await sut.moveOrders(request: request(["1.1"]))
        let stored = try await batches.fetchBatch(id: "1")
        await sut.getBatch(request: .init(batchID: "1"))
        XCTAssertEqual(presenterSpy.batchResponse, .batch(stored!))
        await sut.getBatch(request: .init(batchID: "2"))
        XCTAssertEqual(presenterSpy.batchResponse, .notFound)
    }
}
