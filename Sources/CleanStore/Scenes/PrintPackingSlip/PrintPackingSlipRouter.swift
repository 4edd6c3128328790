protocol PrintPackingSlipRoutingLogic: AnyObject {}

protocol PrintPackingSlipDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// The slip only links back to its order ("Back to order 2"): nothing to redirect. The order's id
/// comes in the URL.
final class PrintPackingSlipRouter: PrintPackingSlipRoutingLogic, PrintPackingSlipDataPassing {
    var flash: Flash?
}
