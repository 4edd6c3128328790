import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A body whose framing is broken is a bad request (400), never "413 Request too large", and
/// stores nothing.
final class BodyFramingTests: XCTestCase {
    static func post(_ framing: String, body: String) -> String {
        "POST /orders HTTP/1.1\r\nHost: test\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Cookie: \(testBrowserCookie)\r\n\(framing)\r\n\r\n\(body)"
    }

    func testABadChunkSizeOrAnUnknownTransferCodingIs400() async throws {
        let store = OrdersMemStore()
        let form = Seeds.formBody(Seeds.validFormFields) + "&_csrf=\(testCSRFToken)"
        let requests = [
            ("a chunk size that is no number", Self.post("Transfer-Encoding: chunked", body: "zz\r\n\(form)\r\n0\r\n\r\n")),
            ("a chunk longer than it said", Self.post("Transfer-Encoding: chunked", body: "3\r\n\(form)\r\n0\r\n\r\n")),
            ("an unknown transfer coding", Self.post("Transfer-Encoding: gzip", body: form)),
            ("an unknown coding before chunked", Self.post("Transfer-Encoding: gzip, chunked", body: "5\r\nhello\r\n0\r\n\r\n")),
        ]
        try await LiveServer.run(AppConfiguration(), store: store) { server in
            for (name, request) in requests {
                let connection = try server.connect()
                try connection.send(request)
                let response = connection.readResponse() ?? "no response"
                XCTAssert(response.hasPrefix("HTTP/1.1 400"), "\(name): \(response.prefix(200))")
            }
            // The same form, framed right, is kept (the old one-page form becomes a draft)
            let connection = try server.connect()
            try connection.send(Self.post("Content-Length: \(form.utf8.count)", body: form))
            let saved = connection.readResponse() ?? "no response"
            XCTAssert(saved.hasPrefix("HTTP/1.1 303"), saved)
        }
        let kept = try await DraftsMemStore(database: store.database).fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(kept.count, 1, "Only the well-framed form was kept")
        let stored = try await store.fetchOrders()
        XCTAssertEqual(stored.count, 0, "The old form makes no order")
    }
}
