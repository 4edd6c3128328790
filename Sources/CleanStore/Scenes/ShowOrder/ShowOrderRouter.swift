protocol ShowOrderRoutingLogic: FlashReceiving {}

protocol ShowOrderDataPassing: AnyObject {
    /// How this scene receives data from the one before: the order's id in the URL, and the flash
    /// its redirect passed.
    var flash: Flash? { get }
}

/// "Edit" and "All orders" are the page's own links (`Views/ShowOrder/show.mustache`); the router
/// receives the flash an update's redirect passed to this page.
final class ShowOrderRouter: ShowOrderRoutingLogic, ShowOrderDataPassing {
    var flash: Flash?
}
