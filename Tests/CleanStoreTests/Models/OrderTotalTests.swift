import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class OrderTotalTests: XCTestCase {
    func testTheTotalIsThePriceOfTheShippingMethod() {
        // Given
        var order = Seeds.Orders.amy

        // Then
        order.shipmentMethod = ShipmentMethod(speed: .standard)
        XCTAssertEqual(OrderTotal.total(for: order), Decimal(string: "0.00"))
        order.shipmentMethod = ShipmentMethod(speed: .twoDay)
        XCTAssertEqual(OrderTotal.total(for: order), Decimal(string: "9.99"))
        order.shipmentMethod = ShipmentMethod(speed: .oneDay)
        XCTAssertEqual(OrderTotal.total(for: order), Decimal(string: "19.99"))
    }
}
