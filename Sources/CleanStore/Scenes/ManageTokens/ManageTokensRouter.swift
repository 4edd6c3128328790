import Hummingbird

protocol ManageTokensRoutingLogic: AnyObject {
    /// A token revoked: back to the tokens' page, saying so.
    func routeToTokens(url: String, flash: String) -> Response
}

protocol ManageTokensDataPassing: AnyObject {
    var dataStore: ManageTokensDataStore? { get }
    /// How the next page receives the message: a flash in a signed cookie (never a token's secret).
    var flash: Flash? { get }
}

final class ManageTokensRouter: ManageTokensRoutingLogic, ManageTokensDataPassing {
    weak var dataStore: ManageTokensDataStore?
    var flash: Flash?

    func routeToTokens(url: String, flash message: String) -> Response {
        flash?.redirect(to: url, passing: message) ?? .seeOther(url)
    }
}
