import Hummingbird

protocol EraseCustomerRoutingLogic: AnyObject {
    /// After an erasure: 303 to the customer's page, passing the flash that says what was erased.
    func routeToCustomer(id: Int64, flash: String) -> Response
}

protocol EraseCustomerDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

final class EraseCustomerRouter: EraseCustomerRoutingLogic, EraseCustomerDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToCustomer(id: Int64, flash message: String) -> Response {
        let path = Paths.customer(String(id))
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
