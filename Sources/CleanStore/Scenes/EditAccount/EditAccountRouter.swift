import Hummingbird

protocol EditAccountRoutingLogic: AnyObject {
    /// A change is made: back to the account's page, saying what changed.
    func routeToAccount(username: String, flash: String) -> Response
}

protocol EditAccountDataPassing: AnyObject {
    /// How the next scene receives data from this one: a flash in a signed cookie.
    var flash: Flash? { get }
}

final class EditAccountRouter: EditAccountRoutingLogic, EditAccountDataPassing {
    var flash: Flash?

    func routeToAccount(username: String, flash message: String) -> Response {
        let path = Paths.editAccount(username)
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
