import Foundation

/// Orders' notes in memory (`MemoryAppDatabase`), deleted with their order by `OrdersMemStore`.
public final class OrderNotesMemStore: OrderNotesStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase = MemoryAppDatabase()) {
        self.database = database
    }

    public func addNote(orderID: String, text: String, forPacker: Bool, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote {
        try OrderNote.checkStorable(text)
        return try await database.transaction { tables throws(OrdersStoreError) in
            guard tables.orders.contains(where: { $0.id == orderID }) else { throw .notFound(id: orderID) }
            tables.lastNoteID += 1
            let note = OrderNote(id: String(tables.lastNoteID), orderID: orderID, text: text, by: by, at: at, forPacker: forPacker)
            tables.notes.append(note)
            return note
        }
    }

    /// Newest first: by time, then by the order they were written in.
    public func notes(forOrder orderID: String) async throws(OrdersStoreError) -> [OrderNote] {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard tables.orders.contains(where: { $0.id == orderID }) else { throw .notFound(id: orderID) }
            return tables.notes(ofOrder: orderID)
        }
    }
}

extension MemoryAppDatabase.Tables {
    /// The order's notes, newest first: by time, then by the order they were written in (the notes
    /// store's list and the order page's read, `OrdersMemStore.fetchOrderPage`).
    func notes(ofOrder orderID: String) -> [OrderNote] {
        notes.enumerated().filter { $0.element.orderID == orderID }
            .sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }
            .map(\.element)
    }
}
