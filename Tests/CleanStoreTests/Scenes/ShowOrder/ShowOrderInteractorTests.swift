import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowOrderInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowOrderInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowOrderInteractor(ordersWorker: OrdersWorker(ordersStore: OrdersMemStore()))
    }

    // MARK: Test doubles

    final class ShowOrderPresentationLogicSpy: ShowOrderPresentationLogic {
        var presentOrderCalled = false
        var response: ShowOrder.GetOrder.Response?

        func presentOrder(response: ShowOrder.GetOrder.Response) {
            presentOrderCalled = true
            self.response = response
        }
    }


    // MARK: Tests

    func testGetOrderShouldAskOrdersWorkerForTheOrderAndPresenterToFormatIt() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderPageCalls.map(\.id), ["1"], "GetOrder() should fetch the requested order, in one read")
        XCTAssertEqual(workerSpy.fetchOrderPageCalls.first?.parts, .page, "with its notes and history, as the page shows them")
        XCTAssertNil(workerSpy.fetchOrderCalledWithID, "no read of the order alone beside it")
        XCTAssert(presenterSpy.presentOrderCalled, "GetOrder() should ask presenter to format the order")
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy))
        XCTAssertEqual(sut.order, Seeds.Orders.amy, "The data store should keep the order")
    }

    func testAnOrderAskedForWithoutNotesOrHistoryReadsNeither() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.storedNotes["1"] = [OrderNote(id: "1", orderID: "1", text: "Left a message", by: nil, at: Seeds.june29)]
        workerSpy.storedEvents["1"] = [ViewOrderHistoryInteractorTests.created]
        sut.ordersWorker = workerSpy

        // When: as the API's order asks (its notes are their own resource)
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", readsNotes: false, readsHistory: false))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderPageCalls.map(\.parts), [[]], "the order alone")
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy))

        // When: as the API's notes ask
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", readsNotes: true, readsHistory: false))
        XCTAssertEqual(workerSpy.fetchOrderPageCalls.last?.parts, .notes)
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy, notes: workerSpy.storedNotes["1"]!))

        // When: as the page asks
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))
        XCTAssertEqual(workerSpy.fetchOrderPageCalls.last?.parts, [.notes, .history])
        XCTAssertEqual(workerSpy.fetchOrderPageCalls.count, 3, "one read a view")
    }

    func testWhatTheOneAskingMayDoWithTheOrderFollowsTheirRole() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()
        for (role, mayEdit, mayDelete, mayCancel) in [(AccountRole.viewer, false, false, false), (.clerk, true, false, true), (.supervisor, true, true, true)] {
            // A clerk cancels a new order (a paid or packed one, a supervisor: see below).
            // When
            await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role)))

            // Then
            XCTAssertEqual(
                presenterSpy.response,
                .found(
                    Seeds.Orders.amy, mayEdit: mayEdit, mayDelete: mayDelete, mayChangeStatus: mayEdit, mayCancel: mayCancel,
                    mayAddNote: mayEdit, mayStartDraft: mayEdit), "\(role): who takes orders may start one from it")
        }
    }

    func testAShippedOrCancelledOrderOffersNothingToAnyone() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        for status in [OrderStatus.shipped, .cancelled] {
            workerSpy.storedOrders[0].status = status
            await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", signedIn: SignedIn(name: testAccount.name, role: .supervisor)))
            XCTAssertEqual(
                presenterSpy.response,
                .found(workerSpy.storedOrders[0], mayAddNote: true, mayChangeTracking: status == .shipped, mayStartDraft: true),
                "\(status): no edit, delete or move; notes still (and a shipped one's tracking number), and a new order from it")
        }
    }

    /// The item forms: a new order of goods, for whoever may edit it; never an order keyed before
    /// items, nor one paid since.
    func testTheItemFormsAreOfferedForANewOrderOfGoodsToWhoeverMayEditIt() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        var goods = GoodsSeeds.order
        goods.id = "1"
        for (order, role, offered) in [
            (goods, AccountRole.clerk, true), (goods, .supervisor, true), (goods, .viewer, false),
            ({ var paid = goods; paid.status = .paid; return paid }(), .clerk, false), (Seeds.Orders.amy, .clerk, false),
        ] {
            workerSpy.storedOrders = [order]
            await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role)))
            guard case .found(_, _, _, _, _, _, _, _, let mayChangeItems, _, _, _, _, _, _, _) = presenterSpy.response else { return XCTFail() }
            XCTAssertEqual(mayChangeItems, offered, "\(role) \(order.status) \(order.itemsRecorded)")
        }
    }

    func testARefusedItemFormComesWithTheOrderForThePresenter() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        var goods = GoodsSeeds.order
        goods.id = "1"
        workerSpy.storedOrders = [goods]
        let refused = ShowOrder.GetOrder.RefusedItems(
            form: .addLine(.init(sku: "", quantity: "1", version: "1")), errors: [.init(field: "sku", problem: .skuMissing)])

        await sut.getOrder(
            request: ShowOrder.GetOrder.Request(
                orderID: "1", signedIn: SignedIn(name: testAccount.name, role: .clerk), refusedItems: refused))

        guard case .found(_, _, _, _, _, _, _, _, true, _, _, _, let passed, _, _, _) = presenterSpy.response else { return XCTFail() }
        XCTAssertEqual(passed, refused)
    }

    func testTheOrdersNotesComeWithItInTheSameRead() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        let notes = [
            OrderNote(id: "2", orderID: "1", text: "Called back", by: testAccount.name, at: Seeds.june30),
            OrderNote(id: "1", orderID: "1", text: "Left a message", by: nil, at: Seeds.june29),
        ]
        workerSpy.storedNotes["1"] = notes

        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))

        XCTAssertEqual(workerSpy.fetchOrderPageCalls.map(\.id), ["1"])
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy, notes: notes))

        workerSpy.failure = .cannotFetch("disk")
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))
        XCTAssertEqual(presenterSpy.response, .storeUnavailable, "The page is whole or not at all")
    }

    /// A shipped order's tracking number may be changed by who may ship it; nothing else is offered.
    func testAShippedOrdersTrackingNumberIsOfferedToWhoMayShip() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        for status in OrderStatus.allCases {
            workerSpy.storedOrders[0].status = status
            for role in AccountRole.allCases {
                await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role)))
                guard case .found(_, _, _, _, _, _, _, _, _, _, let mayChangeTracking, _, _, _, _, _) = presenterSpy.response else { return XCTFail() }
                XCTAssertEqual(mayChangeTracking, status == .shipped && role != .viewer, "\(status) \(role)")
            }
        }
    }

    /// The page's timeline: the order's history comes with it in the same read; an unknown order
    /// has none; a read that fails is an unavailable page.
    func testTheOrdersHistoryComesWithItInTheSameRead() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        let events = [ViewOrderHistoryInteractorTests.updated, ViewOrderHistoryInteractorTests.created]
        workerSpy.storedEvents["1"] = events

        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy, events: events))

        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "404"))
        XCTAssertEqual(workerSpy.fetchOrderPageCalls.map(\.id), ["1", "404"])
        XCTAssertEqual(presenterSpy.response, .notFound)
        XCTAssertNil(sut.order, "no order kept for an unknown id")

        workerSpy.failure = .cannotFetch("disk")
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))
        XCTAssertEqual(presenterSpy.response, .storeUnavailable, "The page is whole or not at all")
    }

    func testAnOrderJustCreatedIsConfirmedAndAnotherOfferedToWhoeverMayCreateOrders() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()
        for (role, mayCreate) in [(AccountRole.viewer, false), (.clerk, true), (.supervisor, true)] {
            // When: the create's redirect brought the page a confirmation of this order
            await sut.getOrder(
                request: ShowOrder.GetOrder.Request(
                    orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role),
                    confirmation: ShowOrder.GetOrder.Confirmation(orderID: "1", note: "Sent twice.")))

            // Then
            guard case .found(let order, _, _, _, _, _, _, let confirmed, _, _, _, _, _, _, _, _) = presenterSpy.response else {
                return XCTFail("\(role): \(String(describing: presenterSpy.response))")
            }
            XCTAssertEqual(order, Seeds.Orders.amy)
            XCTAssertEqual(confirmed, ShowOrder.GetOrder.Confirmed(note: "Sent twice.", mayCreateAnother: mayCreate), "\(role)")
        }
    }

    func testAConfirmationOfAnotherOrderIsNoneOfThisPages() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()

        // When
        await sut.getOrder(
            request: ShowOrder.GetOrder.Request(
                orderID: "1", signedIn: SignedIn(name: testAccount.name, role: .clerk),
                confirmation: ShowOrder.GetOrder.Confirmation(orderID: "2")))

        // Then
        XCTAssertEqual(
            presenterSpy.response,
            .found(
                Seeds.Orders.amy, mayEdit: true, mayDelete: false, mayChangeStatus: true, mayCancel: true, mayAddNote: true, confirmed: nil,
                mayStartDraft: true))
    }

    func testAPaidOrPackedOrderIsCancelledByASupervisorAndAskedForByAClerkWhoseRequestASupervisorDecides() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        for status in [OrderStatus.new, .paid, .packed, .shipped, .cancelled] {
            for requested in [false, true] where !requested || status == .paid || status == .packed {
                workerSpy.storedOrders[0].status = status
                workerSpy.storedOrders[0].cancellationRequest =
                    requested ? CancellationRequest(reason: "Wrong size", by: testAccount.name, at: Seeds.june30) : nil
                for role in AccountRole.allCases {
                    await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role)))
                    guard case .found(_, _, _, _, let mayCancel, _, _, _, _, _, _, _, _, let mayRequest, let mayDecide, _) = presenterSpy.response
                    else { return XCTFail() }
                    let open = status != .shipped && status != .cancelled
                    let label = "\(status) \(requested) \(role)"
                    XCTAssertEqual(mayCancel, open && (role == .supervisor || (role == .clerk && status == .new)), label)
                    XCTAssertEqual(mayRequest, role == .clerk && (status == .paid || status == .packed) && !requested, label)
                    XCTAssertEqual(mayDecide, role == .supervisor && requested, label)
                }
            }
        }
    }

    func testGetOrderShouldPresentNotFoundForAnUnknownID() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "404"))

        // Then
        XCTAssert(presenterSpy.presentOrderCalled)
        XCTAssertEqual(presenterSpy.response, .notFound)
    }

    func testGetOrderShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.failure = .cannotFetch("locked")
        sut.ordersWorker = workerSpy

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(presenterSpy.response, .storeUnavailable)
    }
}
