/// An order with what its page shows beside it, read together (`OrdersStoreProtocol.fetchOrderPage`):
/// its lines (on the order), its notes and its history, each as the notes and history stores list
/// them. The order page and the API's order ask for it: one store read a view, not one for each.
public struct OrderPageRead: Equatable, Sendable {
    /// The order, with its lines, as `fetchOrder` gives it.
    public var order: Order
    /// Its notes, newest first (`OrderNotesStoreProtocol.notes(forOrder:)`); none unless asked for.
    public var notes: [OrderNote]
    /// Its history, newest first (`OrderEventsStoreProtocol.fetchEvents`); none unless asked for.
    public var events: [OrderEvent]

    public init(order: Order, notes: [OrderNote] = [], events: [OrderEvent] = []) {
        self.order = order
        self.notes = notes
        self.events = events
    }

    /// What is read beside the order: each part costs a statement, so a view asks for what it shows
    /// (the API's order neither, its notes resource the notes, the page both).
    public struct Parts: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let notes = Parts(rawValue: 1 << 0)
        public static let history = Parts(rawValue: 1 << 1)
        /// What the order page shows: the order, its notes and its history (the timeline).
        public static let page: Parts = [.notes, .history]
    }
}
