import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The tabs above the list and a clerk's saved searches (issue 28) through the real router and
/// templates: every page state compared with its reference in `__Snapshots__/SavedViewsHTTPTests/`
/// (read by the browser tests' axe and Nu checks) and checked by libxml2.
final class SavedViewsHTTPTests: XCTestCase {
    /// Amy new, Bob paid, Amy packed twice (one of them Jane's), Bob shipped.
    func makeApp() async throws -> TestApp {
        func order(_ seed: Order, _ status: OrderStatus, hours: Double, first: String? = nil) -> Order {
            var order = seed
            order.status = status
            order.date = Seeds.june29.addingTimeInterval(hours * 3600)
            if let first { order.firstName = first }
            return order
        }
        return try await TestApp(orders: [
            order(Seeds.Orders.amy, .new, hours: 1), order(Seeds.Orders.bob, .paid, hours: 2), order(Seeds.Orders.amy, .packed, hours: 3),
            order(Seeds.Orders.amy, .packed, hours: 4, first: "Jane"), order(Seeds.Orders.bob, .shipped, hours: 5),
        ])
    }

    static func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    static func ids(_ html: String) -> [Int] { SearchHTTPTests.ids(html) }

    // MARK: Tabs

    func testTheTabsCountEachStatusAndMarkTheListShown() async throws {
        let app = try await makeApp()
        try await app.test { client in
            let packed = try await client.get("/orders?status=packed")
            Self.assertPage("list-tab-packed", packed, status: .ok)
            XCTAssertEqual(Self.ids(packed.text), [4, 3])
            XCTAssertTrue(packed.text.contains(#"<a href="/orders?status=packed" aria-current="page">Packed (to ship) <span class="tab-count">2"#))
            XCTAssertTrue(packed.text.contains(#"<a href="/orders">All <span class="tab-count">5"#))
            XCTAssertTrue(packed.text.contains(#"<a href="/orders?status=new">New <span class="tab-count">1"#))
            XCTAssertTrue(packed.text.contains(#"<a href="/drafts">Drafts</a>"#))
            XCTAssertFalse(packed.text.contains("Save this search"), "a built-in tab's list is no search to save")

            let all = try await client.get("/orders")
            XCTAssertTrue(all.text.contains(#"<a href="/orders" aria-current="page">All"#))
            XCTAssertEqual(all.text.components(separatedBy: "aria-current").count, 2, "one tab current")
        }
    }

    // MARK: Save this search

    func testSaveThisSearchThenItsTabIsCurrent() async throws {
        let app = try await makeApp()
        try await app.test { client in
            let list = try await client.get("/orders?q=jane&status=packed")
            XCTAssertTrue(list.text.contains(#"<a class="list-tabs-link" href="/orders/views/new?q=jane&amp;status=packed">Save this search</a>"#))

            let form = try await client.get("/orders/views/new?q=jane&status=packed&after=x")
            Self.assertPage("save-form", form, status: .ok)
            XCTAssertTrue(form.text.contains(#"<input type="hidden" name="query" value="q=jane&amp;status=packed" />"#))

            let empty = try await client.post("/orders/views", form: "name=+&query=q%3Djane%26status%3Dpacked")
            Self.assertPage("save-form-invalid", empty, status: .unprocessableContent)

            let saved = try await client.post("/orders/views", form: "name=Jane%E2%80%99s+packed&query=q%3Djane%26status%3Dpacked")
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], "/orders?q=jane&status=packed")

            let tab = try await client.get("/orders?q=jane&status=packed")
            Self.assertPage("list-saved-tab", tab, status: .ok)
            XCTAssertTrue(tab.text.contains(#"<a href="/orders?q=jane&amp;status=packed" aria-current="page">Jane’s packed</a>"#))
            XCTAssertFalse(tab.text.contains("Save this search"))

            let taken = try await client.post("/orders/views", form: "name=JANE%E2%80%99S+PACKED&query=")
            XCTAssertEqual(taken.status, .unprocessableContent)
            XCTAssertTrue(taken.text.contains("You have a saved search with this name already"))
        }
        let stored = try await app.environment.savedViews.views(accountKey: "sam")
        XCTAssertEqual(stored.map(\.query), ["q=jane&status=packed"])
    }

    // MARK: Reorder, default, delete

    func testReorderMakeDefaultAndDelete() async throws {
        let app = try await makeApp()
        let store = app.environment.savedViews
        let paid = try await store.addView(accountKey: "sam", name: "Paid by Bob", query: "q=bob&status=paid")
        let jane = try await store.addView(accountKey: "sam", name: "Jane", query: "q=jane")
        try await app.test { client in
            let views = try await client.get("/orders/views")
            Self.assertPage("views", views, status: .ok)

            let up = try await client.post("/orders/views/\(jane.id)", form: "action=up")
            XCTAssertEqual(up.status, .seeOther)
            XCTAssertEqual(up.headers[.location], "/orders/views")
            let made = try await client.post("/orders/views/\(paid.id)", form: "action=default")
            XCTAssertEqual(made.status, .seeOther)
            let withDefault = try await client.get("/orders/views", cookie: flashCookie("The list now opens on “Paid by Bob”"))
            Self.assertPage("views-default", withDefault, status: .ok)

            // The list opens on the default; "All" is still reachable.
            let opened = try await client.get("/orders")
            XCTAssertEqual(opened.status, .seeOther)
            XCTAssertEqual(opened.headers[.location], "/orders?q=bob&status=paid")
            let all = try await client.get("/orders?view=all")
            XCTAssertEqual(all.status, .ok)
            XCTAssertEqual(Self.ids(all.text), [5, 4, 3, 2, 1])
            XCTAssertTrue(all.text.contains(#"<a href="/orders?view=all" aria-current="page">All"#))
            XCTAssertTrue(all.text.contains(#"<a href="/orders?q=jane">Jane</a></li>"#))

            let cleared = try await client.post("/orders/views/\(paid.id)", form: "action=all")
            XCTAssertEqual(cleared.status, .seeOther)
            let plain = try await client.get("/orders")
            XCTAssertEqual(plain.status, .ok, "all orders again")

            let deleted = try await client.post("/orders/views/\(jane.id)", form: "action=delete")
            XCTAssertEqual(deleted.status, .seeOther)
            let again = try await client.post("/orders/views/\(jane.id)", form: "action=delete")
            XCTAssertEqual(again.status, .notFound, "deleted already")
        }
        let stored = try await store.views(accountKey: "sam")
        XCTAssertEqual(stored.map(\.name), ["Paid by Bob"])
        XCTAssertEqual(stored.map(\.isDefault), [false])
    }

    // MARK: Another account's

    func testAnotherAccountsViewsAreNeverShownNorChanged() async throws {
        let app = try await makeApp()
        let bobs = try await app.environment.savedViews.addView(accountKey: "bob", name: "Bob's packed", query: "status=packed")
        _ = try await app.environment.savedViews.changeView(id: bobs.id, accountKey: "bob", change: .makeDefault)
        try await app.test { client in
            let list = try await client.get("/orders")
            XCTAssertEqual(list.status, .ok, "Bob's default is not Sam's")
            XCTAssertFalse(list.text.contains("Bob's packed") || list.text.contains("Bob&#39;s packed"))
            XCTAssertFalse(list.text.contains("Your saved searches"), "Sam has none to manage")

            let views = try await client.get("/orders/views")
            Self.assertPage("views-none", views, status: .ok)
            for action in SavedViewChange.allCases {
                let response = try await client.post("/orders/views/\(bobs.id)", form: "action=\(action.rawValue)")
                XCTAssertEqual(response.status, .notFound, action.rawValue)
            }
        }
        let stored = try await app.environment.savedViews.views(accountKey: "bob")
        XCTAssertEqual(stored, [SavedView(id: bobs.id, accountKey: "bob", name: "Bob's packed", query: "status=packed", position: 0, isDefault: true)])
    }

    func testBadChangesAreRefusedAndChangeNothing() async throws {
        let app = try await makeApp()
        let view = try await app.environment.savedViews.addView(accountKey: "sam", name: "Paid", query: "status=paid")
        try await app.test { client in
            let sideways = try await client.post("/orders/views/\(view.id)", form: "action=sideways")
            XCTAssertEqual(sideways.status, .badRequest)
            let noAction = try await client.post("/orders/views/\(view.id)", form: "")
            XCTAssertEqual(noAction.status, .badRequest)
            let noView = try await client.post("/orders/views/abc", form: "action=delete")
            XCTAssertEqual(noView.status, .notFound)
            let huge = try await client.post("/orders/views/99999999999999999999", form: "action=delete")
            XCTAssertEqual(huge.status, .notFound)
            let noName = try await client.post("/orders/views", form: "query=status%3Dpaid")
            XCTAssertEqual(noName.status, .badRequest)
            let card = try await client.post("/orders/views", form: "name=4111111111111111&query=")
            XCTAssertEqual(card.status, .unprocessableContent)
            XCTAssertFalse(card.text.contains("4111111111111111"), "a card number is never shown back")
        }
        let stored = try await app.environment.savedViews.views(accountKey: "sam")
        XCTAssertEqual(stored, [view])
    }
}
