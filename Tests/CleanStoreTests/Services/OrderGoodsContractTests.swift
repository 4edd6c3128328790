import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order's goods on every orders store (memory, SQLite, PostgreSQL): its lines and totals as
/// written and read, orders keyed before lines, and the stock a status move or an items change moves.
final class OrderGoodsContractTests: GoodsContractTestCase {
    // MARK: Lines and totals

    func testLinesAndTotalsRoundTripThroughACreateAnUpdateAndADelete() async throws {
        for (store, catalog) in try await makeStores() {
            var given = OrdersStoreContractTests.newOrder(Seeds.Orders.bob)  // Two-Day: $9.99
            given.lines = [
                Self.line(catalog.widget, quantity: 3),
                OrderLine(
                    key: "", productID: catalog.gadget.id, sku: "G-2", name: "Gadget", catalogPriceCents: 999, unitPriceCents: 800,
                    priceReason: "Scuffed", quantity: 1, taxable: true),
            ]
            given.lines[0].key = OrderLine.key(number: 1)
            given.lines[1].key = OrderLine.key(number: 2)
            given.itemsRecorded = true
            given.totals.tax = Self.newYork.applied

            let created = try await store.orders.createOrder(orderToCreate: given, by: Self.amy, at: Self.now)

            XCTAssertEqual(created.totals.subtotalCents, 4_550, store.name)
            XCTAssertEqual(created.totals.shippingCents, 999, store.name)
            XCTAssertEqual(created.totals.taxCents, 404, "\(store.name): $45.50 at 8.875 %, shipping untaxed")
            XCTAssertEqual(created.lines.map(\.taxCents).reduce(0, +), 404, store.name)
            XCTAssertEqual(created.itemCount, 4, store.name)
            XCTAssertEqual(created.nextLineNumber, 3, store.name)
            let fetched = try await store.orders.fetchOrder(id: created.id!)
            XCTAssertEqual(fetched, created, "\(store.name): lines, totals and rate read back")
            let listed = try await store.orders.fetchOrders()
            XCTAssertEqual(listed.map(\.lines), [[]], "\(store.name): a list reads no lines")
            XCTAssertEqual(listed.map(\.itemCount), [4], store.name)
            XCTAssertEqual(listed.map(\.total), [Decimal(string: "59.53")], store.name)

            var edit = created
            edit.firstName = "Robert"
            edit.lines = []  // an update never changes items
            let updated = try await store.orders.updateOrder(orderToUpdate: edit, by: Self.sue, at: Self.now)
            XCTAssertEqual(updated.lines, created.lines, store.name)
            XCTAssertEqual(updated.totals, created.totals, store.name)
            let refetched = try await store.orders.fetchOrder(id: created.id!)
            XCTAssertEqual(refetched, updated, store.name)

            let deleted = try await store.orders.deleteOrder(id: created.id!, by: Self.sue, at: Self.now)
            XCTAssertEqual(deleted.lines, created.lines, store.name)
        }
    }

    func testAnOrderWithoutLinesTotalsItsShippingWithNoTax() async throws {
        for (store, _) in try await makeStores() {
            for speed in [ShipmentMethod.ShippingSpeed.standard, .twoDay, .oneDay] {
                var given = OrdersStoreContractTests.newOrder(Seeds.Orders.amy)
                given.shipmentMethod = ShipmentMethod(speed: speed)
                given.totals = OrderTotals(subtotalCents: 5, shippingCents: 7, taxCents: 9, tax: Self.newYork.applied)  // ignored
                let created = try await store.orders.createOrder(orderToCreate: given, by: nil, at: Self.now)
                let shipping = OrderTotal.shippingCents(for: speed)
                XCTAssertEqual(created.totals, OrderTotals(subtotalCents: 0, shippingCents: shipping, taxCents: 0, tax: nil), store.name)
                XCTAssertEqual(created.total, Decimal(shipping) / 100, store.name)
                XCTAssertFalse(created.itemsRecorded, store.name)
                let fetched = try await store.orders.fetchOrder(id: created.id!)
                XCTAssertEqual(fetched, created, store.name)
            }
        }
    }

    func testAnSQLiteOrderKeyedBeforeLinesTotalsItsOldTotalAsShipping() async throws {
        // Given: a database of schema v8, with an order as that release wrote it ($19.99)
        let path = directory.appendingPathComponent("v8.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try SQLiteAppDatabase.migrator(cards: TestCardKeys.keyring, logger: TestStores.silentLogger).migrate(queue, upTo: "v8: order history")
        let id = try await OrdersSQLiteStore.writeOldOrder(into: queue)
        try queue.close()

        // When
        let store = try OrdersSQLiteStore(path: path)
        let fetched = try await store.fetchOrder(id: id)

        // Then
        let order = try XCTUnwrap(fetched)
        XCTAssertEqual(order.lines, [])
        XCTAssertFalse(order.itemsRecorded)
        XCTAssertEqual(order.totals, OrderTotals(subtotalCents: 0, shippingCents: 1_999, taxCents: 0, tax: nil))
        XCTAssertEqual(order.total, Decimal(string: "19.99"))
        let next = try await store.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.amy))
        XCTAssertEqual(next.id, String(Int(id)! + 1), "numbered after it")
    }

    // MARK: Stock

    func testShippingTakesTheCommittedStockOffHandAndCancellingReleasesIt() async throws {
        for (store, catalog) in try await makeStores() {
            let shipped = try await place(try await readyDraft(in: store, items: [(catalog.widget, 2)]), in: store)
            let cancelled = try await place(try await readyDraft(in: store, items: [(catalog.widget, 1), (catalog.gadget, 1)]), in: store)
            var widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 3), store.name)

            _ = try await store.orders.changeStatus(of: shipped, to: .shipped)
            widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 3, committed: 1), "\(store.name): shipped, off hand")

            _ = try await store.orders.changeStatus(of: cancelled, to: .cancelled)
            widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 3, committed: 0), "\(store.name): cancelled, released")
            let gadget = try await store.product(catalog.gadget.id!)
            XCTAssertNil(gadget?.stock, store.name)
        }
    }

    func testAnApprovedCancellationReleasesTheCommittedStockAndARequestOrADeclineMovesNone() async throws {
        for (store, catalog) in try await makeStores() {
            let placed = try await place(try await readyDraft(in: store, items: [(catalog.widget, 2)]), in: store)
            let paid = try await store.orders.changeStatus(of: placed, to: .paid)
            let requested = try await store.orders.decideCancellation(
                id: paid.id!, .request(reason: "Changed their mind"), expectedVersion: paid.version, by: Self.sue, at: Self.now)
            var widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 2), "\(store.name): asked for, still committed")
            let declined = try await store.orders.decideCancellation(
                id: paid.id!, .decline, expectedVersion: requested.version, by: Self.sue, at: Self.now)
            widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 2), "\(store.name): declined, still committed")

            let again = try await store.orders.decideCancellation(
                id: paid.id!, .request(reason: "Changed their mind"), expectedVersion: declined.version, by: Self.sue, at: Self.now)
            let approved = try await store.orders.decideCancellation(
                id: paid.id!, .approve, expectedVersion: again.version, by: Self.sue, at: Self.now)
            XCTAssertEqual(approved.status, .cancelled, store.name)
            widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 0), "\(store.name): approved, released")
        }
    }

    func testChangingTheItemsOfANewOrderMovesItsStockRetaxesItAndRecordsEachChange() async throws {
        for (store, catalog) in try await makeStores() {
            let placed = try await place(try await readyDraft(in: store, items: [(catalog.widget, 1)]), in: store)

            let more = try await store.orders.changeItems(
                id: placed.id!, change: .quantities(["l1": 3]), expectedVersion: 1, timeZone: Self.utc, by: Self.sue, at: Self.now)

            XCTAssertEqual(more.version, 2, store.name)
            XCTAssertEqual(more.lines.map(\.stockCommitted), [3], store.name)
            XCTAssertEqual(more.totals, OrderTotals(subtotalCents: 3_750, shippingCents: 0, taxCents: 333, tax: Self.newYork.applied), store.name)
            let fetched = try await store.orders.fetchOrder(id: placed.id!)
            XCTAssertEqual(fetched, more, store.name)
            var widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 3), store.name)
            let events = try await store.events.fetchEvents(orderID: placed.id!)
            XCTAssertEqual(events.first?.changes.map(\.field), ["Quantity of W-1", "Tax", "Total"], store.name)

            // More than is left: refused, nothing changed
            do {
                _ = try await store.orders.changeItems(
                    id: placed.id!, change: .quantities(["l1": 6]), expectedVersion: 2, timeZone: Self.utc, by: Self.sue, at: Self.now)
                XCTFail("\(store.name): not refused")
            } catch {
                XCTAssertEqual(error, .refused(current: more, reason: "Not enough W-1 in stock: 2 available"), store.name)
            }
            let unchanged = try await store.orders.fetchOrder(id: placed.id!)
            XCTAssertEqual(unchanged, more, store.name)

            let swapped = try await store.orders.changeItems(
                id: placed.id!, change: .addLine(Self.line(catalog.gadget, quantity: 2)), expectedVersion: 2, timeZone: Self.utc,
                by: Self.sue, at: Self.now)
            let removed = try await store.orders.changeItems(
                id: placed.id!, change: .removeLine(key: "l1"), expectedVersion: swapped.version, timeZone: Self.utc, by: Self.sue, at: Self.now)
            XCTAssertEqual(removed.lines.map(\.sku), ["G-2"], store.name)
            XCTAssertEqual(removed.itemCount, 2, store.name)
            widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 0), "\(store.name): released")
        }
    }

    func testAnEditMovingAnOrderOfGoodsWhereItsTaxCannotFollowIsRefusedAndChangesNothing() async throws {
        for (store, catalog) in try await makeStores() {
            let placed = try await place(try await readyDraft(in: store, items: [(catalog.widget, 1)]), in: store)
            var nowhere = placed
            nowhere.shipmentAddress.state = "OR"
            do {
                _ = try await store.orders.updateOrder(orderToUpdate: nowhere, by: Self.sue, at: Self.now)
                XCTFail("\(store.name): not refused")
            } catch {
                XCTAssertEqual(error, .refused(current: placed, reason: "No tax rate for OR — ask a supervisor"), store.name)
            }
            let paid = try await store.orders.changeStatus(of: placed, to: .paid)
            var away = paid
            away.shipmentAddress.state = "CA"
            do {
                _ = try await store.orders.updateOrder(orderToUpdate: away, by: Self.sue, at: Self.now)
                XCTFail("\(store.name): not refused")
            } catch {
                guard case .refused(let current, let reason) = error else { return XCTFail("\(store.name): \(error)") }
                XCTAssertEqual(current, paid, store.name)
                XCTAssert(reason.contains("from paid on its tax never changes"), "\(store.name): \(reason)")
            }
            let unchanged = try await store.orders.fetchOrder(id: placed.id!)
            XCTAssertEqual(unchanged, paid, store.name)
        }
    }

    func testTheItemsOfAPaidOrderAreFrozenAndAStaleVersionConflicts() async throws {
        for (store, catalog) in try await makeStores() {
            let placed = try await place(try await readyDraft(in: store, items: [(catalog.widget, 1)]), in: store)
            do {
                _ = try await store.orders.changeItems(
                    id: placed.id!, change: .quantities(["l1": 2]), expectedVersion: 7, timeZone: Self.utc, by: Self.sue, at: Self.now)
                XCTFail("\(store.name): not refused")
            } catch {
                XCTAssertEqual(error, .conflict(current: placed), store.name)
            }
            let paid = try await store.orders.changeStatus(of: placed, to: .paid)
            do {
                _ = try await store.orders.changeItems(
                    id: placed.id!, change: .quantities(["l1": 2]), expectedVersion: paid.version, timeZone: Self.utc, by: Self.sue,
                    at: Self.now)
                XCTFail("\(store.name): not refused")
            } catch {
                XCTAssertEqual(error, .refused(current: paid, reason: "This order is paid: its items can no longer be changed"), store.name)
            }
            let widget = try await store.product(catalog.widget.id!)
            XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 1), store.name)
        }
    }
}
