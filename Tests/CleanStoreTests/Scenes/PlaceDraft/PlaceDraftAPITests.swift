import Foundation
import Hummingbird
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API face of PlaceDraft: the card from the body as the check page's fields, the version from
/// If-Match, the Idempotency-Key made the token's own; the order placed (its last four only) or the
/// check page's refusals as problems.
final class PlaceDraftAPITests: XCTestCase {
    static let caller = EditDraftAPITests.caller
    static let card = Components.Schemas.Placing(cardNumber: "4111 1111 1111 1111", expirationDate: "04/29", securityCode: "123")

    final class BusinessLogicSpy: PlaceDraftBusinessLogic {
        var placed: PlaceDraft.Place.Request?
        func checkDraft(request: PlaceDraft.CheckDraft.Request) async {}
        func place(request: PlaceDraft.Place.Request) async { placed = request }
        func decidePrice(request: PlaceDraft.DecidePrice.Request) async {}
    }

    final class DisplaySpy: PlaceDraftAPIDisplayLogic {
        var viewModel: PlaceDraft.Place.APIViewModel?
        func displayPlacedOrder(viewModel: PlaceDraft.Place.APIViewModel) { self.viewModel = viewModel }
    }

    func makeSUT() async throws -> (PlaceDraftAPIViewController, BusinessLogicSpy) {
        let sut = PlaceDraftAPIViewController(environment: try await makeTestEnvironment(), caller: Self.caller)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        return (sut, spy)
    }

    func testThePlacingCarriesTheCardTheVersionOfIfMatchAndTheTokensOwnKey() async throws {
        let (sut, spy) = try await makeSUT()
        var card = Self.card
        card.placeDuplicateAnyway = true
        _ = try? await sut.place(ref: "D-ABCDEB", ifMatch: "\"5\"", idempotencyKey: "place-0123456789abcdef", body: card)
        let request = try XCTUnwrap(spy.placed)
        XCTAssertEqual(request.ref, "D-ABCDEB")
        XCTAssertEqual(request.signedIn, testAccount.name)
        XCTAssertEqual(request.fields.paymentMethodCreditCardNumber, "4111 1111 1111 1111")
        XCTAssertEqual(request.fields.paymentMethodExpirationDate, "04/29")
        XCTAssertEqual(request.fields.paymentMethodCVV, "123")
        XCTAssertEqual(request.fields.version, "5")
        XCTAssertEqual(request.fields.placeDuplicateAnyway, "on")
        XCTAssertNotEqual(request.fields.orderKey, "place-0123456789abcdef", "the token's own, never the key as sent")
        XCTAssertEqual(request.fields.orderKey, try APIIdempotencyWorker.orderKey("place-0123456789abcdef", of: Self.caller))
        XCTAssertNotNil(OrderKeyWorker(newKey: { "" }).key(posted: request.fields.orderKey), "a key the store takes")
        var other = Self.caller
        other.tokenPrefix = "csk_BBBBBBBB"
        XCTAssertNotEqual(try APIIdempotencyWorker.orderKey("place-0123456789abcdef", of: other), request.fields.orderKey)
    }

    func testWithoutIfMatchItIs428AndWithOneOfAnotherShape412AndNothingRuns() async throws {
        let (sut, spy) = try await makeSUT()
        for (ifMatch, status) in [(nil, HTTPResponse.Status.preconditionRequired), ("*", .preconditionFailed)] as [(String?, HTTPResponse.Status)] {
            do {
                _ = try await sut.place(ref: "D-ABCDEB", ifMatch: ifMatch, idempotencyKey: nil, body: Self.card)
                XCTFail("placed")
            } catch let problem as APIProblem {
                XCTAssertEqual(problem.status, status)
            }
        }
        do {
            _ = try await sut.place(ref: "D-ABCDEB", ifMatch: "\"5\"", idempotencyKey: "short", body: Self.card)
            XCTFail("placed")
        } catch let problem as APIProblem {
            XCTAssertEqual(problem.status, .badRequest)
        }
        XCTAssertNil(spy.placed)
    }

    func testThePresenterGivesTheOrderOrTheCheckPagesRefusals() {
        let sut = PlaceDraftAPIPresenter(formatter: OrderDisplayFormatter(timeZone: .gmt), signedIn: Self.caller.signedIn)
        let spy = DisplaySpy()
        sut.viewController = spy
        var order = Seeds.Orders.amy
        order.id = "7"
        sut.presentPlacedOrder(response: .placed(order))
        guard case .placed(let placed, again: false) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(placed.id, "7")
        XCTAssertEqual(placed.cardLastFour, order.paymentMethod.lastFourDigits)
        XCTAssertEqual(placed.allowedActions, [.markPaid, .cancel], "a clerk's moves from new (a clerk cancels a new order)")
        sut.presentPlacedOrder(response: .alreadyPlaced(order))
        guard case .placed(_, again: true) = spy.viewModel else { return XCTFail() }

        let draft = EditDraftAPITests.draft
        let checked = PlaceDraft.Checked(draft: draft, check: EditDraftAPITests.check, orderKey: "k", duplicateAccepted: false)
        sut.presentPlacedOrder(response: .checkAgain(
            checked, .invalidCard([CreateOrder.FieldError(field: .paymentMethodCVV, problem: .missing)]), typed: .init()))
        guard case .problem(let card) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(card.status, .unprocessableContent)
        XCTAssertEqual(card.errors.map(\.field), ["securityCode"])

        sut.presentPlacedOrder(response: .checkAgain(checked, .draftChanged, typed: .init()))
        guard case .problem(let stale) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(stale.status, .preconditionFailed)
        XCTAssertEqual(stale.headers[.eTag], "\"3\"")

        sut.presentPlacedOrder(response: .checkAgain(checked, .refused, typed: .init()))
        guard case .problem(let refused) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(refused.detail?.hasSuffix("Enter the shipment address"), true, refused.detail ?? "")

        sut.presentPlacedOrder(response: .notFound)
        XCTAssertEqual(spy.viewModel, .problem(EditDraftAPIPresenter.notFound))
        sut.presentPlacedOrder(response: .storeUnavailable)
        XCTAssertEqual(spy.viewModel, .problem(.unavailable))
    }
}
