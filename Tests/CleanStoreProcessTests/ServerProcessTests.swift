import AsyncHTTPClient
import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The real executable: shutdown on SIGTERM, no acknowledged order lost to SIGKILL, many
/// concurrent creates on SQLite.
final class ServerProcessTests: ProcessTestCase {
    /// Counts acknowledged creates, and lets a test wait for the n-th.
    actor Acknowledgements {
        private var count = 0
        private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

        func add() {
            count += 1
            waiters.removeAll { target, continuation in
                guard count >= target else { return false }
                continuation.resume()
                return true
            }
        }

        /// Returns once `target` creates are acknowledged, or the load is over (whichever comes first).
        func wait(for target: Int) async {
            if count >= target || finished { return }
            await withCheckedContinuation { waiters.append((target, $0)) }
        }

        private var finished = false

        func finish() {
            finished = true
            for (_, continuation) in waiters { continuation.resume() }
            waiters = []
        }
    }

    /// Places `count` orders (draft, sections, check, place), `concurrency` at a time; returns what each got.
    static func createOrders(
        _ count: Int, concurrency: Int, browser: LiveBrowser, acknowledgements: Acknowledgements = Acknowledgements()
    ) async -> [Result<(status: UInt, orderID: String?), Error>] {
        await withTaskGroup(of: [Result<(status: UInt, orderID: String?), Error>].self) { group in
            for lane in 0..<concurrency {
                group.addTask {
                    var results: [Result<(status: UInt, orderID: String?), Error>] = []
                    for index in stride(from: lane, to: count, by: concurrency) {
                        var fields = Seeds.validFormFields
                        fields.lastName = "Number \(index)"
                        do {
                            let result = try await browser.placeOrder(fields: fields)
                            if result.status == 303 { await acknowledgements.add() }
                            results.append(.success(result))
                        } catch {
                            // The server is gone: this lane stops (a client would not retry for ever).
                            results.append(.failure(error))
                            break
                        }
                    }
                    return results
                }
            }
            let results = await group.reduce(into: []) { $0 += $1 }
            await acknowledgements.finish()
            return results
        }
    }

    func testASecretShorterThan32BytesStopsTheServerBeforeItOpensAnything() throws {
        // Given
        let process = Process()
        process.executableURL = ServerProcess.executable
        process.arguments = ["--database", databasePath, "--port", "0", "--secret", "k9"]
        process.currentDirectoryURL = Repository.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output

        // When
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        // Then
        XCTAssertNotEqual(process.terminationStatus, 0)
        XCTAssert(text.contains("The secret is 2 bytes long; it must be at least 32"), text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "No database was created")
    }

    func testTheSecretNeverReachesTheLog() async throws {
        // Given
        let secret = "a-secret-nobody-may-read-in-a-log-0123456789"
        let server = try ServerProcess(database: databasePath, secret: secret, arguments: ["--log-level", "trace"])
        let browser = try await LiveBrowser.open(server.baseURL, client: client)

        // When
        _ = try await browser.placeOrder(fields: Seeds.validFormFields)
        let (_, log) = server.stop(with: SIGTERM)

        // Then
        XCTAssert(log.contains("/orders"), "The requests were logged")
        XCTAssertFalse(log.contains(secret))
    }

    func testWithLogFormatJSONEveryLineIsOneJSONObject() async throws {
        // Given
        let server = try ServerProcess(database: databasePath, arguments: ["--log-format", "json"])
        let browser = try await LiveBrowser.open(server.baseURL, client: client)

        // When
        _ = try await browser.placeOrder(fields: Seeds.validFormFields)
        let (status, log) = server.stop(with: SIGTERM)

        // Then
        XCTAssertEqual(status, 0)
        let lines = log.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 4)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(object?["time"], "Not a JSON log line: \(line)")
        }
        XCTAssert(log.contains(#""route":"/drafts/{id}/place","status":"303""#), log)
        // Never the card's digits (not "4111" alone: a duration or a port may hold those four by chance).
        XCTAssertFalse(log.contains("411111111111"))
    }

    func testTwoHundredConcurrentPlacingsGiveTwoHundredDistinctCompleteOrders() async throws {
        let server = try ServerProcess(database: databasePath)
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        let results = await Self.createOrders(200, concurrency: 200, browser: browser)
        let acknowledged = results.compactMap { try? $0.get() }.filter { $0.status == 303 }
        XCTAssertEqual(acknowledged.count, 200)
        XCTAssertEqual(Set(acknowledged.compactMap(\.orderID)).count, 200, "200 distinct ids")
        XCTAssertEqual(server.stop(with: SIGTERM).status, 0)

        let orders = try await OrdersSQLiteStore(path: databasePath).fetchOrders()
        XCTAssertEqual(orders.count, 200)
        XCTAssertEqual(Set(orders.map(\.lastName)), Set((0..<200).map { "Number \($0)" }), "Every order complete")
        XCTAssert(orders.allSatisfy { $0.firstName == "Amy" && $0.paymentMethod.creditCardNumber == "4111111111111111" })
    }

    func testSIGTERMFinishesTheRequestsInFlightClosesTheDatabaseAndExits0() async throws {
        let server = try ServerProcess(database: databasePath)
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        let acknowledgements = Acknowledgements()
        let load = Task.detached { [browser, acknowledgements] in
            await ServerProcessTests.createOrders(60, concurrency: 6, browser: browser, acknowledgements: acknowledgements)
        }
        // Stop once the first order is acknowledged, with requests still coming.
        await acknowledgements.wait(for: 1)
        let (status, log) = server.stop(with: SIGTERM)
        let results = await load.value

        XCTAssertEqual(status, 0, log)
        XCTAssert(log.contains("Stopped"), "The database was closed after the last request: \(log)")
        let acknowledged = results.compactMap { try? $0.get() }.filter { $0.status == 303 }.compactMap(\.orderID)
        XCTAssertFalse(acknowledged.isEmpty)
        XCTAssert(results.allSatisfy { result in (try? result.get().status).map { $0 == 303 } ?? true },
                  "A request is either answered in full or refused, never cut off with another status")
        let stored = Set(try await OrdersSQLiteStore(path: databasePath).fetchOrders().compactMap(\.id))
        XCTAssert(Set(acknowledged).isSubset(of: stored), "Every acknowledged order is stored")
    }

    func testSIGKILLMidLoadLosesNoAcknowledgedOrder() async throws {
        let server = try ServerProcess(database: databasePath)
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        let acknowledgements = Acknowledgements()
        let load = Task.detached { [browser, acknowledgements] in
            await ServerProcessTests.createOrders(400, concurrency: 8, browser: browser, acknowledgements: acknowledgements)
        }
        await acknowledgements.wait(for: 40)
        _ = server.stop(with: SIGKILL)
        let results = await load.value
        let acknowledged = results.compactMap { try? $0.get() }.filter { $0.status == 303 }.compactMap(\.orderID)
        XCTAssertGreaterThanOrEqual(acknowledged.count, 40)
        XCTAssertLessThan(acknowledged.count, 400, "The kill came mid-load")

        // Restart on the same file: every acknowledged order is there, whole.
        let restarted = try ServerProcess(database: databasePath)
        let store = try OrdersSQLiteStore(path: databasePath)
        for id in acknowledged {
            let order = try await store.fetchOrder(id: id)
            XCTAssertEqual(order?.firstName, "Amy", "Order \(id)")
            XCTAssertEqual(order?.paymentMethod.creditCardNumber, "4111111111111111")
            XCTAssertEqual(order?.lastName.hasPrefix("Number "), true)
        }
        let after = try await LiveBrowser.open(restarted.baseURL, client: client).placeOrder(fields: Seeds.validFormFields)
        XCTAssertEqual(after.status, 303, "The restarted server takes orders")
        XCTAssertFalse(acknowledged.contains(after.orderID ?? ""), "No id is reused")
        XCTAssertEqual(restarted.stop(with: SIGTERM).status, 0)
        let integrity = try await DatabaseQueue(path: databasePath).read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        XCTAssertEqual(integrity, ["ok"])
    }
}
