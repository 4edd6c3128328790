import Hummingbird

protocol BulkMoveOrdersRoutingLogic: AnyObject {
    /// After a move: 303 to the batch's result page (refresh-safe).
    func routeToBatch(id: String) -> Response
    /// The list the form came from, again, with an error summary saying `problem` (422): the list's
    /// own scene renders it.
    func routeToListOrders(list: BulkMoveOrders.ListQuery, problem: String) async -> Response
}

protocol BulkMoveOrdersDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// The list's bulk form posts here; a move ends on the batch's page, a form with nothing (or too
/// much) selected back on the list.
final class BulkMoveOrdersRouter: BulkMoveOrdersRoutingLogic, BulkMoveOrdersDataPassing {
    var flash: Flash?
    /// Runs the list's scene for `list`, its page saying `problem` (set up by the view controller).
    var showList: (@Sendable (BulkMoveOrders.ListQuery, String) async -> Response)?

    // MARK: Routing

    func routeToBatch(id: String) -> Response {
        .seeOther(Paths.bulkMove(id))
    }

    func routeToListOrders(list: BulkMoveOrders.ListQuery, problem: String) async -> Response {
        await showList?(list, problem) ?? .seeOther(Paths.orders.description)
    }
}
