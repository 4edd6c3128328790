import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import CleanStore

/// The whole app, in process, over a memory store with a fixed clock, as HTTP tests drive it.
struct TestApp {
    let store: any OrdersStoreProtocol
    let environment: SceneEnvironment

    init(orders: [Order] = []) async throws {
        store = OrdersMemStore(orders: orders)
        environment = try await makeTestEnvironment(store: store)
    }

    func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "cleanstore-test")
        logger.logLevel = .error
        let app = Application(
            router: buildRouter(environment: environment, publicDirectory: Repository.publicDirectory),
            logger: logger)
        return try await app.test(.router, body)
    }
}

extension TestClientProtocol {
    /// Posts a web form (`application/x-www-form-urlencoded`).
    func post(_ uri: String, form: String, cookie: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: form))
    }

    func get(_ uri: String, cookie: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        return try await execute(uri: uri, method: .get, headers: headers)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The `name=value` of the response's first `Set-Cookie`, to send back as a browser would.
    var cookieToSendBack: String? {
        headers[.setCookie].map { String($0.split(separator: ";")[0]) }
    }
}
