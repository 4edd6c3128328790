import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `GET /api/v1/orders` and `GET /api/v1/orders/{id}` answered by `APIWrittenOperations` (their
/// 200's JSON written by `APIJSONWriter`) answer every request exactly as the generated operations
/// do: the same status, headers and bytes, for pages and orders, queries the operation reads and
/// refuses, ids found, missing and too long, `Accept` headers, HEAD, and no token.
final class APIWrittenOperationsTests: XCTestCase {
    struct Answer: Equatable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
    }

    /// Each request's answer from the API's routes alone, written by hand or by the generated code.
    private func answers(writtenByHand: Bool, environment: SceneEnvironment, requests: [(HTTPRequest.Method, String, HTTPFields)]) async throws
        -> [Answer]
    {
        let router = Router(context: AppRequestContext.self)
        try APIRoutes.register(on: router, environment: environment, writtenByHand: writtenByHand)
        return try await Application(router: router).test(.router) { client in
            var answers: [Answer] = []
            for (method, uri, headers) in requests {
                let response = try await client.execute(uri: uri, method: method, headers: headers, body: nil)
                answers.append(Answer(status: response.status, headers: response.headers, body: Array(buffer: response.body)))
            }
            return answers
        }
    }

    func testTheListAndAnOrderAreAnsweredAsTheGeneratedOperationsAnswerThem() async throws {
        var amy = Seeds.Orders.amy
        amy.lastName = "Doe/Smith \"Jr.\" \\ Müller 東京 🛒"
        amy.email = "amy+tab\t@example.com"
        let (app, secret) = try await APIHTTPTests.makeApp(orders: [amy, GoodsSeeds.order], tokenRole: .viewer)
        let token: HTTPFields = [.authorization: "Bearer \(secret.text)"]
        func with(_ field: HTTPField.Name, _ value: String) -> HTTPFields {
            var fields = token
            fields[field] = value
            return fields
        }
        let paths = [
            "/api/v1/orders", "/api/v1/orders?q=battery&shipping=twoDay", "/api/v1/orders?status=new&sort=date",
            "/api/v1/orders?sort=-total", "/api/v1/orders?sort=name&shipping=standard", "/api/v1/orders?q=M%C3%BCller",
            "/api/v1/orders?q=Doe%2FSmith", "/api/v1/orders?q=a+b", "/api/v1/orders?from=2007-06-29&to=06%2F30%2F2007",
            "/api/v1/orders?after=not-a-cursor", "/api/v1/orders?before=x&after=y",
            "/api/v1/orders?shipping=bogus", "/api/v1/orders?status=lost", "/api/v1/orders?sort=price",
            "/api/v1/orders?q=" + String(repeating: "a", count: 201), "/api/v1/orders?from=2007-02-30", "/api/v1/orders?to=not-a-day",
            "/api/v1/orders?q=%ZZ", "/api/v1/orders?q=x&q=y", "/api/v1/orders?unknown=1",
            "/api/v1/orders/1", "/api/v1/orders/2", "/api/v1/orders/999", "/api/v1/orders/%31", "/api/v1/orders/abc",
            "/api/v1/orders/" + String(repeating: "9", count: 21),
        ]
        var requests: [(HTTPRequest.Method, String, HTTPFields)] = paths.map { (.get, $0, token) }
        for path in ["/api/v1/orders", "/api/v1/orders/2"] {
            requests += [
                (.head, path, token), (.get, path, [:]), (.get, path, [.authorization: "Bearer csk_nope"]),
                (.get, path, with(.accept, "application/json")), (.get, path, with(.accept, "*/*")),
                (.get, path, with(.accept, "text/html")), (.get, path, with(.accept, "application/problem+json")),
                (.get, path, with(.accept, "application/json;q=0.5, text/html")),
            ]
        }

        let written = try await answers(writtenByHand: true, environment: app.environment, requests: requests)
        let generated = try await answers(writtenByHand: false, environment: app.environment, requests: requests)

        XCTAssertEqual(written.count, requests.count)
        for (index, request) in requests.enumerated() {
            XCTAssertEqual(written[index].status, generated[index].status, "\(request.0) \(request.1)")
            XCTAssertEqual(written[index].headers, generated[index].headers, "\(request.0) \(request.1)")
            XCTAssertEqual(
                String(decoding: written[index].body, as: UTF8.self), String(decoding: generated[index].body, as: UTF8.self),
                "\(request.0) \(request.1)")
        }
        // The requests reach what they should: pages, the order of 2 lines, refusals
        let statuses = Dictionary(zip(requests.map { "\($0.0) \($0.1) \($0.2[.accept] ?? "")" }, written.map(\.status.code)), uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(statuses["GET /api/v1/orders "], 200)
        XCTAssertEqual(statuses["GET /api/v1/orders/2 "], 200)
        XCTAssertEqual(statuses["GET /api/v1/orders/999 "], 404)
        XCTAssertEqual(statuses["GET /api/v1/orders?shipping=bogus "], 400)
        XCTAssertEqual(statuses["GET /api/v1/orders?from=2007-02-30 "], 422)
        XCTAssertEqual(statuses["GET /api/v1/orders text/html"], 406)
        let order = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(written[paths.firstIndex(of: "/api/v1/orders/2")!].body)) as? [String: Any])
        XCTAssertEqual((order["lines"] as? [[String: Any]])?.count, 2)
        XCTAssertEqual(written[paths.firstIndex(of: "/api/v1/orders/2")!].headers[.eTag], "\"1\"")
    }

    /// The generated input of the two operations holds what `APIWrittenOperations` reads (its copy
    /// of the generated reading): a parameter or header the spec adds to them fails here until the
    /// copy reads it too (the generated initializers would take it as nil without a word).
    func testTheWrittenOperationsReadEveryPartOfTheGeneratedInput() {
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        XCTAssertEqual(labels(Operations.ListOrders.Input()), ["query", "headers"])
        XCTAssertEqual(labels(Operations.ListOrders.Input.Query()), ["q", "shipping", "status", "from", "to", "sort", "after", "before"])
        XCTAssertEqual(labels(Operations.ListOrders.Input.Headers()), ["accept"])
        XCTAssertEqual(labels(Operations.GetOrder.Input(path: .init(id: "1"))), ["path", "headers"])
        XCTAssertEqual(labels(Operations.GetOrder.Input.Path(id: "1")), ["id"])
        XCTAssertEqual(labels(Operations.GetOrder.Input.Headers()), ["accept"])
    }

    /// The two operations, and only they, are written by hand: the rest are the generated code's.
    func testOnlyTheListAndAnOrdersGetAreWrittenByHand() async throws {
        let (app, _) = try await APIHTTPTests.makeApp()
        let written = APIWrittenOperations.handlers(
            APIHandlers(environment: app.environment), configuration: APIRoutes.configuration, middlewares: [])
        XCTAssertEqual(Set(written.keys), ["GET /orders", "GET /orders/{id}"])
        let operations = Set(APIRoutes.operations.map { APIWrittenOperations.key($0.method, $0.path) })
        XCTAssertTrue(Set(written.keys).isSubset(of: operations))
    }
}
