protocol ListTaxRatesRoutingLogic: AnyObject {}

protocol ListTaxRatesDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// The table only links to the rate forms (`EditTaxRate`): no redirect of its own.
final class ListTaxRatesRouter: ListTaxRatesRoutingLogic, ListTaxRatesDataPassing {
    var flash: Flash?
}
