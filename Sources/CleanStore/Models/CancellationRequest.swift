import Foundation

/// A clerk's request that a supervisor cancel a paid or packed order (a clerk cancels a new one
/// themselves): why, who asked and when. Kept on the order (`Order.cancellationRequest`) until a
/// supervisor approves it (the order is cancelled with its reason) or declines it (it goes).
public struct CancellationRequest: Equatable, Sendable {
    /// Why, as the clerk said it (`FreeTextRule`).
    public var reason: String
    /// Who asked: nil when no one was signed in.
    public var by: AccountName?
    public var at: Date

    public init(reason: String, by: AccountName?, at: Date) {
        self.reason = reason
        self.by = by
        self.at = at
    }
}

/// A step of a cancellation request (`OrdersStoreProtocol.decideCancellation`, decided by
/// `OrderWrites.cancellationDecided`).
public enum CancellationDecision: Equatable, Sendable {
    /// A clerk asks a supervisor to cancel a paid or packed order, for `reason`.
    case request(reason: String)
    /// A supervisor cancels the order with the request's reason.
    case approve
    /// A supervisor keeps the order: the request goes.
    case decline
}
