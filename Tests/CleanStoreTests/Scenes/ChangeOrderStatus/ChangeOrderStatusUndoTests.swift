import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Undoing a move (issue 29) through the interactor, the presenter and the view controller, each
/// with spies for its neighbours; the order page offering it (`ShowOrder`) for 5 minutes to
/// whoever made the move.
final class ChangeOrderStatusUndoTests: XCTestCase {
    let clerk = SignedIn(name: AccountSeeds.amy.name, role: .clerk)

    func testAnUndoIsAskedOfTheWorkerFromTheVersionThePageShowedAndAnsweredAsTheStoreDecides() async {
        let worker = OrdersWorkerSpy()
        let sut = ChangeOrderStatusInteractor(ordersWorker: worker)
        let presenter = ChangeOrderStatusInteractorTests.ChangeOrderStatusPresentationLogicSpy()
        sut.presenter = presenter
        await sut.undoStatus(request: .init(orderID: "1", fields: .init(version: "2"), signedIn: clerk))
        XCTAssertEqual(worker.undo?.id, "1")
        XCTAssertEqual(worker.undo?.expectedVersion, 2)
        XCTAssertEqual(worker.changedBy, clerk.name)
        var undone = Seeds.Orders.amy
        undone.version += 1
        XCTAssertEqual(presenter.undo, .undone(undone))

        worker.undo = nil
        await sut.undoStatus(request: .init(orderID: "1", fields: .init(version: "x"), signedIn: clerk))
        XCTAssertEqual(presenter.undo, .badRequest)
        XCTAssertNil(worker.undo)
        var paid = Seeds.Orders.amy
        paid.status = .paid
        for (failure, expected) in [
            (OrdersStoreError.refused(current: paid, reason: "r"), ChangeOrderStatus.UndoStatus.Response.refused(current: paid)),
            (.conflict(current: paid), .conflict(current: paid)), (.notFound(id: "1"), .notFound), (.cannotUpdate("disk"), .storeUnavailable),
        ] {
            worker.failure = failure
            await sut.undoStatus(request: .init(orderID: "1", fields: .init(version: "2"), signedIn: clerk))
            XCTAssertEqual(presenter.undo, expected)
        }
    }

    func testAnUndoGoesBackToTheOrderSayingWhereItIsOrAPageSayingWhyNot() throws {
        let sut = ChangeOrderStatusPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ChangeOrderStatusPresenterTests.ChangeOrderStatusDisplayLogicSpy()
        sut.viewController = spy
        var paid = Seeds.Orders.amy
        paid.status = .paid
        sut.presentUndo(response: .undone(paid))
        XCTAssertEqual(spy.undo, .undone(orderID: "1", flash: "Undone: order 1 is paid again."))
        sut.presentUndo(response: .refused(current: paid))
        guard case .refused(.editRefused("1", let why)) = spy.undo else { return XCTFail("\(String(describing: spy.undo))") }
        XCTAssertTrue(why.contains("within 5 minutes"), why)
        sut.presentUndo(response: .conflict(current: paid))
        guard case .refused(.editRefused("1", let stale)) = spy.undo else { return XCTFail() }
        XCTAssertTrue(stale.contains("after its page was opened"), stale)
        sut.presentUndo(response: .storeUnavailable)
        XCTAssertEqual(spy.undo, .unavailable)
    }

    func testTheUndoRouteAndItsAnswers() async throws {
        let pages = PageRendererSpy()
        let sut = ChangeOrderStatusViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = ChangeOrderStatusViewControllerTests.ChangeOrderStatusBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.undoStatus(id: "7", fields: .init(version: "3"))
        XCTAssertEqual(spy.undo?.orderID, "7")
        XCTAssertEqual(spy.undo?.fields, .init(version: "3"))
        XCTAssertEqual(spy.undo?.signedIn, testBrowser.signedIn)
        sut.displayUndo(viewModel: .undone(orderID: "7", flash: "f"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders/7")
        sut.displayUndo(viewModel: .refused(.editRefused(orderID: "7", reason: "r")))
        XCTAssertEqual(sut.response?.status, .conflict)
        sut.displayUndo(viewModel: .badRequest)
        XCTAssertEqual(sut.response?.status, .badRequest)
    }

    // MARK: The order page

    func testTheOrderPageOffersTheUndoToWhoeverMadeTheMoveForFiveMinutes() async {
        let presenter = ShowOrderInteractorTests.ShowOrderPresentationLogicSpy()
        let worker = OrdersWorkerSpy()
        var clock = Seeds.june30
        worker.storedOrders[0].status = .paid
        worker.storedEvents["1"] = [
            OrderEvent(orderID: "1", kind: .updated, by: clerk.name, at: Seeds.june30, statusChange: .init(from: .new, to: .paid))
        ]
        for (seconds, who, offered) in [
            (0.0, clerk, true), (300, clerk, true), (301, clerk, false),
            (0, SignedIn(name: AccountSeeds.sue.name, role: .supervisor), false), (0, SignedIn(name: clerk.name, role: .viewer), false),
        ] {
            clock = Seeds.june30.addingTimeInterval(seconds)
            let at = clock
            let sut = ShowOrderInteractor(ordersWorker: worker, now: { at })
            sut.presenter = presenter
            await sut.getOrder(request: .init(orderID: "1", signedIn: who))
            guard case .found(_, _, _, _, _, _, _, _, _, _, _, let undoable, _, _, _, _) = presenter.response else { return XCTFail() }
            XCTAssertEqual(undoable, offered ? .init(from: .new, to: .paid) : nil, "\(seconds) s, \(who.role)")
        }
    }

    func testTheUndoBannerSaysTheMoveAndPostsTheVersion() throws {
        let sut = ShowOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ShowOrderPresenterTests.ShowOrderDisplayLogicSpy()
        sut.viewController = spy
        var packed = Seeds.Orders.amy
        packed.status = .packed
        sut.presentOrder(response: .found(packed, undoable: .init(from: .paid, to: .packed)))
        guard case .order(let shown) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(
            shown.undo,
            .init(message: "You marked this order as packed. You can undo this for 5 minutes.", label: "Undo marking as packed", url: "/orders/1/undo"))
    }
}
