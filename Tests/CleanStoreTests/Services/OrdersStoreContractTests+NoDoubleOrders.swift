import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// No double orders (issue 17, the store layer): one idempotency key, one order, on every store,
/// however many creates carry it and however close together.
extension OrdersStoreContractTests {
    /// The outcome of a create with `key`: the order made, or the error (`.alreadyCreated`).
    static func create(
        _ order: Order, key: String?, in store: any OrdersStoreProtocol, by: AccountName? = nil
    ) async -> Result<Order, OrdersStoreError> {
        do throws(OrdersStoreError) {
            return .success(try await store.createOrder(orderToCreate: order, idempotencyKey: key, by: by, at: Seeds.june29))
        } catch {
            return .failure(error)
        }
    }

    func testASecondCreateWithAUsedKeyCreatesNothingAndNamesTheFirstOrder() async throws {
        for (name, store) in try await makeStores() {
            let events = store as! any OrderEventsStoreProtocol
            // Given: an order created from a form with key k1
            let first = try await store.createOrder(
                orderToCreate: Self.newOrder(Seeds.Orders.amy), idempotencyKey: "form-k1", by: Self.sue, at: Seeds.june29)

            // When: the form is posted again (what it carries does not matter)
            let again = await Self.create(Self.newOrder(Seeds.Orders.bob), key: "form-k1", in: store)

            // Then: nothing more is created, and the caller is told which order the key made
            XCTAssertEqual(again.error, .alreadyCreated(first), name)
            let orders = try await store.fetchOrders()
            XCTAssertEqual(orders, [first], name)
            let history = try await events.fetchEvents(orderID: first.id!)
            XCTAssertEqual(history.map(\.kind), [.created], "\(name): one event, the first create's")

            // Other keys, and no key, create orders; keys are compared exactly
            for key in ["form-k2", "FORM-K1", "form-k1 ", "🔑", nil, nil] {
                let created = await Self.create(Self.newOrder(Seeds.Orders.amy), key: key, in: store)
                XCTAssertNil(created.error, "\(name): \(String(describing: key))")
            }
            let all = try await store.fetchOrders()
            XCTAssertEqual(all.count, 7, name)
        }
    }

    func testTheOrderAKeyNamesIsTheOrderAsStoredNow() async throws {
        for (name, store) in try await makeStores() {
            let first = try await store.createOrder(
                orderToCreate: Self.newOrder(Seeds.Orders.amy), idempotencyKey: "k", by: nil, at: Seeds.june29)
            var edited = first
            edited.phone = "999-999-9999"
            let saved = try await store.updateOrder(orderToUpdate: edited)
            let paid = try await store.changeStatus(of: saved, to: .paid)
            let again = await Self.create(Self.newOrder(Seeds.Orders.amy), key: "k", in: store)
            XCTAssertEqual(again.error, .alreadyCreated(paid), name)
        }
    }

    func testDeletingTheOrderFreesItsKey() async throws {
        for (name, store) in try await makeStores() {
            let first = try await store.createOrder(
                orderToCreate: Self.newOrder(Seeds.Orders.amy), idempotencyKey: "k", by: nil, at: Seeds.june29)
            _ = try await store.deleteOrder(id: first.id!)
            let second = await Self.create(Self.newOrder(Seeds.Orders.bob), key: "k", in: store)
            let made = try XCTUnwrap(try? second.get(), "\(name): \(String(describing: second.error))")
            XCTAssertNotEqual(made.id, first.id, name)
            let third = await Self.create(Self.newOrder(Seeds.Orders.amy), key: "k", in: store)
            XCTAssertEqual(third.error, .alreadyCreated(made), name)
        }
    }

    /// A double click: 2, then 10, creates of one key at the same instant make exactly one order,
    /// and every caller is given that order.
    func testConcurrentCreatesWithOneKeyMakeExactlyOneOrder() async throws {
        for (name, store) in try await makeStores() {
            let events = store as! any OrderEventsStoreProtocol
            for count in [2, 10] {
                let key = "double-click-\(count)"
                let outcomes = await withTaskGroup(of: Result<Order, OrdersStoreError>.self) { group in
                    for index in 0..<count {
                        group.addTask {
                            var order = Self.newOrder(Seeds.Orders.amy)
                            order.lastName = "Attempt \(index)"
                            return await Self.create(order, key: key, in: store, by: Self.sue)
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                let created = outcomes.compactMap { try? $0.get() }
                XCTAssertEqual(created.count, 1, "\(name): \(count) at once, \(outcomes)")
                let order = try XCTUnwrap(created.first)
                XCTAssertEqual(
                    outcomes.compactMap(\.error), Array(repeating: .alreadyCreated(order), count: count - 1),
                    "\(name): every other caller is given the order made")
                let stored = try await store.fetchOrders().filter { $0.lastName.hasPrefix("Attempt") }
                XCTAssertEqual(stored, [order], "\(name): one order for \(count) creates")
                let history = try await events.fetchEvents(orderID: order.id!)
                XCTAssertEqual(history.map(\.kind), [.created], name)
                _ = try await store.deleteOrder(id: order.id!)
            }
        }
    }

    /// Many forms at once, each posted twice at the same instant: one order per form.
    func testConcurrentCreatesOfManyKeysMakeOneOrderPerKey() async throws {
        for (name, store) in try await makeStores() {
            let outcomes = await withTaskGroup(of: (String, Result<Order, OrdersStoreError>).self) { group in
                for form in 0..<10 {
                    for _ in 0..<2 {
                        group.addTask { ("form-\(form)", await Self.create(Self.newOrder(Seeds.Orders.bob), key: "form-\(form)", in: store)) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let created = outcomes.filter { $0.1.error == nil }
            XCTAssertEqual(Set(created.map(\.0)).count, 10, name)
            XCTAssertEqual(created.count, 10, name)
            let orders = try await store.fetchOrders()
            XCTAssertEqual(orders.count, 10, name)
        }
    }
}
