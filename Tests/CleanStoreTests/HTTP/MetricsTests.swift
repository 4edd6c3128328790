import AsyncHTTPClient
import Foundation
import Prometheus
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The process's metrics registry in the tests: swift-metrics takes one factory per process.
enum TestMetrics {
    static let registry = AppMetrics.bootstrap()

    /// The value of the sample `name{labels}` in the registry's Prometheus text (0 when absent).
    static func value(_ sample: String) -> Double {
        for line in registry.emitToString().split(separator: "\n") where line.hasPrefix(sample + " ") {
            return Double(line.dropFirst(sample.count + 1)) ?? 0
        }
        return 0
    }

    /// The names, labels and comments of a Prometheus text (what card data could leak into),
    /// without the sample values: the registry is shared by every test, and a duration or a sum can
    /// hold any digits (a value with "4111" in it is no card number).
    static func namedParts(of text: String) -> [Substring] {
        text.split(separator: "\n").map { line in
            line.hasPrefix("#") ? line[...] : line[..<(line.lastIndex(of: " ") ?? line.endIndex)]
        }
    }

    /// The runs of 13 or more digits (spaces and dashes between them ignored) in `namedParts(of: text)`.
    static func cardLikeRuns(in text: String) -> [String] {
        namedParts(of: text).flatMap { named in
            named.filter { $0 != " " && $0 != "-" }.split { !$0.isASCII || !$0.isNumber }.map(String.init).filter { $0.count >= 13 }
        }
    }
}

final class MetricsTests: XCTestCase {
    func testTheCountersMoveWithAPlacingARefusedFormAndAForgedPost() async throws {
        // Given
        _ = TestMetrics.registry
        let app = try await DraftsHTTPTests.makeApp(role: .clerk)
        let samples = [
            #"hb_requests{http_route="/drafts/{id}/place",http_request_method="POST",http_response_status_code="303"}"#,
            #"hb_requests{http_route="/orders",http_request_method="POST",http_response_status_code="422"}"#,
            #"cleanstore_orders_total{event="created"}"#,
            #"cleanstore_validation_refusals_total{field="email"}"#,
            #"cleanstore_csrf_refusals_total"#,
            #"cleanstore_store_duration_seconds_count{operation="place"}"#,
            #"http_server_request_duration_count{http_route="/drafts/{id}/place",http_request_method="POST",http_response_status_code="303"}"#,
        ]
        let before = samples.map(TestMetrics.value)

        // When: a draft placed, the old one-page form refused, a forged post
        try await app.test { client in
            try await PlaceDraftHTTPTests.fillDraft(client)
            _ = try await client.get("\(PlaceDraftHTTPTests.path)/check")
            let placed = try await client.post("\(PlaceDraftHTTPTests.path)/place", form: PlaceDraftHTTPTests.placeForm(version: 5))
            XCTAssertEqual(placed.status, .seeOther)
            var fields = Seeds.validFormFields
            fields.email = ""
            let refused = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(refused.status, .unprocessableContent)
            let forged = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields), csrf: false)
            XCTAssertEqual(forged.status, .forbidden)
        }

        // Then
        let after = samples.map(TestMetrics.value)
        XCTAssertEqual(zip(after, before).map { $0 - $1 }, [1, 1, 1, 1, 1, 1, 1], "\(samples)")
        let text = TestMetrics.registry.emitToString()
        XCTAssertEqual(TestMetrics.cardLikeRuns(in: text), [], "No card number in metrics")
        XCTAssertEqual(TestMetrics.namedParts(of: text).filter { $0.contains("4111") }, [], "Not even the card's last four")
        XCTAssertFalse(text.contains(#"http_route="/drafts/D-"#), "Routes by pattern, never the raw path")
    }

    func testCardLikeRunsAreFoundInLabelsAndNotInValues() {
        let text = """
            # HELP cleanstore_orders_total Orders
            cleanstore_orders_total{event="created"} 4111111111111111
            hb_requests{http_route="/orders/4111 1111-1111 1111"} 1
            cleanstore_store_duration_seconds_sum 0.41114111411141114111
            """
        XCTAssertEqual(TestMetrics.cardLikeRuns(in: text), ["4111111111111111"])
    }

    func testRoutesAreLabelledByTheirPattern() async throws {
        // Given
        _ = TestMetrics.registry
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        let sample = #"hb_requests{http_route="/orders/{id}",http_request_method="GET",http_response_status_code="200"}"#
        let before = TestMetrics.value(sample)

        // When
        try await app.test { client in
            _ = try await client.get("/orders/1")
        }

        // Then
        XCTAssertEqual(TestMetrics.value(sample) - before, 1)
    }
}
