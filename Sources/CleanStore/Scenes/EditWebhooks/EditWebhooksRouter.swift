import Hummingbird

protocol EditWebhooksRoutingLogic: FlashReceiving {
    /// After disabling or enabling: 303 to the endpoint's page, passing `flash`.
    func routeTo(_ path: String, flash: String) -> Response
}

protocol EditWebhooksDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// Redirects after a post (303, Post/Redirect/Get): to the endpoint's page after a change. A
/// registration answers its page itself: the secret is shown once, never carried in a cookie.
final class EditWebhooksRouter: EditWebhooksRoutingLogic, EditWebhooksDataPassing {
    var flash: Flash?

    func routeTo(_ path: String, flash message: String) -> Response {
        flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
