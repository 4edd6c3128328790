import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class OrderTotalWorkerTests: XCTestCase {
    func testTheTotalIsThePriceOfTheShippingMethod() {
        // Given
        let sut = OrderTotalWorker()
        var order = Seeds.Orders.amy

        // Then
        order.shipmentMethod = ShipmentMethod(speed: .standard)
        XCTAssertEqual(sut.total(for: order), Decimal(string: "0.00"))
        order.shipmentMethod = ShipmentMethod(speed: .twoDay)
        XCTAssertEqual(sut.total(for: order), Decimal(string: "9.99"))
        order.shipmentMethod = ShipmentMethod(speed: .oneDay)
        XCTAssertEqual(sut.total(for: order), Decimal(string: "19.99"))
    }
}
