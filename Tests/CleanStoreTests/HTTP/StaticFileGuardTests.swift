import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// What Hummingbird's FileMiddleware does with odd ranges and paths, and what the app answers.
final class StaticFileGuardTests: XCTestCase {
    var cssSize: Int {
        get throws {
            let path = Repository.publicDirectory + "/css/app.css"
            return try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        }
    }

    func testARangeAtOrPastTheEndIs416WithTheSize() async throws {
        let size = try cssSize
        let app = try await TestApp()
        try await app.test { client in
            for range in ["bytes=\(size)-", "bytes=\(size)-\(size)", "bytes=\(size + 100)-\(size + 200)", "bytes=\(size + 1)-"] {
                for method in [HTTPRequest.Method.get, .head] {
                    let response = try await client.execute(uri: "/css/app.css", method: method, headers: [.range: range])
                    XCTAssertEqual(response.status, .rangeNotSatisfiable, "\(method) \(range)")
                    XCTAssertEqual(response.headers[.contentRange], "bytes */\(size)", range)
                    XCTAssertEqual(response.body.readableBytes, 0, range)
                }
            }
            // Ranges within the file are served as before.
            let start = try await client.execute(uri: "/css/app.css", method: .get, headers: [.range: "bytes=0-9"])
            XCTAssertEqual(start.status, .partialContent)
            XCTAssertEqual(start.headers[.contentRange], "bytes 0-9/\(size)")
            XCTAssertEqual(start.body.readableBytes, 10)
            let last = try await client.execute(uri: "/css/app.css", method: .get, headers: [.range: "bytes=\(size - 1)-"])
            XCTAssertEqual(last.status, .partialContent)
            XCTAssertEqual(last.headers[.contentLength], "1")
            XCTAssertEqual(last.body.readableBytes, 1)
        }
    }

    func testTheResponseAfterARangePastTheEndIsIntactOnTheSameConnection() async throws {
        let size = try cssSize
        try await LiveServer.run(AppConfiguration()) { server in
            let connection = try server.connect()
            try connection.send(
                "GET /css/app.css HTTP/1.1\r\nHost: test\r\nRange: bytes=\(size)-\r\n\r\n"
                    + "GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
            let refused = connection.readResponse()
            XCTAssert(refused?.hasPrefix("HTTP/1.1 416") == true, refused ?? "no response")
            let next = connection.readResponse()
            XCTAssert(next?.hasPrefix("HTTP/1.1 200") == true, "The next response starts where it should: \(next ?? "none")")
            XCTAssert(next?.hasSuffix("\r\n\r\nok") == true)
        }
    }

    func testAControlCharacterInAPathIs400() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for path in ["/css/app.css%00.html", "/css/app.css%00", "/css/app.css%0A", "/css/%1Fapp.css", "/css/app.css%7F",
                         "/favicon.svg%00.html", "/orders/1%00", "/orders%0D%0A"] {
                for method in [HTTPRequest.Method.get, .head] {
                    let response = try await client.execute(uri: path, method: method)
                    XCTAssertEqual(response.status, .badRequest, "\(method) \(path)")
                    XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", "The error page, not a file")
                }
            }
            let css = try await client.get("/css/app.css")
            XCTAssertEqual(css.status, .ok)
        }
    }

    func testNoPathRedirectsToAnotherHost() async throws {
        let app = try await TestApp()
        try await app.test { client in
            for path in ["//css", "//css/", "/%2Fcss", "//js", "/%2F%2Fcss", "/%5Ccss"] {
                let response = try await client.get(path)
                XCTAssertFalse((300..<400).contains(response.status.code), "\(path): \(response.status)")
                XCTAssertNil(response.headers[.location], path)
            }
            // A folder's own path still gets its trailing slash, on this host.
            let folder = try await client.get("/css")
            XCTAssertEqual(folder.status, .movedPermanently)
            XCTAssertEqual(folder.headers[.location], "/css/")
        }
    }
}
