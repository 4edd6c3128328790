import Foundation

/// An internal note a clerk leaves on an order, for the people who handle it after them: what, who
/// and when. Written once, never changed; it goes when its order is deleted.
public struct OrderNote: Equatable, Sendable {
    /// Chosen by the store: unique among every order's notes, never reused.
    public var id: String
    /// The order's id.
    public var orderID: String
    /// As it was given: the store keeps any Unicode text (`OrderNotesStoreProtocol`).
    public var text: String
    /// Who: nil when no one was signed in.
    public var by: AccountName?
    public var at: Date
    /// A note for the packer: it prints on the packing slip, under "Delivery notes".
    public var forPacker: Bool

    public init(id: String, orderID: String, text: String, by: AccountName?, at: Date, forPacker: Bool = false) {
        self.id = id
        self.orderID = orderID
        self.text = text
        self.by = by
        self.at = at
        self.forPacker = forPacker
    }
}

/// Where an order's notes are kept. Every store (memory, SQLite, PostgreSQL) keeps the same
/// contract, checked by `OrderNotesStoreContractTests`:
/// - `addNote` keeps `text` exactly as given, any Unicode (line breaks, emoji, any script), at
///   least 1,000 characters of it, with who (`by`, nil when no one is signed in) and when (`at`,
///   the caller's clock) and whether it is for the packer (`forPacker`), and returns the note with
///   the id it chose. How long a note may be, and
///   that it holds no card number, are the interactor's rules, not the store's. The one character
///   no store takes is U+0000 (PostgreSQL's text cannot hold it): every store refuses a text with
///   it (`.cannotCreate`), and keeps nothing.
/// - A note never changes its order: not its version (adding one never causes a conflict for
///   someone editing the order), not who changed it last or when, not its history. Shipped and
///   cancelled orders take notes too.
/// - `notes(forOrder:)` lists an order's notes newest first (by `at`, then the later written first).
/// - An unknown order id (never used, deleted, or not an id) is `.notFound` from both; deleting an
///   order deletes its notes.
public protocol OrderNotesStoreProtocol: Sendable {
    func addNote(orderID: String, text: String, forPacker: Bool, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote
    func notes(forOrder orderID: String) async throws(OrdersStoreError) -> [OrderNote]
}

extension OrderNote {
    /// Throws when no store can keep `text` (it holds U+0000): every store checks this first.
    static func checkStorable(_ text: String) throws(OrdersStoreError) {
        if text.unicodeScalars.contains("\u{0}") {
            throw .cannotCreate("A note cannot hold the character U+0000")
        }
    }
}

extension OrderNotesStoreProtocol {
    /// A note for the people who handle the order (not for the packer).
    public func addNote(orderID: String, text: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote {
        try await addNote(orderID: orderID, text: text, forPacker: false, by: by, at: at)
    }
}
