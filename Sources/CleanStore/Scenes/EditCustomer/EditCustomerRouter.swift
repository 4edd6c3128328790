import Hummingbird

protocol EditCustomerRoutingLogic: AnyObject {
    /// After a save: 303 to the customer's page, passing the flash that names the customer.
    func routeToCustomer(id: Int64, flash: String) -> Response
}

protocol EditCustomerDataPassing: AnyObject {
    /// How the next scene receives data from this one: the flash, in a signed cookie.
    var flash: Flash? { get }
}

final class EditCustomerRouter: EditCustomerRoutingLogic, EditCustomerDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToCustomer(id: Int64, flash message: String) -> Response {
        let path = Paths.customer(String(id))
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
