import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The webhooks' pages (issue 30) through the real router and templates: every page state compared
/// with its reference in `__Snapshots__/WebhooksHTTPTests/` (read by the browser tests' axe and Nu
/// checks) and checked by libxml2; supervisors only.
final class WebhooksHTTPTests: XCTestCase {
    static let secret = WebhookSecret.make(bytes: Array(1...32))

    func makeApp(role: AccountRole = .supervisor) async throws -> TestApp {
        var app = try await TestApp(role: role)
        app.environment.newWebhookSecret = { Self.secret }
        return app
    }

    static func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    func testASupervisorRegistersAnEndpointSeesItsSecretOnceThenItsDeliveries() async throws {
        let app = try await makeApp()
        try await app.test { client in
            let empty = try await client.get("/webhooks")
            Self.assertPage("webhooks-empty", empty, status: .ok)
            XCTAssertTrue(empty.text.contains("No endpoint is registered yet."))

            let form = try await client.get("/webhooks/new")
            Self.assertPage("webhooks-new", form, status: .ok)
            XCTAssertEqual(form.text.components(separatedBy: #"checked="checked""#).count, 4, "every event ticked")

            let invalid = try await client.post("/webhooks", form: "url=http%3A%2F%2F10.0.0.1%2Fin")
            Self.assertPage("webhooks-new-invalid", invalid, status: .unprocessableContent)
            XCTAssertTrue(invalid.text.contains(##"<a href="#url">URL must start with https://</a>"##))
            XCTAssertTrue(invalid.text.contains(##"<a href="#events">Select at least one event</a>"##))
            let none = try await app.environment.webhooks.endpoints()
            XCTAssertEqual(none, [], "nothing registered")

            let registered = try await client.post(
                "/webhooks", form: "url=https%3A%2F%2Fwarehouse.example.com%2Fhooks&events%5B%5D=order.placed&events%5B%5D=order.cancelled")
            Self.assertPage("webhooks-secret", registered, status: .ok)
            XCTAssertTrue(registered.text.contains(Self.secret), "shown once")
            XCTAssertEqual(registered.headers[.cacheControl], "no-store")

            // An order placed now writes its delivery; its first attempt answered 500.
            _ = try await app.seedOrder()
            let claimed = try await app.environment.webhooks.claimDue(now: Seeds.june29, lease: 60, limit: 5)
            XCTAssertEqual(claimed.count, 1)
            _ = try await app.environment.webhooks.recordAttempt(
                deliveryID: claimed[0].delivery.id, .answered(status: 500), at: Seeds.june29.addingTimeInterval(5))

            let list = try await client.get("/webhooks")
            Self.assertPage("webhooks-list", list, status: .ok)
            XCTAssertFalse(list.text.contains(Self.secret), "never again")
            let endpoint = try await client.get("/webhooks/1")
            Self.assertPage("webhook-deliveries", endpoint, status: .ok)
            XCTAssertFalse(endpoint.text.contains(Self.secret), "never again")
            XCTAssertTrue(endpoint.text.contains("Trying again"))
            XCTAssertTrue(endpoint.text.contains("HTTP 500"))

            let disabled = try await client.post("/webhooks/1/enabled", form: "enabled=false&version=1")
            XCTAssertEqual(disabled.status, .seeOther)
            XCTAssertEqual(disabled.headers[.location], "/webhooks/1")
            let stored = try await app.environment.webhooks.endpoint(id: 1)
            XCTAssertEqual(stored?.isEnabled, false)
            XCTAssertEqual(stored?.version, 2)

            let stale = try await client.post("/webhooks/1/enabled", form: "enabled=false&version=1")
            Self.assertPage("webhook-conflict", stale, status: .conflict)
            XCTAssertTrue(stale.text.contains("it is now disabled. Nothing was changed."))
            XCTAssertTrue(stale.text.contains("Enable this endpoint"))

            let unknown = try await client.post("/webhooks/99/enabled", form: "enabled=true&version=1")
            XCTAssertEqual(unknown.status, .notFound)
            let notANumber = try await client.get("/webhooks/first")
            XCTAssertEqual(notANumber.status, .notFound)
            let badForm = try await client.post("/webhooks/1/enabled", form: "enabled=maybe&version=2")
            XCTAssertEqual(badForm.status, .badRequest)
            let control = try await client.post("/webhooks", form: "url=https%3A%2F%2Fexample.com%2F%01&events%5B%5D=order.placed")
            XCTAssertEqual(control.status, .badRequest, "a control character in a one-line form")
        }
    }

    func testClerksAndViewersAreRefused() async throws {
        for role in [AccountRole.clerk, .viewer] {
            let app = try await makeApp(role: role)
            try await app.test { client in
                for path in ["/webhooks", "/webhooks/new", "/webhooks/1"] {
                    let page = try await client.get(path)
                    XCTAssertEqual(page.status, .forbidden, "\(role) \(path)")
                }
                let post = try await client.post("/webhooks", form: "url=https%3A%2F%2Fexample.com&events%5B%5D=order.placed")
                XCTAssertEqual(post.status, .forbidden, "\(role)")
                let change = try await client.post("/webhooks/1/enabled", form: "enabled=false&version=1")
                XCTAssertEqual(change.status, .forbidden, "\(role)")
            }
            let endpoints = try await app.environment.webhooks.endpoints()
            XCTAssertEqual(endpoints, [], "\(role) registered nothing")
        }
    }
}
