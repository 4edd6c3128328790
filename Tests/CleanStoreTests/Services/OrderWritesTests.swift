import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The write rules every store executes (`OrderWrites`), decided on the stored order alone: what a
/// create, an update, a status move and a delete save, and what each refuses, in which order.
final class OrderWritesTests: XCTestCase {
    static let utc = TimeZone(identifier: "UTC")!

    static let amy = AccountSeeds.amy.name
    static let sue = AccountSeeds.sue.name
    static let later = Seeds.june30

    /// Amy's order as stored: id 1, version 3, paid, created by Amy.
    static var stored: Order {
        var order = Seeds.Orders.amy
        order.version = 3
        order.status = .paid
        order.createdBy = amy
        return order
    }

    func testACreateIsVersionOneNewByItsCreatorWithTheTotalComputed() {
        var given = Seeds.Orders.bob
        given.version = 7
        given.status = .shipped
        given.cancellationReason = "no"
        given.updatedBy = Self.sue
        given.updatedAt = Self.later
        given.totals.shippingCents = 12_300

        let created = OrderWrites.created(given, by: Self.amy)

        XCTAssertEqual(created.version, 1)
        XCTAssertEqual(created.status, .new)
        XCTAssertNil(created.cancellationReason)
        XCTAssertEqual(created.createdBy, Self.amy)
        XCTAssertNil(created.updatedBy)
        XCTAssertNil(created.updatedAt)
        XCTAssertEqual(created.total, Decimal(string: "9.99"), "Two-Day shipping")
        XCTAssertEqual(created.firstName, "Bob")
    }

    func testAnUpdateKeepsWhatIsStoredButTheFieldsAndIsOneVersionMore() throws {
        var edit = Self.stored
        edit.phone = "999-999-9999"
        edit.shipmentMethod = ShipmentMethod(speed: .oneDay)
        edit.date = Self.later
        edit.status = .new
        edit.cancellationReason = "typed"
        edit.createdBy = Self.sue

        let saved = try OrderWrites.updated(edit, of: Self.stored, timeZone: Self.utc, by: Self.sue, at: Self.later)

        XCTAssertEqual(saved.phone, "999-999-9999")
        XCTAssertEqual(saved.total, Decimal(string: "19.99"))
        XCTAssertEqual(saved.version, 4)
        XCTAssertEqual(saved.id, "1")
        XCTAssertEqual(saved.date, Seeds.june29)
        XCTAssertEqual(saved.status, .paid)
        XCTAssertNil(saved.cancellationReason)
        XCTAssertEqual(saved.createdBy, Self.amy)
        XCTAssertEqual(saved.updatedBy, Self.sue)
        XCTAssertEqual(saved.updatedAt, Self.later)
    }

    func testAnUpdateIsRefusedWhenReadOnlyThenWhenStale() {
        var stale = Self.stored
        stale.version = 2
        var shipped = Self.stored
        shipped.status = .shipped
        XCTAssertEqual(
            refusal { () throws(OrdersStoreError) in try OrderWrites.updated(stale, of: shipped, timeZone: Self.utc, by: nil, at: Self.later) },
            .readOnly(current: shipped), "Read-only whatever version the edit was made from")
        XCTAssertEqual(
            refusal { () throws(OrdersStoreError) in try OrderWrites.updated(stale, of: Self.stored, timeZone: Self.utc, by: nil, at: Self.later) },
            .conflict(current: Self.stored))
    }

    func testAnUpdateKeepingAnUnreadableCardIsRefusedAndOneWithANewCardSaved() throws {
        var unreadable = Self.stored
        unreadable.paymentMethod = .unreadableCard(expirationDate: unreadable.paymentMethod.expirationDate)
        XCTAssertEqual(
            refusal { () throws(OrdersStoreError) in try OrderWrites.updated(unreadable, of: unreadable, timeZone: Self.utc, by: nil, at: Self.later) },
            .cannotUpdate("The card of order 1 cannot be read: an update must give a new card"))
        let saved = try OrderWrites.updated(Self.stored, of: unreadable, timeZone: Self.utc, by: Self.sue, at: Self.later)
        XCTAssertEqual(saved.paymentMethod, Self.stored.paymentMethod, "A new card replaces the unreadable one")
    }

    func testAStatusMoveKeepsTheOrderAndSetsTheReasonOnlyWhenCancelled() throws {
        let packed = try OrderWrites.statusChanged(
            Self.stored, to: .packed, expectedVersion: 3, reason: "kept in the history only", by: Self.sue, at: Self.later)
        XCTAssertEqual(packed.status, .packed)
        XCTAssertNil(packed.cancellationReason)
        XCTAssertEqual(packed.version, 4)
        XCTAssertEqual(packed.updatedBy, Self.sue)
        XCTAssertEqual(packed.updatedAt, Self.later)
        XCTAssertEqual(packed.phone, Self.stored.phone)

        let cancelled = try OrderWrites.statusChanged(
            Self.stored, to: .cancelled, expectedVersion: 3, reason: "Changed their mind", by: Self.sue, at: Self.later)
        XCTAssertEqual(cancelled.status, .cancelled)
        XCTAssertEqual(cancelled.cancellationReason, "Changed their mind")
    }

    func testAStatusMoveIsRefusedWhenStaleThenOffTheArrows() {
        func move(_ stored: Order, to status: OrderStatus, from version: Int) -> OrdersStoreError? {
            refusal { () throws(OrdersStoreError) in
                try OrderWrites.statusChanged(stored, to: status, expectedVersion: version, reason: nil, by: nil, at: Self.later)
            }
        }
        XCTAssertEqual(move(Self.stored, to: .new, from: 2), .conflict(current: Self.stored), "A stale page gets the conflict, whatever it asked")
        XCTAssertEqual(move(Self.stored, to: .new, from: 3), .statusNotAllowed(current: Self.stored, to: .new))
        XCTAssertEqual(move(Self.stored, to: .paid, from: 3), .statusNotAllowed(current: Self.stored, to: .paid))
    }

    func testADeleteIsRefusedWhenReadOnlyOnly() throws {
        for status in OrderStatus.allCases {
            var stored = Self.stored
            stored.status = status
            let refused = refusal { () throws(OrdersStoreError) in try OrderWrites.checkDeletable(stored) }
            XCTAssertEqual(refused, status.isReadOnly ? .readOnly(current: stored) : nil, "\(status)")
        }
    }

    /// The error `decide` throws; nil, and a failure, when it throws none.
    func refusal(line: UInt = #line, _ decide: () throws(OrdersStoreError) -> Order) -> OrdersStoreError? {
        do {
            let order = try decide()
            XCTFail("Should be refused, decided \(order)", line: line)
            return nil
        } catch {
            return error
        }
    }

    /// The error `check` throws; nil when it throws none.
    func refusal(_ check: () throws(OrdersStoreError) -> Void) -> OrdersStoreError? {
        do {
            try check()
            return nil
        } catch {
            return error
        }
    }
}
