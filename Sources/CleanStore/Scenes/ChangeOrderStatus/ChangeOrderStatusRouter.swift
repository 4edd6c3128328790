import Hummingbird

protocol ChangeOrderStatusRoutingLogic: AnyObject {
    /// After a change: 303 to the order's page, passing the flash that says what changed.
    func routeToShowOrder(id: String, flash: String) -> Response
}

protocol ChangeOrderStatusDataPassing: AnyObject {
    /// How the next scene receives its data: the order's id in the URL, the flash in a signed cookie.
    var flash: Flash? { get }
}

/// The order page's buttons post here; "Cancel order" is the order page's link to the form.
final class ChangeOrderStatusRouter: ChangeOrderStatusRoutingLogic, ChangeOrderStatusDataPassing {
    var flash: Flash?
    /// The list the order page was opened from (`ListReturnPath`), passed back to it; nil: none.
    var listURL: String?

    // MARK: Routing

    func routeToShowOrder(id: String, flash message: String) -> Response {
        let path = Paths.order(id) + ListReturnPath.suffix(listURL)
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
