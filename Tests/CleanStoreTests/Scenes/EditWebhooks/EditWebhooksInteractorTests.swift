import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditWebhooksInteractorTests: XCTestCase {
    static let at = Seeds.june29
    static let endpoint = WebhookEndpoint(
        id: 4, url: "https://example.com/in", events: [.orderPlaced], secret: "whsec_AAAA", createdAt: EditWebhooksInteractorTests.at)
    static let delivery = WebhookDelivery(
        id: 9, endpointID: 4, eventType: .orderPlaced, webhookID: "msg_1_1_0", orderID: "1", payload: "{}", createdAt: at, nextAttemptAt: at)

    // MARK: Test doubles

    final class WorkerSpy: EditWebhooksWorker, @unchecked Sendable {
        var failure: WebhooksStoreError?
        var registeredWith: (String, [WebhookEventType])?
        var enabledWith: (Int64, Bool, Int)?

        init() { super.init(store: WebhooksMemStore(), allowPrivate: false, now: { EditWebhooksInteractorTests.at }) }

        override func register(url: String, events: [WebhookEventType]) async throws(WebhooksStoreError) -> WebhookEndpoint {
            registeredWith = (url, events)
            if let failure { throw failure }
            return EditWebhooksInteractorTests.endpoint
        }
        override func endpoints() async throws(WebhooksStoreError) -> [WebhookEndpoint] {
            if let failure { throw failure }
            return [EditWebhooksInteractorTests.endpoint]
        }
        override func endpoint(id: Int64) async throws(WebhooksStoreError) -> (WebhookEndpoint, [WebhookDelivery])? {
            if let failure, failure != .conflict(current: EditWebhooksInteractorTests.endpoint) { throw failure }
            return id == 4 ? (EditWebhooksInteractorTests.endpoint, [EditWebhooksInteractorTests.delivery]) : nil
        }
        override func setEnabled(id: Int64, _ enabled: Bool, version: Int) async throws(WebhooksStoreError) -> WebhookEndpoint {
            enabledWith = (id, enabled, version)
            if let failure { throw failure }
            var endpoint = EditWebhooksInteractorTests.endpoint
            endpoint.isEnabled = enabled
            return endpoint
        }
    }

    final class PresenterSpy: EditWebhooksPresentationLogic {
        var endpoints: EditWebhooks.ShowEndpoints.Response?
        var newForm: EditWebhooks.ShowNewForm.Response?
        var registered: EditWebhooks.Register.Response?
        var endpoint: EditWebhooks.ShowEndpoint.Response?
        var changed: EditWebhooks.ChangeEnabled.Response?

        func presentEndpoints(response: EditWebhooks.ShowEndpoints.Response) { endpoints = response }
        func presentNewForm(response: EditWebhooks.ShowNewForm.Response) { newForm = response }
        func presentRegistered(response: EditWebhooks.Register.Response) { registered = response }
        func presentEndpoint(response: EditWebhooks.ShowEndpoint.Response) { endpoint = response }
        func presentChangedEnabled(response: EditWebhooks.ChangeEnabled.Response) { changed = response }
    }

    func make() -> (EditWebhooksInteractor, WorkerSpy, PresenterSpy) {
        let worker = WorkerSpy()
        let presenter = PresenterSpy()
        let sut = EditWebhooksInteractor(worker: worker)
        sut.presenter = presenter
        return (sut, worker, presenter)
    }

    // MARK: Tests

    func testShowEndpointsListsThemOrSaysTheStoreIsUnavailable() async {
        let (sut, worker, presenter) = make()
        await sut.showEndpoints(request: .init())
        XCTAssertEqual(presenter.endpoints, .fetched([Self.endpoint]))
        worker.failure = .unavailable("down")
        await sut.showEndpoints(request: .init())
        XCTAssertEqual(presenter.endpoints, .unavailable)
    }

    func testTheNewFormHasEveryEventTicked() {
        let (sut, _, presenter) = make()
        sut.showNewForm(request: .init())
        XCTAssertEqual(presenter.newForm, .form(.init(url: "", events: WebhookEventType.allCases.map(\.rawValue)), .init()))
    }

    func testRegisterKeepsAValidFormAndOtherwiseSaysWhatIsWrongWritingNothing() async {
        let (sut, worker, presenter) = make()
        let fields = EditWebhooks.RegisterFormFields(url: "  https://example.com/in ", events: ["order.cancelled", "order.placed", "other"])
        await sut.register(request: .init(fields: fields))
        XCTAssertEqual(presenter.registered, .registered(Self.endpoint))
        XCTAssertEqual(worker.registeredWith?.0, "https://example.com/in")
        XCTAssertEqual(worker.registeredWith?.1, [.orderPlaced, .orderCancelled])
        XCTAssertEqual(sut.registered, Self.endpoint)

        let (invalid, untouched, said) = make()
        let bad = EditWebhooks.RegisterFormFields(url: "http://example.com", events: nil)
        await invalid.register(request: .init(fields: bad))
        XCTAssertEqual(said.registered, .invalid(bad, .init(url: .notHTTPS, noEvents: true)))
        XCTAssertNil(untouched.registeredWith)

        worker.failure = .unavailable("down")
        await sut.register(request: .init(fields: fields))
        XCTAssertEqual(presenter.registered, .unavailable)
    }

    func testShowEndpointFindsItWithItsDeliveriesOrNot() async {
        let (sut, worker, presenter) = make()
        await sut.showEndpoint(request: .init(id: 4))
        XCTAssertEqual(presenter.endpoint, .fetched(Self.endpoint, [Self.delivery]))
        await sut.showEndpoint(request: .init(id: 5))
        XCTAssertEqual(presenter.endpoint, .notFound)
        worker.failure = .unavailable("down")
        await sut.showEndpoint(request: .init(id: 4))
        XCTAssertEqual(presenter.endpoint, .unavailable)
    }

    func testChangeEnabledWritesFromTheVersionShownAndSaysAConflictWithTheEndpointAsItIs() async {
        let (sut, worker, presenter) = make()
        await sut.changeEnabled(request: .init(id: 4, enabled: false, version: 1))
        XCTAssertEqual(worker.enabledWith?.0, 4)
        XCTAssertEqual(worker.enabledWith?.1, false)
        XCTAssertEqual(worker.enabledWith?.2, 1)
        guard case .changed(let endpoint) = presenter.changed else { return XCTFail("\(String(describing: presenter.changed))") }
        XCTAssertFalse(endpoint.isEnabled)

        worker.failure = .conflict(current: Self.endpoint)
        await sut.changeEnabled(request: .init(id: 4, enabled: false, version: 1))
        XCTAssertEqual(presenter.changed, .conflict(Self.endpoint, [Self.delivery]))
        worker.failure = .notFound
        await sut.changeEnabled(request: .init(id: 4, enabled: false, version: 1))
        XCTAssertEqual(presenter.changed, .notFound)
        worker.failure = .unavailable("down")
        await sut.changeEnabled(request: .init(id: 4, enabled: false, version: 1))
        XCTAssertEqual(presenter.changed, .unavailable)
    }
}
