import Hummingbird

protocol AddOrderNoteRoutingLogic: AnyObject {
    /// After a note is added: 303 to the order's page, passing the flash.
    func routeToShowOrder(orderID: String, flash: String) -> Response
}

protocol AddOrderNoteDataPassing: AnyObject {
    /// How the next scene receives data from this one: the order's id in the URL, a flash in a
    /// signed cookie.
    var flash: Flash? { get }
}

final class AddOrderNoteRouter: AddOrderNoteRoutingLogic, AddOrderNoteDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToShowOrder(orderID: String, flash message: String) -> Response {
        let path = Paths.order(orderID)
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
