import Hummingbird

protocol EditTaxRateRoutingLogic: AnyObject {
    /// After a save: 303 to the table, passing the flash that names the rate.
    func routeToTaxRates(flash: String) -> Response
}

protocol EditTaxRateDataPassing: AnyObject {
    /// How the next scene receives data from this one: the flash, in a signed cookie.
    var flash: Flash? { get }
}

final class EditTaxRateRouter: EditTaxRateRoutingLogic, EditTaxRateDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToTaxRates(flash message: String) -> Response {
        let path = Paths.taxRates.description
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
