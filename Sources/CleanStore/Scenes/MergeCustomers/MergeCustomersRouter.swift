import Hummingbird

protocol MergeCustomersRoutingLogic: AnyObject {
    /// After a merge: 303 to the survivor's page, passing the flash that says what was merged.
    func routeToSurvivor(id: Int64, flash: String) -> Response
}

protocol MergeCustomersDataPassing: AnyObject {
    /// How the next scene receives data from this one: the flash, in a signed cookie.
    var flash: Flash? { get }
}

final class MergeCustomersRouter: MergeCustomersRoutingLogic, MergeCustomersDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToSurvivor(id: Int64, flash message: String) -> Response {
        let path = Paths.customer(String(id))
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
