import Hummingbird

protocol ChangeOrderItemsRoutingLogic: AnyObject {
    /// After the items are saved: 303 to the order's page, passing the flash.
    func routeToShowOrder(orderID: String, flash: String) -> Response
    /// A form that broke a rule: the order's page itself (ShowOrder), the form as typed with each
    /// error at its field, answered 422 (nothing was saved, so there is nothing to redirect to).
    func routeToShowOrder(orderID: String, refused: ShowOrder.GetOrder.RefusedItems) async -> Response
}

protocol ChangeOrderItemsDataPassing: AnyObject {
    /// How the next scene receives data from this one: the order's id in the URL, a flash in a
    /// signed cookie; a refused form, handed to the order's page scene in this request.
    var flash: Flash? { get }
}

final class ChangeOrderItemsRouter: ChangeOrderItemsRoutingLogic, ChangeOrderItemsDataPassing {
    var flash: Flash?
    /// The order's page scene for this request and browser (`ShowOrderViewController.showOrder`),
    /// which the view controller's setup gives.
    var orderPage: ((_ orderID: String, _ refused: ShowOrder.GetOrder.RefusedItems) async -> Response)?

    // MARK: Routing

    func routeToShowOrder(orderID: String, flash message: String) -> Response {
        let path = Paths.order(orderID)
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }

    func routeToShowOrder(orderID: String, refused: ShowOrder.GetOrder.RefusedItems) async -> Response {
        await orderPage?(orderID, refused) ?? .seeOther(Paths.order(orderID))
    }
}
