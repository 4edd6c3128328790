import Foundation
import GRDB
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One corrupt or tampered card row (issue 25), through the real router on an SQLite database
/// whose row was altered with SQL: the list, the order's page and the CSV still answer 200, that
/// order's card says "card unreadable", the log names the order at error level; the edit form asks
/// for the card again and saves only with one. (Both SQL stores read such a row alike:
/// `UnreadableCardTests`.)
final class UnreadableCardHTTPTests: TemporaryDirectoryTestCase {
    /// Amy (order 1), Bob (2) and a second Amy (3), on an SQLite file logging to `log`, with Bob's
    /// ciphertext cut short.
    func makeApp(log: LogCapture) async throws -> TestApp {
        let sqlite = try OrdersSQLiteStore(path: databasePath, cards: TestCardKeys.keyring, logger: log.logger())
        let store = OrderStores(sqlite)
        for order in [Seeds.Orders.amy, Seeds.Orders.bob, Seeds.Orders.amy] {
            _ = try await store.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(order))
        }
        try await sqlite.database.pool.write { db in
            try db.execute(sql: "UPDATE orders SET card_ciphertext = substr(card_ciphertext, 1, 20) WHERE id = 2")
        }
        return try await TestApp(store: store)
    }

    func testTheListTheOrderPageAndTheCSVShowTheOneUnreadableCardAndEverythingElse() async throws {
        let log = LogCapture()
        let app = try await makeApp(log: log)
        try await app.test { client in
            let list = try await client.get("/orders")
            XCTAssertEqual(list.status, .ok)
            for id in 1...3 { XCTAssert(list.text.contains(#"href="/orders/\#(id)""#), "Order \(id) is listed") }
            XCTAssert(list.text.contains("Battery"))

            let bob = try await client.get("/orders/2")
            XCTAssertEqual(bob.status, .ok)
            XCTAssert(bob.text.contains("<dt>Card</dt><dd>card unreadable</dd>"), bob.text)
            XCTAssertEqual(HTMLCheck.findings(in: bob.text), [])
            let amy = try await client.get("/orders/1")
            XCTAssert(amy.text.contains("<dt>Card</dt><dd>•••• 1111</dd>"), amy.text)

            let csv = try await client.get("/orders.csv")
            XCTAssertEqual(csv.status, .ok)
            let rows = csv.text.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
            XCTAssertEqual(rows.map { $0.prefix { $0.isNumber } }, ["2", "3", "1"], "Every order, newest (Bob's) first")
            XCTAssert(rows[0].contains(",card unreadable,9.99,"), rows[0])
            XCTAssert(rows[1].contains(",1111,") && rows[2].contains(",1111,"), csv.text)

            let slip = try await client.get("/orders/2/slip")
            XCTAssertEqual(slip.status, .ok)
            XCTAssertFalse(slip.text.contains("card"), "A slip never shows the card")
        }
        let errors = log.text.components(separatedBy: "\n").filter { $0.hasPrefix("error A card number cannot be read") }
        XCTAssertFalse(errors.isEmpty, log.text)
        XCTAssert(errors.allSatisfy { $0.contains("order=2 ") }, "Only order 2, by its id: \(errors)")
    }

    func testTheEditFormAsksForTheCardAgainAndSavesOnlyWithOne() async throws {
        let app = try await makeApp(log: LogCapture())
        try await app.test { client in
            let form = try await client.get("/orders/2/edit")
            XCTAssertEqual(form.status, .ok)
            XCTAssert(form.text.contains(CreateOrderPresenter.unreadableCardHint), form.text)
            XCTAssertFalse(form.text.contains("Leave empty to keep the card"), "No card is kept")

            // The card left empty: the form says to enter it; nothing is saved
            var fields = Seeds.validFormFields
            fields.paymentMethodCreditCardNumber = ""
            fields.paymentMethodCVV = ""
            let refused = try await client.post("/orders/2", form: Seeds.formBody(fields))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssert(refused.text.contains("Enter the card number"), refused.text)
            XCTAssert(refused.text.contains(CreateOrderPresenter.unreadableCardHint), "The hint stays")
            let unchanged = try await app.store.fetchOrder(id: "2")
            XCTAssertEqual(unchanged?.version, 1)
            XCTAssertEqual(unchanged?.paymentMethod.isCardUnreadable, true)

            // With a card: saved, and shown as any card
            let saved = try await client.post("/orders/2", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], "/orders/2")
            let page = try await client.get("/orders/2")
            XCTAssert(page.text.contains("<dt>Card</dt><dd>•••• 1111</dd>"), page.text)
        }
        let stored = try await app.store.fetchOrder(id: "2")
        XCTAssertEqual(stored?.paymentMethod.creditCardNumber, "4111111111111111")
        XCTAssertEqual(stored?.version, 2)
    }
}
