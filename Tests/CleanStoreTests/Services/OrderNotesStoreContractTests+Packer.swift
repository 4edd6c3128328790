import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Notes for the packer (issue 29), on every store: the mark is kept with the note, and a note
/// added without it is not one.
extension OrderNotesStoreContractTests {
    func testANoteForThePackerIsKeptAsSuch() async throws {
        for (name, store, _) in try await makeStores() {
            let order = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let packer = try await store.addNote(orderID: order.id!, text: "Fragile: mug on top", forPacker: true, by: Self.sue, at: Self.t1)
            let plain = try await store.addNote(orderID: order.id!, text: "Called back", by: Self.amy, at: Self.t2)
            XCTAssertTrue(packer.forPacker, name)
            XCTAssertFalse(plain.forPacker, name)
            let notes = try await store.notes(forOrder: order.id!)
            XCTAssertEqual(notes, [plain, packer], "\(name): newest first, each as added")
            XCTAssertEqual(notes.map(\.forPacker), [false, true], name)
        }
    }
}
