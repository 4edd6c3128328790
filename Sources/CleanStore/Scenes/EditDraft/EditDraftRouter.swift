import Hummingbird

protocol EditDraftRoutingLogic: FlashReceiving {
    /// After a section is saved (or a draft started): 303 to the draft's page, passing the flash.
    func routeToDraft(ref: String, flash: String?) -> Response
    /// After "Repeat this order": 303 to the draft's page with the order it repeats
    /// (`?repeated=1042`), which marks what changed since, passing the flash.
    func routeToRepeatedDraft(ref: String, orderID: String, flash: String) -> Response
}

protocol EditDraftDataPassing: AnyObject {
    /// How the next scene receives data from this one: the draft's reference in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// Post/Redirect/Get: every saved section goes back to the draft's page.
final class EditDraftRouter: EditDraftRoutingLogic, EditDraftDataPassing {
    var flash: Flash?

    func routeToDraft(ref: String, flash message: String?) -> Response {
        let path = Paths.draft(ref)
        guard let message else { return .seeOther(path) }
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }

    func routeToRepeatedDraft(ref: String, orderID: String, flash message: String) -> Response {
        // An order number is digits (`OrderID.rowID`): nothing in it needs escaping.
        let path = Paths.draft(ref) + "?repeated=" + orderID
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
