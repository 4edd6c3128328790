import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API face of ChangeOrderStatus: its view controller (input → the form's request; If-Match →
/// its version) and its presenter (outcome → document or problem), each with a spy for its neighbour.
final class ChangeOrderStatusAPITests: XCTestCase {
    let clerk = SignedIn(name: testAccount.name, role: .clerk)

    final class BusinessLogicSpy: ChangeOrderStatusBusinessLogic {
        var change: ChangeOrderStatus.ChangeStatus.Request?
        weak var presenter: ChangeOrderStatusAPIPresenter?
        var answer: ChangeOrderStatus.ChangeStatus.Response = .notFound
        func getOrderToCancel(request: ChangeOrderStatus.GetOrderToCancel.Request) async {}
        func getOrderToShip(request: ChangeOrderStatus.GetOrderToShip.Request) async {}
        func changeTracking(request: ChangeOrderStatus.ChangeTracking.Request) async {}
        func undoStatus(request: ChangeOrderStatus.UndoStatus.Request) async {}
        func changeCancellation(request: ChangeOrderStatus.ChangeCancellation.Request) async {}
        func changeStatus(request: ChangeOrderStatus.ChangeStatus.Request) async {
            change = request
            presenter?.presentStatusChange(response: answer)
        }
    }

    final class DisplaySpy: ChangeOrderStatusAPIDisplayLogic {
        var viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel?
        func displayStatusChange(viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel) { self.viewModel = viewModel }
    }

    func testIfMatchNamesAVersion() {
        XCTAssertEqual(IfMatch.version(named: "\"7\""), 7)
        XCTAssertEqual(IfMatch.version(named: "W/\"12\""), 12)
        XCTAssertEqual(IfMatch.version(named: " 3 "), 3)
        for garbled in ["*", "\"\"", "\"7", "\"-1\"", "\"1234567890\"", "seven"] {
            XCTAssertNil(IfMatch.version(named: garbled), garbled)
        }
    }

    func testTheViewControllerPassesTheActionTheIfMatchVersionAndTheCaller() async throws {
        let sut = ChangeOrderStatusAPIViewController(environment: try await makeTestEnvironment(), signedIn: clerk)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        let presenter = ChangeOrderStatusAPIPresenter(signedIn: clerk)
        presenter.viewController = sut
        spy.presenter = presenter
        do {
            _ = try await sut.changeStatus(orderID: "7", ifMatch: "\"2\"", body: .init(action: .cancel, reason: "Asked to"))
            XCTFail("the spy's order is not found")
        } catch let problem as APIProblem {
            XCTAssertEqual(problem.status, .notFound)
        }
        XCTAssertEqual(spy.change?.orderID, "7")
        XCTAssertEqual(spy.change?.fields, ChangeOrderStatus.StatusFormFields(action: "cancel", version: "2", reason: "Asked to"))
        XCTAssertEqual(spy.change?.signedIn, clerk)
    }

    func testWithoutIfMatchNothingIsAskedOfTheInteractor() async throws {
        let sut = ChangeOrderStatusAPIViewController(environment: try await makeTestEnvironment(), signedIn: clerk)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        for (ifMatch, status) in [(nil, 428), ("*", 412)] as [(String?, Int)] {
            do {
                _ = try await sut.changeStatus(orderID: "7", ifMatch: ifMatch, body: .init(action: .markPaid))
                XCTFail("refused")
            } catch let problem as APIProblem {
                XCTAssertEqual(Int(problem.status.code), status)
            }
        }
        XCTAssertNil(spy.change)
    }

    func testThePresenterGivesTheSavedOrderWithTheMovesTheCallerMayMake() {
        let sut = ChangeOrderStatusAPIPresenter(signedIn: clerk)
        let spy = DisplaySpy()
        sut.viewController = spy
        var order = Seeds.Orders.amy
        order.status = .paid
        order.version = 2
        sut.presentStatusChange(response: .changed(order, .markPaid))
        guard case .changed(let document) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(document.status, .paid)
        XCTAssertEqual(document.version, 2)
        XCTAssertEqual(document.allowedActions, [.markPacked], "a clerk does not cancel")
        XCTAssertEqual(document.cardLastFour, "1111")
    }

    func testThePresenterSaysWhyInThePagesWords() {
        let sut = ChangeOrderStatusAPIPresenter(signedIn: clerk)
        let spy = DisplaySpy()
        sut.viewController = spy
        var current = Seeds.Orders.amy
        current.status = .paid
        current.version = 3

        sut.presentStatusChange(response: .conflict(current: current, .markPaid))
        guard case .problem(let stale) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(stale.status, .preconditionFailed)
        XCTAssertEqual(stale.headers[.eTag], "\"3\"")
        XCTAssertEqual(stale.title, "Order 1 was changed by someone else")

        sut.presentStatusChange(response: .notAllowed(current: current, .markShipped))
        guard case .problem(let refused) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(refused.title, "Order 1 cannot be marked as shipped")

        sut.presentStatusChange(response: .reasonRefused(current, .looksLikeCardNumber, typed: "4111 1111 1111 1111"))
        XCTAssertEqual(spy.viewModel, .problem(.invalid([.init(field: "reason", message: "Remove the card number from the reason")])))

        sut.presentStatusChange(response: .storeUnavailable)
        XCTAssertEqual(spy.viewModel, .problem(.unavailable))
        sut.presentStatusChange(response: .badRequest)
        guard case .problem(let bad) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(bad.status, .badRequest)
    }
}
