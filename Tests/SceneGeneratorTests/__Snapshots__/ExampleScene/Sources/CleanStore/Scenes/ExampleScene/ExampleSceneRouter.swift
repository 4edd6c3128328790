protocol ExampleSceneRoutingLogic: AnyObject {}

protocol ExampleSceneDataPassing: AnyObject {
    var dataStore: ExampleSceneDataStore? { get }
}

/// Redirects after a post, and the data they pass (URL + one-time message), go here.
final class ExampleSceneRouter: ExampleSceneRoutingLogic, ExampleSceneDataPassing {
    weak var viewController: ExampleSceneViewController?
    weak var dataStore: ExampleSceneDataStore?
    var flash: Flash?
}
