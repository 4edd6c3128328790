import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// HEAD wherever GET (RFC 9110 §9.3.2): what load balancers and link checkers send. (A 405's
/// `Allow` listing HEAD is in `HTTPTests`.)
final class HeadRequestTests: XCTestCase {
    func testHEADGetsTheStatusAndHeadersOfGETAndNoBodyOnEveryGETPath() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        // Every GET route (order 1 for an id), an unknown order, static files, an unknown path.
        let getRoutes = Routes.table(environment: app.environment).filter { $0.method == .get }
        let paths = getRoutes.map { $0.path.description.replacingOccurrences(of: "{id}", with: "1") }
            + ["/orders/9", "/css/app.css", "/favicon.svg", "/nowhere"]
        XCTAssert(paths.contains("/healthz"))
        try await app.test { client in
            for path in paths {
                let get = try await client.execute(uri: path, method: .get)
                let head = try await client.execute(uri: path, method: .head)
                XCTAssertEqual(head.status, get.status, path)
                XCTAssertEqual(Self.comparable(head.headers), Self.comparable(get.headers), path)
                XCTAssertEqual(head.body.readableBytes, 0, path)
                if let length = get.headers[.contentLength] {
                    XCTAssertEqual(Int(length), get.body.readableBytes, "HEAD's Content-Length is GET's body's: \(path)")
                }
            }
            let health = try await client.execute(uri: "/healthz", method: .head)
            XCTAssertEqual(health.status, .ok, "What a load balancer asks")
            XCTAssertEqual(health.headers[.contentLength], "2")
        }
    }

    /// Headers as text, a cookie's attributes in one order (Hummingbird writes them in any order).
    static func comparable(_ headers: HTTPFields) -> [String] {
        headers.map { field in
            guard field.name == .setCookie else { return "\(field.name): \(field.value)" }
            let parts = field.value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(field.name): " + ([parts[0]] + parts.dropFirst().sorted()).joined(separator: "; ")
        }
    }

    func testAHEADForAPathThatOnlyTakesPOSTIs405AsAGETIs() async throws {
        // No route of the app takes POST alone today: a router of one such route, with the
        // app's router option and middleware around it.
        let environment = try await makeTestEnvironment()
        let routes = [Routes.Route(method: .post, path: AppPath("/only-post")) { _, _ in Response(status: .noContent) }]
        let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.addMiddleware {
            HeadRequestMiddleware()
            ErrorPageMiddleware(pages: environment.pages, routes: routes)
        }
        for route in routes {
            router.on(route.path.routerPath, method: route.method, use: route.handler)
        }
        try await Application(router: router).test(.router) { client in
            let get = try await client.execute(uri: "/only-post", method: .get)
            let head = try await client.execute(uri: "/only-post", method: .head)
            XCTAssertEqual(get.status, .methodNotAllowed)
            XCTAssertEqual(head.status, .methodNotAllowed)
            XCTAssertEqual(head.headers[.allow], "POST")
            XCTAssertEqual(Self.comparable(head.headers), Self.comparable(get.headers))
            XCTAssertEqual(head.body.readableBytes, 0)
            let post = try await client.execute(uri: "/only-post", method: .post)
            XCTAssertEqual(post.status, .noContent)
        }
    }
}
