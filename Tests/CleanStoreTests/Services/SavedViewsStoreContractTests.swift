import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every saved views store (memory, SQLite, PostgreSQL): each account's views, in
/// its order, its default, and never another account's.
final class SavedViewsStoreContractTests: TemporaryDirectoryTestCase {
    func makeStores() async throws -> [(name: String, store: any SavedViewsStoreProtocol)] {
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("views-\(UUID().uuidString).sqlite").path).database
        let postgres = try await TestPostgres.makeStore(for: self).database
        return [
            ("memory", SavedViewsMemStore(database: MemoryAppDatabase())),
            ("SQLite", SavedViewsSQLiteStore(database: sqlite)),
            ("PostgreSQL", SavedViewsPostgresStore(database: postgres)),
        ]
    }

    func testViewsAreKeptInTheOrderTheyWereSavedAndNeverTheDefaultAtFirst() async throws {
        for (name, store) in try await makeStores() {
            let packed = try await store.addView(accountKey: "amy", name: "Packed", query: "status=packed")
            let jane = try await store.addView(accountKey: "amy", name: "Jane's", query: "q=jane&sort=-total")

            XCTAssertEqual(packed, SavedView(id: packed.id, accountKey: "amy", name: "Packed", query: "status=packed", position: 0), name)
            XCTAssertEqual(jane.position, 1, name)
            XCTAssertNotEqual(packed.id, jane.id, name)
            let views = try await store.views(accountKey: "amy")
            XCTAssertEqual(views, [packed, jane], name)
            XCTAssertFalse(views.contains(where: \.isDefault), name)
        }
    }

    func testAnotherAccountNeitherSeesNorChangesMyViews() async throws {
        for (name, store) in try await makeStores() {
            let mine = try await store.addView(accountKey: "amy", name: "Packed", query: "status=packed")
            let bobs = try await store.addView(accountKey: "bob", name: "Packed", query: "status=packed&q=bob")

            let stored1 = try await store.views(accountKey: "bob")
            XCTAssertEqual(stored1, [bobs], "\(name): Bob sees only his (the same name is his to use)")
            XCTAssertEqual(bobs.position, 0, name)
            for change in SavedViewChange.allCases {
                do {
                    _ = try await store.changeView(id: mine.id, accountKey: "bob", change: change)
                    XCTFail("\(name): Bob changed Amy's view (\(change))")
                } catch {
                    XCTAssertEqual(error, .notFound, name)
                }
            }
            let stored2 = try await store.views(accountKey: "amy")
            XCTAssertEqual(stored2, [mine], "\(name): Amy's view unchanged")
        }
    }

    func testMovingUpAndDownSwapsNeighboursAndTheEndsStay() async throws {
        for (name, store) in try await makeStores() {
            let a = try await store.addView(accountKey: "amy", name: "A", query: "q=a")
            let b = try await store.addView(accountKey: "amy", name: "B", query: "q=b")
            let c = try await store.addView(accountKey: "amy", name: "C", query: "q=c")

            var views = try await store.changeView(id: c.id, accountKey: "amy", change: .moveUp)
            XCTAssertEqual(views.map(\.name), ["A", "C", "B"], name)
            XCTAssertEqual(views.map(\.position), [0, 1, 2], name)
            views = try await store.changeView(id: a.id, accountKey: "amy", change: .moveUp)
            XCTAssertEqual(views.map(\.name), ["A", "C", "B"], "\(name): the first stays first")
            views = try await store.changeView(id: b.id, accountKey: "amy", change: .moveDown)
            XCTAssertEqual(views.map(\.name), ["A", "C", "B"], "\(name): the last stays last")
            views = try await store.changeView(id: a.id, accountKey: "amy", change: .moveDown)
            XCTAssertEqual(views.map(\.name), ["C", "A", "B"], name)
            let stored3 = try await store.views(accountKey: "amy")
            XCTAssertEqual(stored3, views, "\(name): as stored")
        }
    }

    func testOneDefaultAtMostAndAllOrdersAgain() async throws {
        for (name, store) in try await makeStores() {
            let a = try await store.addView(accountKey: "amy", name: "A", query: "q=a")
            let b = try await store.addView(accountKey: "amy", name: "B", query: "q=b")
            let bobs = try await store.addView(accountKey: "bob", name: "B", query: "q=b")
            _ = try await store.changeView(id: bobs.id, accountKey: "bob", change: .makeDefault)

            _ = try await store.changeView(id: a.id, accountKey: "amy", change: .makeDefault)
            var views = try await store.changeView(id: b.id, accountKey: "amy", change: .makeDefault)
            XCTAssertEqual(views.map(\.isDefault), [false, true], name)
            views = try await store.changeView(id: b.id, accountKey: "amy", change: .clearDefault)
            XCTAssertEqual(views.map(\.isDefault), [false, false], name)
            let stored4 = try await store.views(accountKey: "amy").map(\.isDefault)
            XCTAssertEqual(stored4, [false, false], name)
            let stored5 = try await store.views(accountKey: "bob").map(\.isDefault)
            XCTAssertEqual(stored5, [true], "\(name): Bob's default is his")
        }
    }

    func testDeletingRenumbersTheRestAndANewOneGoesLast() async throws {
        for (name, store) in try await makeStores() {
            let a = try await store.addView(accountKey: "amy", name: "A", query: "q=a")
            _ = try await store.addView(accountKey: "amy", name: "B", query: "q=b")

            let views = try await store.changeView(id: a.id, accountKey: "amy", change: .delete)
            XCTAssertEqual(views.map(\.name), ["B"], name)
            XCTAssertEqual(views.map(\.position), [0], name)
            let c = try await store.addView(accountKey: "amy", name: "A", query: "q=c")
            XCTAssertEqual(c.position, 1, "\(name): a deleted view's name is free again, the new one last")
            let stored6 = try await store.views(accountKey: "amy").map(\.name)
            XCTAssertEqual(stored6, ["B", "A"], name)
            do {
                _ = try await store.changeView(id: a.id, accountKey: "amy", change: .delete)
                XCTFail("\(name): deleted twice")
            } catch {
                XCTAssertEqual(error, .notFound, name)
            }
        }
    }

    func testANameIsTakenWhateverItsCaseAndTwentyViewsAreTheMost() async throws {
        for (name, store) in try await makeStores() {
            _ = try await store.addView(accountKey: "amy", name: "Packed", query: "status=packed")
            do {
                _ = try await store.addView(accountKey: "amy", name: "PACKED", query: "q=x")
                XCTFail("\(name): a taken name")
            } catch {
                XCTAssertEqual(error, .nameTaken, name)
            }
            for number in 2...SavedViewWrites.maximumPerAccount {
                _ = try await store.addView(accountKey: "amy", name: "View \(number)", query: "q=\(number)")
            }
            do {
                _ = try await store.addView(accountKey: "amy", name: "One more", query: "q=more")
                XCTFail("\(name): a 21st view")
            } catch {
                XCTAssertEqual(error, .tooMany, name)
            }
            let stored7 = try await store.views(accountKey: "amy").count
            XCTAssertEqual(stored7, SavedViewWrites.maximumPerAccount, name)
        }
    }
}
