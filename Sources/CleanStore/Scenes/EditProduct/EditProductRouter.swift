import Hummingbird

protocol EditProductRoutingLogic: AnyObject {
    /// After a save: 303 to the product's page, passing the flash that names the product.
    func routeToProduct(id: Int64, flash: String) -> Response
}

protocol EditProductDataPassing: AnyObject {
    /// How the next scene receives data from this one: the flash, in a signed cookie.
    var flash: Flash? { get }
}

final class EditProductRouter: EditProductRoutingLogic, EditProductDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToProduct(id: Int64, flash message: String) -> Response {
        let path = Paths.product(String(id))
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
