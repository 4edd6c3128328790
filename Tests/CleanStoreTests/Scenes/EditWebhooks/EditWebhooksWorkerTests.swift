import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The register form's rules: an https URL of a public host, no credentials, at least one event.
final class EditWebhooksWorkerTests: XCTestCase {
    func worker(allowPrivate: Bool = false) -> EditWebhooksWorker {
        EditWebhooksWorker(store: WebhooksMemStore(), allowPrivate: allowPrivate, now: { Seeds.june29 }, newSecret: { "whsec_c2VjcmV0" })
    }

    func testTheURLsRule() {
        let table: [(String, EditWebhooks.URLProblem?)] = [
            ("https://example.com/hooks", nil), ("https://example.com:8443/in?x=1", nil), ("https://93.184.216.34/in", nil),
            ("", .missing), ("https://" + String(repeating: "a", count: 2000), .tooLong), ("example.com/hooks", .notAURL),
            ("https://exa mple.com", .notAURL), ("https://example.com/\u{7F}", .notAURL), ("https://exämple.com", .notAURL),
            ("http://example.com", .notHTTPS), ("ftp://example.com", .notHTTPS), ("https://user:pass@example.com", .hasCredentials),
            ("https://127.0.0.1/", .notPublic), ("https://10.1.2.3/", .notPublic), ("https://[::1]/", .notPublic),
            ("https://169.254.169.254/latest", .notPublic), ("https://localhost/", .notPublic),
        ]
        for (url, problem) in table {
            XCTAssertEqual(worker().urlProblem(url), problem, url)
        }
        XCTAssertNil(worker(allowPrivate: true).urlProblem("http://127.0.0.1:8080/in"), "--allow-private-webhooks")
        XCTAssertEqual(worker(allowPrivate: true).urlProblem("ftp://127.0.0.1/"), .notHTTPS)
    }

    func testCheckTrimsTheURLAndKeepsKnownEventsInTheirOrder() {
        let checked = worker().check(.init(url: " https://example.com \n", events: ["order.cancelled", "nope", "order.placed"]))
        XCTAssertEqual(checked.url, "https://example.com")
        XCTAssertEqual(checked.events, [.orderPlaced, .orderCancelled])
        XCTAssertTrue(checked.problems.isEmpty)
        XCTAssertEqual(worker().check(.init(url: "https://example.com", events: ["nope"])).problems, .init(noEvents: true))
    }

    func testRegisterKeepsANewSecretAndTheStoresChangesGoThrough() async throws {
        let sut = worker()
        let endpoint = try await sut.register(url: "https://example.com", events: [.orderPlaced])
        XCTAssertEqual(endpoint.secret, "whsec_c2VjcmV0")
        XCTAssertEqual(endpoint.createdAt, Seeds.june29)
        let listed = try await sut.endpoints()
        XCTAssertEqual(listed, [endpoint])
        let found = try await sut.endpoint(id: endpoint.id)
        XCTAssertEqual(found?.0, endpoint)
        XCTAssertEqual(found?.1, [])
        let disabled = try await sut.setEnabled(id: endpoint.id, false, version: 1)
        XCTAssertFalse(disabled.isEnabled)
    }
}
