import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditWebhooksPresenterTests: XCTestCase {
    final class DisplaySpy: EditWebhooksDisplayLogic {
        var shown: [EditWebhooks.ViewModel] = []
        func displayWebhooks(viewModel: EditWebhooks.ViewModel) { shown.append(viewModel) }
    }

    static let at = Seeds.june29
    static let endpoint = WebhookEndpoint(
        id: 4, url: "https://example.com/in", events: [.orderPlaced, .orderCancelled], secret: "whsec_AQIDBAUGBwgJ", version: 2,
        createdAt: at)

    func make() -> (EditWebhooksPresenter, DisplaySpy) {
        let spy = DisplaySpy()
        let sut = EditWebhooksPresenter(timeZone: TimeZone(identifier: "UTC")!)
        sut.viewController = spy
        return (sut, spy)
    }

    func testTheListSaysEachEndpointsEventsAndState() {
        let (sut, spy) = make()
        var off = Self.endpoint
        off.id = 5
        off.isEnabled = false
        sut.presentEndpoints(response: .fetched([Self.endpoint, off]))
        guard case .list(let list) = spy.shown.last else { return XCTFail() }
        XCTAssertEqual(
            list.endpoints,
            [
                .init(url: "https://example.com/in", link: "/webhooks/4", events: "Order placed, Order cancelled", state: "Enabled", isEnabled: true),
                .init(url: "https://example.com/in", link: "/webhooks/5", events: "Order placed, Order cancelled", state: "Disabled", isEnabled: false),
            ])
        sut.presentEndpoints(response: .unavailable)
        guard case .unavailable = spy.shown.last else { return XCTFail() }
    }

    func testTheFormSaysEachProblemInGOVUKWordsLinkedToItsField() {
        let (sut, spy) = make()
        sut.presentRegistered(response: .invalid(.init(url: "", events: nil), .init(url: .missing, noEvents: true)))
        guard case .form(let form, invalid: true) = spy.shown.last else { return XCTFail() }
        XCTAssertEqual(
            form.errors, [.init(field: "url", message: "Enter the endpoint’s URL"), .init(field: "events", message: "Select at least one event")])
        XCTAssertEqual(form.events.map(\.id), ["events", "events-2", "events-3"], "the summary's link goes to the first box")
        XCTAssertEqual(form.events.map(\.checked), [false, false, false])
        XCTAssertEqual(form.eventsError, "Select at least one event")
        XCTAssertEqual(form.title, "Error: Register a webhook endpoint")
        sut.presentNewForm(response: .form(.init(url: "", events: ["order.placed"]), .init()))
        guard case .form(let fresh, invalid: false) = spy.shown.last else { return XCTFail() }
        XCTAssertEqual(fresh.events.map(\.checked), [true, false, false])
        XCTAssertEqual(fresh.errors, [])
        XCTAssertEqual(
            [.missing, .tooLong, .notAURL, .notHTTPS, .hasCredentials, .notPublic].map(EditWebhooksPresenter.urlMessage),
            [
                "Enter the endpoint’s URL", "URL must be 2000 characters or fewer", "Enter a URL like https://example.com/webhooks, with no spaces",
                "URL must start with https://", "URL must not hold a user name or password",
                "URL must not be a loopback, private or link-local address",
            ])
    }

    func testARegisteredEndpointShowsItsSecretOnce() {
        let (sut, spy) = make()
        sut.presentRegistered(response: .registered(Self.endpoint))
        guard case .secret(let secret) = spy.shown.last else { return XCTFail() }
        XCTAssertEqual(secret, .init(url: "https://example.com/in", secret: "whsec_AQIDBAUGBwgJ", endpointURL: "/webhooks/4"))
        sut.presentRegistered(response: .unavailable)
        guard case .unavailable = spy.shown.last else { return XCTFail() }
    }

    func testAnEndpointsPageSaysEachDeliverysStateAttemptsAndLastAnswerNeverTheWholeSecret() {
        let (sut, spy) = make()
        func delivery(_ state: WebhookDeliveryState, attempts: Int, status: Int?, error: String?) -> WebhookDelivery {
            WebhookDelivery(
                id: 1, endpointID: 4, eventType: .orderCancelled, webhookID: "msg_7_3_0", orderID: "7", payload: "{}", createdAt: Self.at,
                attempts: attempts, nextAttemptAt: state == .pending ? Self.at.addingTimeInterval(90) : nil, lastStatus: status, lastError: error,
                state: state)
        }
        sut.presentEndpoint(
            response: .fetched(
                Self.endpoint,
                [
                    delivery(.pending, attempts: 0, status: nil, error: nil), delivery(.pending, attempts: 2, status: 500, error: "HTTP 500"),
                    delivery(.delivered, attempts: 1, status: 204, error: nil),
                    delivery(.failed, attempts: 8, status: nil, error: "Refused: x is at 10.0.0.1, a loopback, private, link-local or multicast address"),
                ]))
        guard case .endpoint(let page, conflict: false) = spy.shown.last else { return XCTFail() }
        XCTAssertEqual(page.secretHint, "whsec_AQID…")
        XCTAssertEqual(page.action, "/webhooks/4/enabled")
        XCTAssertEqual(page.button, "Disable this endpoint")
        XCTAssertEqual(page.version, 2)
        XCTAssertEqual(page.deliveries.map(\.state), ["Waiting", "Trying again", "Delivered", "Failed: given up"])
        XCTAssertEqual(page.deliveries.map(\.tagClass), ["tag-grey", "tag-grey", "tag-green", "tag-red"])
        XCTAssertEqual(page.deliveries.map(\.attempts), ["0 of 8", "2 of 8, next at 29 Jun 2007, 06:01:30", "1 of 8", "8 of 8"])
        XCTAssertEqual(
            page.deliveries.map(\.lastAnswer),
            ["Not sent yet", "HTTP 500", "HTTP 204", "Refused: x is at 10.0.0.1, a loopback, private, link-local or multicast address"])
        XCTAssertEqual(page.deliveries.first?.orderURL, "/orders/7")
        XCTAssertEqual(page.deliveries.first?.event, "Order cancelled")
        sut.presentEndpoint(response: .notFound)
        guard case .notFound = spy.shown.last else { return XCTFail() }
    }

    func testAChangeGoesBackToTheEndpointAndAConflictShowsItAsItIs() {
        let (sut, spy) = make()
        var off = Self.endpoint
        off.isEnabled = false
        sut.presentChangedEnabled(response: .changed(off))
        guard case .done(let url, let flash) = spy.shown.last else { return XCTFail() }
        XCTAssertEqual(url, "/webhooks/4")
        XCTAssertEqual(flash, "Endpoint disabled: nothing is sent to it until it is enabled.")
        sut.presentChangedEnabled(response: .conflict(off, []))
        guard case .endpoint(let page, conflict: true) = spy.shown.last else { return XCTFail() }
        XCTAssertEqual(page.conflictMessage, "Someone else changed this endpoint since you opened its page: it is now disabled. Nothing was changed.")
        XCTAssertEqual(page.button, "Enable this endpoint")
        sut.presentChangedEnabled(response: .notFound)
        guard case .notFound = spy.shown.last else { return XCTFail() }
    }
}
