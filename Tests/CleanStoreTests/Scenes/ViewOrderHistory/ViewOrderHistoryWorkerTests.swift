import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ViewOrderHistoryWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ViewOrderHistoryWorker!
    var store: OrdersMemStore!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        store = OrdersMemStore()
        sut = ViewOrderHistoryWorker(eventsStore: OrderEventsMemStore(database: store.database))
    }

    // MARK: Test doubles

    struct FailingEventsStore: OrderEventsStoreProtocol {
        func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] { throw .cannotFetch("disk I/O error") }
    }

    // MARK: Tests

    func testFetchEventsShouldReadTheOrdersHistoryFromTheStore() async throws {
        // Given
        let created = try await store.createOrder(orderToCreate: Seeds.Orders.amy, by: AccountSeeds.amy.name, at: Seeds.june29)
        _ = try await store.deleteOrder(id: created.id!, by: AccountSeeds.sue.name, at: Seeds.june30)

        // When
        let events = try await sut.fetchEvents(orderID: created.id!)

        // Then
        XCTAssertEqual(events, [
            OrderEvent(orderID: created.id!, kind: .deleted, by: AccountSeeds.sue.name, at: Seeds.june30),
            OrderEvent(orderID: created.id!, kind: .created, by: AccountSeeds.amy.name, at: Seeds.june29),
        ])
    }

    func testFetchEventsShouldLogAndPassOnTheStoresFailure() async {
        // Given
        let capture = LogCapture()
        sut = ViewOrderHistoryWorker(eventsStore: FailingEventsStore(), logger: capture.logger(level: .info))

        // When
        do {
            _ = try await sut.fetchEvents(orderID: "1")
            XCTFail("The failure should be passed on")
        } catch {
            // Then
            XCTAssertEqual(error, .cannotFetch("disk I/O error"))
        }
        XCTAssert(capture.text.contains("Store failed"), capture.text)
    }
}
