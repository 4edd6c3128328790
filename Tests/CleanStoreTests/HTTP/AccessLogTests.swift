import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The access log names the client: the connection's peer, or — behind a trusted proxy only — the
/// address that proxy appended to `X-Forwarded-For`.
final class AccessLogTests: XCTestCase {
    static let request = "GET /healthz HTTP/1.1\r\nHost: test\r\nX-Forwarded-For: 203.0.113.9, 198.51.100.7\r\n\r\n"

    func clientsLogged(trusting proxies: Set<String>) async throws -> [String] {
        var configuration = AppConfiguration()
        configuration.trustedProxies = proxies
        return try await LiveServer.run(configuration) { server in
            let connection = try server.connect()
            try connection.send(Self.request)
            XCTAssert(connection.readResponse()?.hasPrefix("HTTP/1.1 200") == true)
            try await server.waitForLog("Request")
            return server.log.text.split(separator: "\n").filter { $0.contains(" Request ") }.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("client=") }.map { String($0.dropFirst("client=".count)) }
            }
        }
    }

    func testBehindATrustedProxyTheClientIsTheAddressTheProxyAppended() async throws {
        let clients = try await clientsLogged(trusting: ["127.0.0.1"])
        XCTAssertEqual(clients, ["198.51.100.7"])
    }

    func testWhatAnyoneElseSaysInXForwardedForIsNotBelieved() async throws {
        let clients = try await clientsLogged(trusting: ["192.0.2.1"])
        XCTAssertEqual(clients, ["127.0.0.1"])
    }
}
