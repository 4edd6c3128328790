import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// "New order for this customer" and "Repeat this order" on an order's page, through the real
/// router: each a POST that starts a draft and goes to it; a repeated order's draft marks each
/// price changed since and says what could not be repeated. Page states compared with their
/// references in `__Snapshots__/StartDraftFromOrderHTTPTests/` and checked by libxml2.
final class StartDraftFromOrderHTTPTests: XCTestCase {
    /// Bob's order of goods, taken for Jane's customer record (order 1): 3 × WID-1 at $12.50,
    /// 1 × GAD-2 typed at $45.00 and 2 × BK-3 at $20.00; Amy's, keyed before items and customers (order 2).
    static func makeApp(role: AccountRole) async throws -> (TestApp, MemoryAppDatabase) {
        var bobs = GoodsSeeds.order
        bobs.lines.append(GoodsSeeds.line(GoodsSeeds.book, number: 3, quantity: 2))
        bobs.nextLineNumber = 4
        bobs.totals = OrderTotals.priced(lines: &bobs.lines, shippingCents: 999, tax: GoodsSeeds.newYork.applied)
        bobs.customerID = 1
        let database = await GoodsSeeds.database(orders: [bobs, Seeds.Orders.amy])
        var app = try await TestApp(store: OrdersMemStore(database: database), role: role)
        let counter = SessionCounter()
        app.environment.drafts = DraftsMemStore(
            database: database, refs: DraftRefs { "D-ABCDE" + String(DraftRefs.alphabet[Int(counter.next())]) })
        app.environment.products = ProductsMemStore(database: database)
        app.environment.customers = CustomersMemStore(database: database)
        _ = try await app.environment.customers.createCustomer(CustomerSeeds.jane, by: nil, at: Seeds.june29)
        return (app, database)
    }

    func testANewOrderForTheCustomerStartsADraftWithTheirDetails() async throws {
        let (app, _) = try await Self.makeApp(role: .clerk)
        try await app.test { client in
            let page = try await client.get("/orders/1")
            DraftsHTTPTests.assertPage("order-offers-new-drafts", page, status: .ok)
            XCTAssert(page.text.contains(#"<form class="start-draft-form" method="post" action="/orders/1/new-draft">"#))
            XCTAssert(page.text.contains(#"<form class="start-draft-form" method="post" action="/orders/1/repeat">"#))

            let started = try await client.post("/orders/1/new-draft", form: "")
            XCTAssertEqual(started.status, .seeOther)
            XCTAssertEqual(started.headers[.location], "/drafts/D-ABCDEB")
            let draft = try await client.get("/drafts/D-ABCDEB", cookie: started.cookieToSendBack)
            DraftsHTTPTests.assertPage("draft-for-customer", draft, status: .ok)
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: "D-ABCDEB")
        XCTAssertEqual(draft?.customerID, 1)
        XCTAssertEqual(draft?.contact.phone, "(415) 555-0100", "Jane's, from her record")
        XCTAssertEqual(draft?.lines, [])
    }

    func testARepeatMarksEachChangedPriceAndSaysWhatIsNotSoldOrShort() async throws {
        let (app, database) = try await Self.makeApp(role: .supervisor)
        await database.transaction { tables in
            tables.products[1]?.priceCents = 1_350  // the widget costs more today
            tables.products[2]?.stock = Product.Stock(onHand: 0, committed: 0)  // no gadget left
            tables.products[3]?.active = false  // the book is no longer sold
        }
        try await app.test { client in
            let started = try await client.post("/orders/1/repeat", form: "")
            XCTAssertEqual(started.status, .seeOther)
            XCTAssertEqual(started.headers[.location], "/drafts/D-ABCDEB?repeated=1")
            let page = try await client.get("/drafts/D-ABCDEB?repeated=1", cookie: started.cookieToSendBack)
            DraftsHTTPTests.assertPage("draft-repeated", page, status: .ok)
            XCTAssert(page.text.contains("Price changed: was $12.50 when ordered, now $13.50"))
            XCTAssert(page.text.contains("Price changed: was $45.00 when ordered, now $49.99"))
            XCTAssert(page.text.contains("Handbook (BK-3) is no longer sold, so it was not added (2 on the order)."))
            XCTAssert(page.text.contains("Gadget &amp; case (GAD-2) is short of stock: 0 available, 1 on this order."))
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: "D-ABCDEB")
        XCTAssertEqual(draft?.repeatsOrderID, 1, "the draft records the order it repeats")
        XCTAssertEqual(draft?.lines.map(\.sku), ["WID-1", "GAD-2"])
        XCTAssertEqual(draft?.lines.map(\.unitPriceCents), [1_350, 4_999])
        XCTAssertEqual(draft?.contact.firstName, "Bob", "The order's caller, not the customer record's")
        XCTAssertEqual(draft?.customerID, 1)
    }

    /// The marks stay after a section is saved: the draft records the order it repeats, so its
    /// page (the section's redirect has no `?repeated=`) marks the same until it is placed.
    func testTheRepeatMarksStayAfterASectionIsSaved() async throws {
        let (app, database) = try await Self.makeApp(role: .clerk)
        await database.transaction { tables in tables.products[1]?.priceCents = 1_350 }
        try await app.test { client in
            let started = try await client.post("/orders/1/repeat", form: "draftKey=\(testOrderKey)")
            XCTAssertEqual(started.headers[.location], "/drafts/D-ABCDEB?repeated=1")
            let saved = try await client.post("/drafts/D-ABCDEB/caller", form: DraftsHTTPTests.caller)
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], "/drafts/D-ABCDEB")
            let page = try await client.get("/drafts/D-ABCDEB", cookie: saved.cookieToSendBack)
            XCTAssertEqual(page.status, .ok)
            XCTAssert(page.text.contains("Repeated from order"), "the page still says which order it repeats")
            XCTAssert(page.text.contains("Price changed: was $12.50 when ordered, now $13.50"))
        }
    }

    /// A double click: each button's form carries the page's one-time key (`draftKey`, from
    /// `SceneEnvironment.newOrderKey`), and the second POST with it goes to the draft the first made
    /// (303, the same Location), never a second draft; a new key (the page shown again) is a new draft.
    func testADoubleClickOnEitherButtonIsOneDraft() async throws {
        let (app, _) = try await Self.makeApp(role: .clerk)
        try await app.test { client in
            let page = try await client.get("/orders/1")
            XCTAssertEqual(
                page.text.components(separatedBy: #"<input type="hidden" name="draftKey" value="\#(testOrderKey)" />"#).count - 1, 2,
                "both forms carry the page's key")
            for (path, location) in [("/orders/1/repeat", "/drafts/D-ABCDEB?repeated=1"), ("/orders/1/new-draft", "/drafts/D-ABCDEC")] {
                let first = try await client.post(path, form: "draftKey=\(testOrderKey)")
                let second = try await client.post(path, form: "draftKey=\(testOrderKey)")
                XCTAssertEqual(first.status, .seeOther, path)
                XCTAssertEqual(second.status, .seeOther, path)
                XCTAssertEqual(first.headers[.location], location, path)
                XCTAssertEqual(second.headers[.location], location, "\(path): the draft the first click made")
            }
            // Another key (the page shown again), or none (an old page): a new draft each.
            let again = try await client.post("/orders/1/repeat", form: "draftKey=AnotherKey0123456789_-")
            XCTAssertEqual(again.headers[.location], "/drafts/D-ABCDED?repeated=1")
            let keyless = try await client.post("/orders/1/repeat", form: "")
            XCTAssertEqual(keyless.headers[.location], "/drafts/D-ABCDEE?repeated=1")
            let absurd = try await client.post("/orders/1/repeat", form: "draftKey=no")
            XCTAssertEqual(absurd.headers[.location], "/drafts/D-ABCDEF?repeated=1", "a key the app never makes is no key")
        }
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts.count, 5)
        let repeated = try await app.environment.drafts.fetchDraft(ref: "D-ABCDEB")
        XCTAssertEqual(repeated?.lines.map(\.sku), ["WID-1", "GAD-2", "BK-3"], "the order's lines once, not twice")
    }

    /// An order with no customer, or no items, starts nothing (409, a page saying why), and offers
    /// neither button; no order is a 404.
    func testAnOrderWithNothingToStartFromIsA409AndNoneIsA404() async throws {
        let (app, _) = try await Self.makeApp(role: .clerk)
        try await app.test { client in
            let page = try await client.get("/orders/2")
            XCTAssertFalse(page.text.contains("start-draft-form"))
            DraftsHTTPTests.assertPage("no-customer", try await client.post("/orders/2/new-draft", form: ""), status: .conflict)
            DraftsHTTPTests.assertPage("no-items", try await client.post("/orders/2/repeat", form: ""), status: .conflict)
            for path in ["/orders/9/repeat", "/orders/9/new-draft", "/orders/x/repeat"] {
                let response = try await client.post(path, form: "")
                XCTAssertEqual(response.status, .notFound, path)
            }
        }
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts, [])
    }

    func testAViewerIsOfferedNeitherAndRefused() async throws {
        let (app, _) = try await Self.makeApp(role: .viewer)
        try await app.test { client in
            let page = try await client.get("/orders/1")
            XCTAssertEqual(page.status, .ok)
            XCTAssertFalse(page.text.contains("start-draft-form"))
            for path in ["/orders/1/new-draft", "/orders/1/repeat"] {
                let refused = try await client.post(path, form: "")
                XCTAssertEqual(refused.status, .forbidden, path)
            }
        }
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts, [])
    }
}
