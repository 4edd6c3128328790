import AsyncHTTPClient
import Foundation
import Prometheus
import XCTest

@testable import CleanStore

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
}

final class MetricsTests: XCTestCase {
    func testTheCountersMoveWithACreateARefusedFormAndAForgedPost() async throws {
        // Given
        _ = TestMetrics.registry
        let app = try await TestApp()
        let samples = [
            #"hb_requests{http_route="/orders",http_request_method="POST",http_response_status_code="303"}"#,
            #"hb_requests{http_route="/orders",http_request_method="POST",http_response_status_code="422"}"#,
            #"cleanstore_orders_total{event="created"}"#,
            #"cleanstore_validation_refusals_total{field="email"}"#,
            #"cleanstore_csrf_refusals_total"#,
            #"cleanstore_store_duration_seconds_count{operation="create"}"#,
            #"http_server_request_duration_count{http_route="/orders",http_request_method="POST",http_response_status_code="303"}"#,
        ]
        let before = samples.map(TestMetrics.value)

        // When: a create, a refused form, a forged post
        try await app.test { client in
            let created = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(created.status, .seeOther)
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
        XCTAssertFalse(text.contains("4111"), "No card data in metrics")
        XCTAssertFalse(text.contains(#"http_route="/orders/1""#), "Routes by pattern, never the raw path")
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
