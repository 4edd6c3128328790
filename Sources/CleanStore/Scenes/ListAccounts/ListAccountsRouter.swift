protocol ListAccountsRoutingLogic: AnyObject {}

protocol ListAccountsDataPassing: AnyObject {
    var dataStore: ListAccountsDataStore? { get }
}

/// The pages link onwards (an account's page, the log); nothing is redirected.
final class ListAccountsRouter: ListAccountsRoutingLogic, ListAccountsDataPassing {
    weak var dataStore: ListAccountsDataStore?
}
