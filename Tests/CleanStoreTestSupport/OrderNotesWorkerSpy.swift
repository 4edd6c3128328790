import Foundation

@testable import CleanStore

/// The `OrderNotesWorker` spy of the scene tests: records what a scene asked for and answers from
/// `storedNotes` (an order's notes: by default none, for Amy's order, id 1); an order it has no entry
/// for is `.notFound`. `check(_:)` keeps the real rules (and records the text). Set `failure` to make
/// every store call throw it.
final class OrderNotesWorkerSpy: OrderNotesWorker {
    var storedNotes: [String: [OrderNote]] = [Seeds.Orders.amy.id!: []]
    var failure: OrdersStoreError?

    var checkedText: String?
    var addedNote: (orderID: String, text: String, by: AccountName?)?
    var notesCalledWithOrderID: String?

    init() {
        super.init(notesStore: OrderNotesMemStore(), now: { Seeds.june29 })
    }

    override func check(_ typed: String) -> CheckedText {
        checkedText = typed
        return super.check(typed)
    }

    /// Whether the last note added was for the packer.
    var addedForPacker: Bool?

    /// Answers with the note, numbered 1 more than the order's notes, at June 29.
    override func addNote(orderID id: String, text: String, forPacker: Bool = false, by: AccountName?) async throws(OrdersStoreError) -> OrderNote {
        addedNote = (id, text, by)
        addedForPacker = forPacker
        if let failure { throw failure }
        guard let notes = storedNotes[id] else { throw .notFound(id: id) }
        let note = OrderNote(id: String(notes.count + 1), orderID: id, text: text, by: by, at: Seeds.june29, forPacker: forPacker)
        storedNotes[id] = [note] + notes
        return note
    }

    override func notes(forOrder id: String) async throws(OrdersStoreError) -> [OrderNote] {
        notesCalledWithOrderID = id
        if let failure { throw failure }
        guard let notes = storedNotes[id] else { throw .notFound(id: id) }
        return notes
    }
}
