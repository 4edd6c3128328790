import Foundation
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order of goods after placing, through the real router: its CSV row and what no page of it
/// holds (issue 26, "After placing").
final class OrderGoodsHTTPTests: XCTestCase {
    /// The CSV keeps its old columns where they were (`Total` the 20th, now the real total) and
    /// adds Subtotal, Shipping, Tax and Items at the end; no row, page or log line holds the card.
    func testTheCSVRowOfAnOrderOfGoodsAndNoFullCardAnywhere() async throws {
        let log = LogCapture()
        let store = OrdersMemStore(database: await GoodsSeeds.database(orders: [Seeds.Orders.amy, GoodsSeeds.order]))
        var app = try await TestApp(store: store)
        app.logger = log.logger(level: .info)
        let pages = try await app.test { client in
            var pages: [String] = []
            for path in ["/orders/2", "/orders/2/slip", "/orders/2/history", "/orders", "/orders?sort=-total"] {
                let page = try await client.get(path)
                XCTAssertEqual(page.status, .ok, path)
                pages.append(page.text)
            }
            let csv = try await client.get("/orders.csv?sort=date")
            XCTAssertEqual(csv.status, .ok)
            pages.append(csv.text)
            return pages
        }
        let csv = try XCTUnwrap(pages.last).components(separatedBy: "\r\n")
        let header = csv[0].dropFirst().components(separatedBy: ",")  // after the byte-order mark
        XCTAssertEqual(header[19], "Total")
        XCTAssertEqual(Array(header[22...]), ["Subtotal", "Shipping", "Tax", "Items", "Shipped", "Carrier", "Tracking number", "Cancellation requested"])
        XCTAssertTrue(csv[1].hasPrefix("1,"), csv[1])
        XCTAssertTrue(csv[1].hasSuffix(",1111,0.00,,,,0.00,0.00,,,,,"), "Amy's order, keyed before items, Standard: \(csv[1])")
        XCTAssertTrue(csv[2].contains(",4444,99.81,"), "The card's last four, the real total: \(csv[2])")
        XCTAssertTrue(csv[2].hasSuffix(",82.50,9.99,7.32,4,,,,"), "Not shipped: no shipment: \(csv[2])")
        XCTAssertTrue(pages[4].contains("<td class=\"number\">$99.81</td>"), "The list sorted by total shows the real total")
        for text in pages + [log.text] {
            XCTAssertFalse(text.contains("5555555555554444"), "Never the whole card")
            XCTAssertFalse(text.contains("4111111111111111"), "Never the whole card")
        }
    }
}
