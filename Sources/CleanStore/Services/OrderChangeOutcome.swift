/// What a change of a stored order found in its transaction, as both SQL stores decide it there
/// and answer it once the transaction has ended (committed when saved, with nothing written
/// otherwise).
enum OrderChangeOutcome {
    /// Saved: the order as stored now.
    case saved(Order)
    /// Another version is stored: the order as stored.
    case conflict(Order)
    /// The order is shipped or cancelled: the order as stored.
    case readOnly(Order)
    /// The rules do not allow this status from the stored one: the order as stored.
    case statusNotAllowed(Order, to: OrderStatus)
    case notFound

    /// The saved order, or the store's answer for anything else.
    func saved(id: String) throws(OrdersStoreError) -> Order {
        switch self {
        case .saved(let order): return order
        case .conflict(let current): throw .conflict(current: current)
        case .readOnly(let current): throw .readOnly(current: current)
        case .statusNotAllowed(let current, let status): throw .statusNotAllowed(current: current, to: status)
        case .notFound: throw .notFound(id: id)
        }
    }
}
