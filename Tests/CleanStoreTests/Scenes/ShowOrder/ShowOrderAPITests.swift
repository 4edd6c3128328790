import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API face of ShowOrder: the order (and its notes) as the API's documents, the moves the page
/// would offer, a card's last four only.
final class ShowOrderAPITests: XCTestCase {
    let clerk = SignedIn(name: testAccount.name, role: .clerk)

    final class BusinessLogicSpy: ShowOrderBusinessLogic {
        var request: ShowOrder.GetOrder.Request?
        func getOrder(request: ShowOrder.GetOrder.Request) async { self.request = request }
    }

    final class DisplaySpy: ShowOrderAPIDisplayLogic {
        var viewModel: ShowOrder.GetOrder.APIViewModel?
        func displayOrder(viewModel: ShowOrder.GetOrder.APIViewModel) { self.viewModel = viewModel }
    }

    func testTheViewControllerAsksForTheOrderAsTheCaller() async throws {
        let sut = ShowOrderAPIViewController(environment: try await makeTestEnvironment(), signedIn: clerk)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        _ = try? await sut.getOrder(id: "7")
        XCTAssertEqual(spy.request?.orderID, "7")
        XCTAssertEqual(spy.request?.signedIn, clerk)
        XCTAssertEqual(spy.request?.readsNotes, false, "the order alone: its notes are their own resource")
        XCTAssertEqual(spy.request?.readsHistory, false, "the API shows no timeline")
        _ = try? await sut.listNotes(orderID: "8")
        XCTAssertEqual(spy.request?.orderID, "8")
        XCTAssertEqual(spy.request?.readsNotes, true)
        XCTAssertEqual(spy.request?.readsHistory, false)
    }

    func testTheOrderAnswersWithItsVersionAsETag() async throws {
        let environment = try await makeTestEnvironment(store: OrdersMemStore(orders: [Seeds.Orders.amy]))
        let sut = ShowOrderAPIViewController(environment: environment, signedIn: clerk)
        guard case .ok(let ok) = try await sut.getOrder(id: "1") else { return XCTFail() }
        XCTAssertEqual(ok.headers.eTag, "\"1\"")
    }

    func testThePresenterOffersThePagesMovesAndTheCardsLastFour() {
        let sut = ShowOrderAPIPresenter()
        let spy = DisplaySpy()
        sut.viewController = spy
        let note = OrderNote(id: "n1", orderID: "1", text: "Call", by: testAccount.name, at: Seeds.june29)
        sut.presentOrder(response: .found(Seeds.Orders.amy, mayChangeStatus: true, mayCancel: false, notes: [note]))
        guard case .found(let order, let notes) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(order.allowedActions, [.markPaid])
        XCTAssertEqual(order.cardLastFour, "1111")
        XCTAssertEqual(order.shippingCost, .init(amount: 0, currency: .usd), "the seed's stored shipping")
        XCTAssertEqual(notes.map(\.text), ["Call"])
        XCTAssertEqual(notes.first?.by?.username, testAccount.username)

        sut.presentOrder(response: .found(Seeds.Orders.amy, mayChangeStatus: true, mayCancel: true))
        guard case .found(let supervisors, _) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(supervisors.allowedActions, [.markPaid, .cancel])

        sut.presentOrder(response: .notFound)
        guard case .problem(let missing) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(missing.status, .notFound)
        sut.presentOrder(response: .storeUnavailable)
        XCTAssertEqual(spy.viewModel, .problem(.unavailable))
    }
}
