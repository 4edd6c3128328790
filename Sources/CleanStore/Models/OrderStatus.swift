/// Where an order is in its life: keyed (new), paid, packed, shipped, or cancelled on the way.
///
/// The rules are the shop's, and pure: an order moves only along these arrows,
///
///     new ──▶ paid ──▶ packed ──▶ shipped
///      │        │         │
///      └────────┴─────────┴──▶ cancelled
///
/// and a shipped or cancelled order is read-only (no edit, no delete, no further change). Stores
/// keep the status by its raw value.
public enum OrderStatus: String, CaseIterable, Equatable, Sendable {
    case new, paid, packed, shipped, cancelled

    /// What a person does to an order's status.
    public enum Action: String, CaseIterable, Equatable, Sendable {
        case markPaid, markPacked, markShipped, cancel

        /// The status this action leads to, from a status that allows it (`OrderStatus.after`).
        public var status: OrderStatus {
            switch self {
            case .markPaid: .paid
            case .markPacked: .packed
            case .markShipped: .shipped
            case .cancel: .cancelled
            }
        }
    }

    /// The status `action` leads to from this one; nil when the action is not allowed here.
    public func after(_ action: Action) -> OrderStatus? {
        switch (self, action) {
        case (.new, .markPaid), (.paid, .markPacked), (.packed, .markShipped), (.new, .cancel), (.paid, .cancel), (.packed, .cancel):
            action.status
        default:
            nil
        }
    }

    /// The actions allowed from this status, in the order of `Action.allCases`.
    public var actions: [Action] {
        Action.allCases.filter { after($0) != nil }
    }

    /// Whether some action leads from this status to `status`.
    public func canChange(to status: OrderStatus) -> Bool {
        Action.allCases.contains { after($0) == status }
    }

    /// Shipped and cancelled orders are done: they can be neither edited, deleted nor changed.
    public var isReadOnly: Bool {
        self == .shipped || self == .cancelled
    }

    /// The status as a person reads it ("Paid"), as an order's history records it.
    public func toString() -> String {
        switch self {
        case .new: "New"
        case .paid: "Paid"
        case .packed: "Packed"
        case .shipped: "Shipped"
        case .cancelled: "Cancelled"
        }
    }
}
