import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A new order's items changed on its page, through the real router (issue 26, "After placing"):
/// each item form's route saved (303 with a flash), refused field by field (422, as typed),
/// stale (409), frozen from paid on (409, why), for no order (404), for a viewer (403), and a NUL (400).
final class ChangeOrderItemsHTTPTests: XCTestCase {
    /// Bob's order of goods (`GoodsSeeds.order`: l1 3 × WID-1, l2 1 × GAD-2 typed at $45.00) as
    /// order 1, with the catalog and New York's rate; `status` as given.
    func app(status: OrderStatus = .new, role: AccountRole = .clerk, lines: [OrderLine]? = nil) async throws -> TestApp {
        var order = GoodsSeeds.order
        order.status = status
        if let lines {
            order.lines = lines
            order.nextLineNumber = lines.count + 1
        }
        let database = await GoodsSeeds.database(orders: [order])
        let store = OrdersMemStore(database: database)
        let app = try await TestApp(store: store, role: role)
        return app
    }

    static func stored(_ app: TestApp) async throws -> Order {
        let order = try await app.store.fetchOrder(id: "1")
        return try XCTUnwrap(order)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    // MARK: Saved

    func testAClerkAddsALineBySKUAndGoesBackToTheOrderSayingTheTaxWasRecomputed() async throws {
        let app = try await app()
        try await app.test { client in
            let added = try await client.post("/orders/1/lines", form: "sku=%20bk-3%20&quantity=2&version=1")
            XCTAssertEqual(added.status, .seeOther)
            XCTAssertEqual(added.headers[.location], "/orders/1")
            let order = try await Self.stored(app)
            XCTAssertEqual(order.version, 2)
            XCTAssertEqual(order.lines.map(\.key), ["l1", "l2", "l3"])
            XCTAssertEqual(order.lines.last?.sku, "BK-3")
            XCTAssertEqual(order.lines.last?.quantity, 2)
            XCTAssertEqual(order.totals.subtotalCents, 8_250 + 4_000)
            let page = try await client.get("/orders/1", cookie: added.cookieToSendBack)
            XCTAssert(
                page.text.contains("Items saved; tax re-computed: \(Money.text(cents: order.totals.taxCents))"), page.text)
        }
    }

    func testQuantitiesAreChangedInOneFormNamedByLineKey() async throws {
        let app = try await app()
        try await app.test { client in
            let saved = try await client.post(
                "/orders/1/lines/quantities", form: "line%5Bl1%5D%5Bquantity%5D=5&line%5Bl2%5D%5Bquantity%5D=2&version=1")
            XCTAssertEqual(saved.status, .seeOther)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.lines.map(\.quantity), [5, 2])
        XCTAssertEqual(order.lines[1].unitPriceCents, 4_500, "A quantity never changes the price")
        XCTAssertEqual(order.totals.subtotalCents, 5 * 1_250 + 2 * 4_500)
    }

    func testALineIsRemovedByItsOwnFormAndItsStockReleased() async throws {
        let app = try await app()
        try await app.test { client in
            let removed = try await client.post("/orders/1/lines/l2/remove", form: "version=1")
            XCTAssertEqual(removed.status, .seeOther)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.lines.map(\.sku), ["WID-1"])
        let gadget = await (app.store as! OrdersMemStore).database.read { $0.products[2] }
        XCTAssertEqual(gadget?.stock?.committed, 0, "The unit it committed is released")
    }

    func testATypedPriceKeepsBothPricesAndItsReason() async throws {
        let app = try await app()
        try await app.test { client in
            let saved = try await client.post("/orders/1/lines/l1/price", form: "price=%2410.00&reason=Loyal%20customer&version=1")
            XCTAssertEqual(saved.status, .seeOther)
            let history = try await client.get("/orders/1/history")
            XCTAssert(history.text.contains("Loyal customer"), "The history says why")
        }
        let line = try await Self.stored(app).lines[0]
        XCTAssertEqual(line.unitPriceCents, 1_000)
        XCTAssertEqual(line.catalogPriceCents, 1_250)
        XCTAssertEqual(line.priceReason, "Loyal customer")
    }

    // MARK: Field errors (422)

    /// A refused form comes back on the order's page itself (the items, totals and every other form
    /// as stored), the form as typed with each error at its field.
    func testAnUnknownSKUAndAQuantityOutOfRangeComeBackAsTypedWithAnErrorSummary() async throws {
        let app = try await app()
        try await app.test { client in
            let page = try await client.post("/orders/1/lines", form: "sku=NOPE-9&quantity=10000&version=1")
            XCTAssertEqual(page.status, .unprocessableContent)
            let html = page.text
            XCTAssert(html.contains("<title>Error: Order 1 – CleanStore</title>"), html)
            XCTAssert(html.contains("<h1>Order 1</h1>"), "The order's page: \(html)")
            XCTAssert(html.contains(#"<p class="error-message" id="sku-error">"#), html)
            XCTAssert(html.contains(##"<a href="#sku">No product has the SKU NOPE-9: check it in the catalog</a>"##), html)
            XCTAssert(html.contains(##"<a href="#quantity">Enter a quantity from 1 to 9,999</a>"##), html)
            XCTAssert(html.contains(#"value="NOPE-9""#), "Nothing typed is lost")
            XCTAssert(html.contains(#"value="10000""#), "Nothing typed is lost")
            XCTAssert(html.contains(#"<input type="hidden" name="version" value="1" />"#), html)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.version, 1, "Nothing saved")
    }

    func testAnArchivedProductIsNoNewLine() async throws {
        let app = try await app()
        await (app.store as! OrdersMemStore).database.transaction { $0.products[3]?.active = false }
        try await app.test { client in
            let page = try await client.post("/orders/1/lines", form: "sku=BK-3&quantity=1&version=1")
            XCTAssertEqual(page.status, .unprocessableContent)
            XCTAssert(page.text.contains("BK-3 is archived: choose a product the shop still sells"), page.text)
        }
    }

    func testTheHundredAndFirstLineIsAFieldError() async throws {
        let lines = (1...OrderLine.mostLines).map { GoodsSeeds.line(GoodsSeeds.widget, number: $0, quantity: 1, priceCents: Int64($0), reason: "Line \($0)") }
        let app = try await app(lines: lines)
        try await app.test { client in
            let page = try await client.post("/orders/1/lines", form: "sku=BK-3&quantity=1&version=1")
            XCTAssertEqual(page.status, .unprocessableContent)
            XCTAssert(page.text.contains("An order holds at most 100 lines: change a quantity instead"), page.text)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.lines.count, 100)
    }

    func testQuantitiesComeBackAsTypedEachBoxWithItsError() async throws {
        let app = try await app()
        try await app.test { client in
            let page = try await client.post(
                "/orders/1/lines/quantities", form: "line%5Bl1%5D%5Bquantity%5D=0&line%5Bl2%5D%5Bquantity%5D=7&version=1")
            XCTAssertEqual(page.status, .unprocessableContent)
            let html = page.text
            XCTAssert(html.contains(##"<a href="#line-l1-quantity">Enter a quantity from 1 to 9,999</a>"##), html)
            XCTAssert(html.contains(#"id="line-l1-quantity" name="line[l1][quantity]" type="text" inputmode="numeric" value="0""#), html)
            XCTAssert(html.contains(#"id="line-l2-quantity" name="line[l2][quantity]" type="text" inputmode="numeric" value="7""#), html)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.lines.map(\.quantity), [3, 1], "Nothing saved")
    }

    func testATypedPriceNeedsAPriceAsAClerkTypesItAndAReasonByTheFreeTextRule() async throws {
        let app = try await app()
        try await app.test { client in
            let page = try await client.post(
                "/orders/1/lines/l1/price", form: "price=12.505&reason=\(Self.encoded("card 4111 1111 1111 1111"))&version=1")
            XCTAssertEqual(page.status, .unprocessableContent)
            let html = page.text
            XCTAssert(html.contains("Enter a price in dollars and cents, like 12.50"), html)
            XCTAssert(html.contains("Remove the card number from the reason"), html)
            XCTAssert(html.contains(##"<a href="#price-l1">Enter a price in dollars and cents, like 12.50</a>"##), html)
            XCTAssert(html.contains(##"<a href="#reason-l1">Remove the card number from the reason</a>"##), html)
            XCTAssert(html.contains(#"<details class="price-form" open="open">"#), "The refused price form is open: \(html)")
            let missing = try await client.post("/orders/1/lines/l1/price", form: "price=10&reason=%20&version=1")
            XCTAssertEqual(missing.status, .unprocessableContent)
            XCTAssert(missing.text.contains("Enter why this price is charged"), missing.text)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.version, 1, "Nothing saved")
    }

    // MARK: Refused

    func testAStalePageGetsA409AndNothingChanges() async throws {
        let app = try await app()
        try await app.test { client in
            for (path, form) in [
                ("/orders/1/lines", "sku=BK-3&quantity=1&version=0"),
                ("/orders/1/lines/quantities", "line%5Bl1%5D%5Bquantity%5D=2&version=0"),
                ("/orders/1/lines/l1/price", "price=1&reason=x&version=0"),
                ("/orders/1/lines/l1/remove", "version=0"),
            ] {
                let page = try await client.post(path, form: form)
                XCTAssertEqual(page.status, .conflict, path)
                XCTAssert(page.text.contains("It was changed after you opened it, so its items were not changed."), path)
                XCTAssert(page.text.contains(#"href="/orders/1""#), "A link back: \(path)")
            }
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.version, 1)
    }

    func testFromPaidOnTheItemsAreFrozenWithA409SayingWhy() async throws {
        let app = try await app(status: .paid)
        try await app.test { client in
            let page = try await client.post("/orders/1/lines/l1/remove", form: "version=1")
            XCTAssertEqual(page.status, .conflict)
            XCTAssert(page.text.contains("This order is paid: its items can no longer be changed. Nothing was changed."), page.text)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.lines.count, 2)
    }

    func testNoSuchOrderIs404() async throws {
        let app = try await app()
        try await app.test { client in
            let page = try await client.post("/orders/99/lines", form: "sku=BK-3&quantity=1&version=1")
            XCTAssertEqual(page.status, .notFound)
        }
    }

    func testAViewerMayNotChangeItems() async throws {
        let app = try await app(role: .viewer)
        try await app.test { client in
            let page = try await client.post("/orders/1/lines/l1/remove", form: "version=1")
            XCTAssertEqual(page.status, .forbidden)
            XCTAssert(page.text.contains("(viewer)"), page.text)
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.version, 1)
    }

    func testANULInAnyItemFormIs400() async throws {
        let app = try await app()
        try await app.test { client in
            for (path, form) in [
                ("/orders/1/lines", "sku=BK%00&quantity=1&version=1"),
                ("/orders/1/lines/quantities", "line%5Bl1%5D%5Bquantity%5D=2%00&version=1"),
                ("/orders/1/lines/l1/price", "price=1&reason=x%00&version=1"),
                ("/orders/1/lines/l1/remove", "version=1%00"),
            ] {
                let page = try await client.post(path, form: form)
                XCTAssertEqual(page.status, .badRequest, path)
            }
        }
        let order = try await Self.stored(app)
        XCTAssertEqual(order.version, 1)
    }

    // MARK: Line keys in form names

    /// Hummingbird's form decoder reads `line[l7][quantity]` by key; an all-digit key would be an
    /// array index (hummingbird issue 545), so no line key is ever all digits.
    func testLineKeysDecodeAsKeysAndAreNeverAllDigits() throws {
        let decoded = try URLEncodedFormDecoder().decode(
            ChangeOrderItems.QuantitiesFields.self, from: "line%5Bl7%5D%5Bquantity%5D=3&line%5Bl10%5D%5Bquantity%5D=12&version=4")
        XCTAssertEqual(decoded.line, ["l7": .init(quantity: "3"), "l10": .init(quantity: "12")])
        XCTAssertEqual(decoded.version, "4")
        for number in 1...10_000 {
            XCTAssertFalse(OrderLine.key(number: number).allSatisfy(\.isASCIIDigit), "\(number)")
        }
    }
}
