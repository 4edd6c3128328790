import Hummingbird

protocol EditSavedViewsRoutingLogic: FlashReceiving {
    /// After a save or a change: 303 to `path` (the saved list, or the saved views' page), passing `flash`.
    func routeTo(_ path: String, flash: String) -> Response
}

protocol EditSavedViewsDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// Redirects after a post (303, Post/Redirect/Get): to the list a view opens once saved, to the
/// saved views' page after a change.
final class EditSavedViewsRouter: EditSavedViewsRoutingLogic, EditSavedViewsDataPassing {
    var flash: Flash?

    func routeTo(_ path: String, flash message: String) -> Response {
        flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
