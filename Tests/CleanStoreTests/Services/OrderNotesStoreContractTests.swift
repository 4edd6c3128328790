import Foundation
import GRDB
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order's notes, one contract on every store (memory, SQLite, PostgreSQL): kept as given,
/// newest first, never changing the order, gone with it.
final class OrderNotesStoreContractTests: TemporaryDirectoryTestCase {
    typealias Store = any OrdersStoreProtocol & OrderEventsStoreProtocol & OrderNotesStoreProtocol

    /// Fresh, empty stores of every kind, by name, with a way to count the note rows a database
    /// holds (nil in memory, which has no rows to leave behind).
    func makeStores() async throws -> [(String, Store, (() async throws -> Int)?)] {
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("orders-\(UUID().uuidString).sqlite").path)
        let postgres = try await TestPostgres.makeStore(for: self)
        return [
            ("memory", OrderStores(OrdersMemStore()), nil),
            ("SQLite", OrderStores(sqlite), { try await sqlite.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM order_notes")! } }),
            (
                "PostgreSQL", OrderStores(postgres),
                {
                    var count = 0
                    for try await value in try await postgres.database.client.query("SELECT count(*) FROM order_notes").decode(Int.self) {
                        count = value
                    }
                    return count
                }
            ),
        ]
    }

    static let amy = AccountSeeds.amy.name
    static let sue = AccountSeeds.sue.name
    static let t1 = Seeds.june29
    static let t2 = Seeds.june30

    static func newOrder() -> Order { OrdersStoreContractTests.newOrder(Seeds.Orders.amy) }

    // MARK: Tests

    func testNotesAreListedNewestFirstWithWhoAndWhen() async throws {
        for (name, store, _) in try await makeStores() {
            let order = try await store.createOrder(orderToCreate: Self.newOrder())
            let id = try XCTUnwrap(order.id)
            let none = try await store.notes(forOrder: id)
            XCTAssertEqual(none, [], name)

            let first = try await store.addNote(orderID: id, text: "Customer asked for gift wrap", by: Self.amy, at: Self.t1)
            let second = try await store.addNote(orderID: id, text: "Wrapped", by: Self.sue, at: Self.t2)
            let third = try await store.addNote(orderID: id, text: "Same minute, written later", by: nil, at: Self.t2)
            XCTAssertEqual(first, OrderNote(id: first.id, orderID: id, text: "Customer asked for gift wrap", by: Self.amy, at: Self.t1), name)
            XCTAssertEqual(Set([first.id, second.id, third.id]).count, 3, "\(name): each note its own id")
            XCTAssertNil(third.by, name)

            let notes = try await store.notes(forOrder: id)
            XCTAssertEqual(notes, [third, second, first], "\(name): newest first, the later written first at the same time")
        }
    }

    func testANoteNeverChangesTheOrderNorItsHistory() async throws {
        for (name, store, _) in try await makeStores() {
            // Given: an order a clerk has open in the edit form (version 1)
            let order = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let history = try await store.fetchEvents(orderID: order.id!)

            // When: someone else adds notes
            _ = try await store.addNote(orderID: order.id!, text: "Called the customer", by: Self.sue, at: Self.t2)
            _ = try await store.addNote(orderID: order.id!, text: "No answer", by: Self.sue, at: Self.t2)

            // Then: the order, its version, who changed it last and its history are as they were
            let stored = try await store.fetchOrder(id: order.id!)
            XCTAssertEqual(stored, order, name)
            let after = try await store.fetchEvents(orderID: order.id!)
            XCTAssertEqual(after, history, name)
            // And the clerk's save from version 1 goes through: no conflict
            var edited = order
            edited.phone = "999-999-9999"
            let saved = try await store.updateOrder(orderToUpdate: edited, by: Self.amy, at: Self.t2)
            XCTAssertEqual(saved.version, 2, name)
        }
    }

    func testShippedAndCancelledOrdersTakeNotesToo() async throws {
        for (name, store, _) in try await makeStores() {
            for status in [OrderStatus.shipped, .cancelled] {
                let created = try await store.createOrder(orderToCreate: Self.newOrder())
                let order = try await store.changeStatus(of: created, to: status)
                let note = try await store.addNote(orderID: order.id!, text: "Customer called about it", by: Self.sue, at: Self.t2)
                let notes = try await store.notes(forOrder: order.id!)
                XCTAssertEqual(notes, [note], "\(name): \(status)")
                let stored = try await store.fetchOrder(id: order.id!)
                XCTAssertEqual(stored, order, name)
            }
        }
    }

    func testEachOrderHasItsOwnNotes() async throws {
        for (name, store, _) in try await makeStores() {
            let amy = try await store.createOrder(orderToCreate: Self.newOrder())
            let bob = try await store.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.bob))
            let amys = try await store.addNote(orderID: amy.id!, text: "Amy's", by: nil, at: Self.t1)
            let bobs = try await store.addNote(orderID: bob.id!, text: "Bob's", by: nil, at: Self.t1)
            let forAmy = try await store.notes(forOrder: amy.id!)
            XCTAssertEqual(forAmy, [amys], name)
            let forBob = try await store.notes(forOrder: bob.id!)
            XCTAssertEqual(forBob, [bobs], name)
        }
    }

    func testNotesOfAnUnknownOrderAreNotFound() async throws {
        for (name, store, count) in try await makeStores() {
            for unknown in ["999", "abc", "", "-1", "1.0", "99999999999999999999999"] {
                do {
                    _ = try await store.addNote(orderID: unknown, text: "Lost", by: nil, at: Self.t1)
                    XCTFail("\(name): a note on order \(unknown) should be refused")
                } catch {
                    XCTAssertEqual(error, .notFound(id: unknown), "\(name): \(unknown)")
                }
                do {
                    _ = try await store.notes(forOrder: unknown)
                    XCTFail("\(name): the notes of order \(unknown) should be not found")
                } catch {
                    XCTAssertEqual(error, .notFound(id: unknown), "\(name): \(unknown)")
                }
            }
            let rows = try await count?()
            XCTAssert(rows == nil || rows == 0, "\(name): nothing kept")
        }
    }

    func testDeletingAnOrderDeletesItsNotes() async throws {
        for (name, store, count) in try await makeStores() {
            let amy = try await store.createOrder(orderToCreate: Self.newOrder())
            let bob = try await store.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.bob))
            _ = try await store.addNote(orderID: amy.id!, text: "Amy's first", by: nil, at: Self.t1)
            _ = try await store.addNote(orderID: amy.id!, text: "Amy's second", by: nil, at: Self.t1)
            let bobs = try await store.addNote(orderID: bob.id!, text: "Bob's", by: nil, at: Self.t1)

            _ = try await store.deleteOrder(id: amy.id!)

            do {
                _ = try await store.notes(forOrder: amy.id!)
                XCTFail("\(name): a deleted order has no notes to list")
            } catch {
                XCTAssertEqual(error, .notFound(id: amy.id!), name)
            }
            let forBob = try await store.notes(forOrder: bob.id!)
            XCTAssertEqual(forBob, [bobs], "\(name): other orders keep theirs")
            let rows = try await count?()
            XCTAssert(rows == nil || rows == 1, "\(name): \(String(describing: rows)) rows left, only Bob's")
        }
    }

    /// Up to 1,000 characters of any Unicode, kept exactly: the length and what a note may say are
    /// the interactor's rules.
    func testAnyUnicodeTextIsKeptExactlyAsGiven() async throws {
        let texts = [
            "",
            " leading and trailing spaces ",
            "Line one\nLine two\r\nLine three\rand a\ttab",
            "Ελληνικά, Русский, עברית, العربية, हिन्दी, 中文, 日本語, 한국어, ไทย",
            "👨‍👩‍👧‍👦🏳️‍🌈👍🏽 e\u{301} \u{202E}reversed\u{202C} \u{200B}zero-width \u{FEFF}BOM \u{1D11E} \u{10FFFF}",
            "'; DROP TABLE order_notes; -- % _ \\ \" ` $1 ? :name",
            "<script>alert(1)</script> &amp; {{mustache}}",
            "\u{1}\u{7}\u{1B}[31m control characters \u{7F}\u{85}\u{2028}\u{2029}",
            String(repeating: "é", count: 1_000),
            String(repeating: "👨‍👩‍👧‍👦", count: 1_000),
            String((0..<1_000).map { index in ["a", "ß", "李", "🙂", "\u{301}e", "\n"][index % 6] }.joined().prefix(1_000)),
        ]
        XCTAssert(texts.contains { $0.count == 1_000 && $0.utf8.count > 20_000 }, "A thousand characters of many bytes each")
        for (name, store, _) in try await makeStores() {
            let order = try await store.createOrder(orderToCreate: Self.newOrder())
            var added: [OrderNote] = []
            for (index, text) in texts.enumerated() {
                let note = try await store.addNote(orderID: order.id!, text: text, by: nil, at: Self.t1.addingTimeInterval(Double(index)))
                XCTAssertEqual(note.text, text, "\(name): \(index)")
                added.append(note)
            }
            let notes = try await store.notes(forOrder: order.id!)
            XCTAssertEqual(notes.map(\.text), texts.reversed(), "\(name): every text back, byte for byte")
            XCTAssertEqual(notes.map { Array($0.text.unicodeScalars) }, texts.reversed().map { Array($0.unicodeScalars) }, name)
            XCTAssertEqual(notes, added.reversed(), name)
        }
    }

    func testATextWithU0000IsRefusedByEveryStoreAndNothingKept() async throws {
        for (name, store, count) in try await makeStores() {
            let order = try await store.createOrder(orderToCreate: Self.newOrder())
            do {
                _ = try await store.addNote(orderID: order.id!, text: "before\u{0}after", by: nil, at: Self.t1)
                XCTFail("\(name): should be refused")
            } catch {
                XCTAssertEqual(error, .cannotCreate("A note cannot hold the character U+0000"), name)
            }
            let notes = try await store.notes(forOrder: order.id!)
            XCTAssertEqual(notes, [], name)
            let rows = try await count?()
            XCTAssert(rows == nil || rows == 0, name)
        }
    }

    func testConcurrentNotesAreAllKept() async throws {
        for (name, store, _) in try await makeStores() {
            let order = try await store.createOrder(orderToCreate: Self.newOrder())
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await store.addNote(orderID: order.id!, text: "Note \(index)", by: nil, at: Self.t1).id
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            XCTAssertEqual(ids.count, 20, name)
            let notes = try await store.notes(forOrder: order.id!)
            XCTAssertEqual(Set(notes.map(\.id)), ids, name)
            XCTAssertEqual(Set(notes.map(\.text)), Set((0..<20).map { "Note \($0)" }), name)
        }
    }
}
