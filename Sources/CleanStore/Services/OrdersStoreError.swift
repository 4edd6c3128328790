/// What can go wrong in a store, as the handbook's `OrdersStoreError`, plus a typed "no such order".
public enum OrdersStoreError: Error, Equatable, Sendable {
    case notFound(id: String)
    /// The order was saved by someone else since the version an update was made from: nothing was
    /// changed; `current` is the order as it is stored now.
    case conflict(current: Order)
    /// The order is shipped or cancelled (`OrderStatus.isReadOnly`): an update or a delete is
    /// refused, whatever version it was made from, and nothing was changed; `current` is the order
    /// as it is stored now.
    case readOnly(current: Order)
    /// A status change the rules do not allow from the order's stored status (`OrderStatus.after`),
    /// shipped and cancelled orders included: nothing was changed; `current` is the order as it is
    /// stored now.
    case statusNotAllowed(current: Order, to: OrderStatus)
    /// A create whose idempotency key an earlier create used: nothing was created; this is the order
    /// that earlier create made (as it is stored now).
    case alreadyCreated(Order)
    /// A change of a placed order's items (or of its ship-to region) that its state or the
    /// catalog does not allow: frozen from paid on, no tax rate, a shortage, a quantity out of
    /// range, too many lines, no such line. Nothing was changed; `reason` says why, as a clerk
    /// reads it; `current` is the order as it is stored now.
    case refused(current: Order, reason: String)
    case cannotFetch(String)
    case cannotCreate(String)
    case cannotUpdate(String)
    case cannotDelete(String)
    /// The store cannot be used as it is: it cannot read and write (read-only, gone, replaced), or
    /// a card number cannot be encrypted or decrypted with the keys given.
    case unavailable(String)
}

extension OrdersStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let id): return "No order with id \(id)"
        case .conflict(let current): return "Order \(current.id ?? "") was saved by someone else (now version \(current.version))"
        case .readOnly(let current):
            return "Order \(current.id ?? "") is \(current.status.rawValue): it can no longer be changed or deleted"
        case .statusNotAllowed(let current, let status):
            return "Order \(current.id ?? "") is \(current.status.rawValue): it cannot become \(status.rawValue)"
        case .alreadyCreated(let order): return "Order \(order.id ?? "") was already created from this form"
        case .refused(let current, let reason): return "Order \(current.id ?? ""): \(reason)"
        case .cannotFetch(let reason), .cannotCreate(let reason), .cannotUpdate(let reason), .cannotDelete(let reason),
            .unavailable(let reason):
            return reason
        }
    }
}

extension OrdersStoreError {
    /// What a store throws for `error` from its database: a store error as it is (a card number
    /// that does not decrypt says so itself), anything else as `wrap` makes it.
    static func from(_ error: any Error, else wrap: (any Error) -> OrdersStoreError) -> OrdersStoreError {
        (error as? OrdersStoreError) ?? wrap(error)
    }
}
