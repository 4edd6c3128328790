import Hummingbird

protocol SetPasswordRoutingLogic: AnyObject {
    /// The password is set: on to signing in with it.
    func routeToSignIn(flash: String) -> Response
}

protocol SetPasswordDataPassing: AnyObject {
    /// How the next scene receives data from this one: a flash in a signed cookie.
    var flash: Flash? { get }
}

final class SetPasswordRouter: SetPasswordRoutingLogic, SetPasswordDataPassing {
    var flash: Flash?

    func routeToSignIn(flash message: String) -> Response {
        flash?.redirect(to: Paths.signIn.description, passing: message) ?? .seeOther(Paths.signIn.description)
    }
}
