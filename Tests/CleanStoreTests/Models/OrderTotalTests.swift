import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class OrderTotalTests: XCTestCase {
    func testTheTotalIsThePriceOfTheShippingMethod() {
        // Given
        var order = Seeds.Orders.amy

        // Then
        order.shipmentMethod = ShipmentMethod(speed: .standard)
        XCTAssertEqual(OrderTotal.totalCents(of: order), 0)
        order.shipmentMethod = ShipmentMethod(speed: .twoDay)
        XCTAssertEqual(OrderTotal.totalCents(of: order), 999)
        order.shipmentMethod = ShipmentMethod(speed: .oneDay)
        XCTAssertEqual(OrderTotal.totalCents(of: order), 1999)
    }

    /// An order of goods costs its totals; one keyed before lines its shipping, whatever was kept
    /// in its totals (a seeded order's are all 0).
    func testTheTotalInCentsIsTheTotalsOrTheShippingOfAnOrderKeyedBeforeLines() {
        XCTAssertEqual(OrderTotal.totalCents(of: GoodsSeeds.order), 9_981)
        var legacy = Seeds.Orders.bob
        legacy.totals = OrderTotals(subtotalCents: 500, shippingCents: 0, taxCents: 0, tax: nil)
        XCTAssertEqual(OrderTotal.totalCents(of: legacy), 999, "Two-Day shipping")
    }
}
