import Hummingbird

protocol SetUpRoutingLogic: AnyObject {
    /// The supervisor is made and signed in: on to the orders, with the session's cookie.
    func routeToListOrders(session: SessionID, flash: String) -> Response
    /// Another form made the first supervisor meanwhile: on to the sign-in page, saying so.
    func routeToSignIn(flash: String) -> Response
}

protocol SetUpDataPassing: AnyObject {
    /// How the next scene receives data from this one: a flash in a signed cookie.
    var flash: Flash? { get }
}

final class SetUpRouter: SetUpRoutingLogic, SetUpDataPassing {
    var flash: Flash?
    var security: RequestSecurity?

    func routeToListOrders(session: SessionID, flash message: String) -> Response {
        var response = flash?.redirect(to: Paths.orders.description, passing: message) ?? .seeOther(Paths.orders.description)
        if let security { response.setCookie(SessionMiddleware.cookie(for: session, security: security)) }
        return response
    }

    func routeToSignIn(flash message: String) -> Response {
        flash?.redirect(to: Paths.signIn.description, passing: message) ?? .seeOther(Paths.signIn.description)
    }
}
