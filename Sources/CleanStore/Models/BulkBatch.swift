import Foundation

/// A bulk move (issue 28): the orders a clerk selected on the list, moved together to one status,
/// each in its own transaction under the order's rules (`OrdersStoreProtocol.changeStatus`), and what
/// became of each. Kept (`BulkMovesStoreProtocol`) so that its result page can be read again, and
/// named in the history of every order it moved (`OrderEvent.StatusChange.batch`).
public struct BulkBatch: Equatable, Sendable {
    /// What became of one selected order.
    public enum Outcome: Equatable, Sendable {
        /// Moved by this batch.
        case moved
        /// Already at the batch's status (a second click, another clerk's batch): counted as done.
        case alreadyThere
        /// Its status does not lead there (`OrderStatus.after`): not moved.
        case notAllowed(from: OrderStatus)
        /// Saved by someone since the clerk's list showed it (`by`, nil when no one was signed in),
        /// now at `now`: not moved.
        case changed(by: AccountName?, now: OrderStatus)
        /// Deleted since: not moved.
        case deleted
        /// The store could not be reached for it: not moved; moving it again is safe.
        case failed
    }

    /// One selected order and what became of it.
    public struct Move: Equatable, Sendable {
        public var orderID: String
        /// The customer's name as the order held it then ("Jane Doe"; empty when it was not found).
        public var customer: String
        public var outcome: Outcome

        public init(orderID: String, customer: String, outcome: Outcome) {
            self.orderID = orderID
            self.customer = customer
            self.outcome = outcome
        }
    }

    /// The store's id; nil until the batch is begun.
    public var id: String?
    /// The key the form carried: a batch is begun once per key, so a replayed form moves nothing more.
    public var key: String
    public var action: OrderStatus.Action
    /// The carrier of a batch marked shipped (each order's shipment); nil for other moves.
    public var carrier: String?
    public var by: AccountName?
    public var at: Date
    /// How many orders were selected.
    public var selected: Int
    /// What became of each, in the order they were moved; fewer than `selected` while it runs.
    public var moves: [Move]

    public init(
        id: String? = nil, key: String, action: OrderStatus.Action, carrier: String? = nil, by: AccountName?, at: Date, selected: Int,
        moves: [Move] = []
    ) {
        self.id = id
        self.key = key
        self.action = action
        self.carrier = carrier
        self.by = by
        self.at = at
        self.selected = selected
        self.moves = moves
    }
}
