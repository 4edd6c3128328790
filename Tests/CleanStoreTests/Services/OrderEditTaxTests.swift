import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An edit that moves an order of goods' ship-to address (`OrderWrites.updated`): a new order is
/// re-taxed at its placing day's rate for the new address; from paid on its tax never changes, so a
/// move to an address another rate covers is refused.
final class OrderEditTaxTests: XCTestCase {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = GoodsSeeds.newYork
    static let newYorkState = TaxRate(id: 2, region: "NY", ratePPM: 40_000, effectiveFrom: ShopDay("2007-01-01")!)
    static let albany = Address(street1: "1 State St", street2: "", city: "Albany", state: "NY", zip: "12207")

    /// The seeded order's rate is New York's; here the whole state's is 4 % and the 100 prefix 8.875 %.
    static var order: Order {
        var order = GoodsSeeds.order
        order.totals.tax = TaxRate(id: 1, region: "NY", postalPrefix: "100", ratePPM: 88_750, effectiveFrom: ShopDay("2007-01-01")!).applied
        return order
    }
    static let rates = [
        TaxRate(id: 1, region: "NY", postalPrefix: "100", ratePPM: 88_750, effectiveFrom: ShopDay("2007-01-01")!), newYorkState,
    ]

    func testANewOrderMovedToAnotherRatesAddressIsReTaxedAndTheHistorySaysSo() throws {
        var edit = Self.order
        edit.shipmentAddress = Self.albany
        let saved = try OrderWrites.updated(edit, of: Self.order, rates: Self.rates, timeZone: Self.utc, by: nil, at: Seeds.june30)
        XCTAssertEqual(saved.totals.tax?.ratePPM, 40_000)
        XCTAssertEqual(saved.totals.taxCents, 330, "$82.50 × 4 %")
        XCTAssertEqual(saved.lines.map(\.taxCents).reduce(0, +), 330)
        XCTAssert(OrderChange.between(Self.order, saved).contains(OrderChange(field: "Tax", old: "$7.32", new: "$3.30")))
    }

    func testANewOrderMovedWhereNoRateAppliesIsRefused() {
        var edit = Self.order
        edit.shipmentAddress.state = "OR"
        XCTAssertThrowsError(try OrderWrites.updated(edit, of: Self.order, rates: [], timeZone: Self.utc, by: nil, at: Seeds.june30)) {
            XCTAssertEqual($0 as? OrdersStoreError, .refused(current: Self.order, reason: "No tax rate for OR — ask a supervisor"))
        }
    }

    func testAPaidOrderMayNotMoveToAnotherRatesAddressButMayMoveWithinItsOwn() throws {
        var paid = Self.order
        paid.status = .paid
        var away = paid
        away.shipmentAddress = Self.albany
        XCTAssertThrowsError(try OrderWrites.updated(away, of: paid, rates: Self.rates, timeZone: Self.utc, by: nil, at: Seeds.june30)) {
            guard case .refused(let current, let reason)? = $0 as? OrdersStoreError else { return XCTFail("\($0)") }
            XCTAssertEqual(current, paid)
            XCTAssert(reason.contains("from paid on its tax never changes"), reason)
        }
        var nextDoor = paid
        nextDoor.shipmentAddress.zip = "10002"
        let saved = try OrderWrites.updated(nextDoor, of: paid, rates: Self.rates, timeZone: Self.utc, by: nil, at: Seeds.june30)
        XCTAssertEqual(saved.totals, paid.totals, "the same rate: its totals stay")
    }

    func testAnOrderKeyedBeforeItemsMovesFreely() throws {
        var legacy = Seeds.Orders.bob
        legacy.status = .paid
        var edit = legacy
        edit.shipmentAddress = Self.albany
        let saved = try OrderWrites.updated(edit, of: legacy, rates: [], timeZone: Self.utc, by: nil, at: Seeds.june30)
        XCTAssertEqual(saved.shipmentAddress, Self.albany)
    }

    /// Through the router: the edit form of a paid order of goods, moved to another state, is a 409
    /// page that says why, and nothing is saved.
    func testTheEditFormOfAPaidOrderMovedToAnotherStateIsA409PageSayingWhy() async throws {
        var paid = GoodsSeeds.order
        paid.status = .paid
        let database = await GoodsSeeds.database(orders: [Seeds.Orders.amy, paid])
        let app = try await TestApp(store: OrdersMemStore(database: database))
        var fields = Seeds.validFormFields
        fields.version = "1"
        fields.shipmentAddressState = "CA"
        fields.shipmentAddressZIP = "95014"
        let body = Seeds.formBody(fields)
        try await app.test { client in
            let response = try await client.post("/orders/2", form: body)
            XCTAssertEqual(response.status, .conflict)
            XCTAssert(response.text.contains("Order 2 was not changed"), response.text)
            XCTAssert(response.text.contains("from paid on its tax never changes"), response.text)
        }
        let stored = try await app.store.fetchOrder(id: "2")
        XCTAssertEqual(stored?.shipmentAddress.state, "NY")
        XCTAssertEqual(stored?.version, paid.version)
    }
}
