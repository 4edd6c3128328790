protocol DeleteOrderRoutingLogic: AnyObject {}

protocol DeleteOrderDataPassing: AnyObject {
    var dataStore: DeleteOrderDataStore? { get }
}

/// Redirects after a post, and the data they pass (URL + one-time message), go here.
final class DeleteOrderRouter: DeleteOrderRoutingLogic, DeleteOrderDataPassing {
    weak var viewController: DeleteOrderViewController?
    weak var dataStore: DeleteOrderDataStore?
    var flash: Flash?
}
