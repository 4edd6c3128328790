protocol ExportOrdersRoutingLogic: AnyObject {}

protocol ExportOrdersDataPassing: AnyObject {}

/// A download goes nowhere after it: the router has no route. It stays for the scene's shape (the
/// list's link to the download is the list's own, as segues are a storyboard's).
final class ExportOrdersRouter: ExportOrdersRoutingLogic, ExportOrdersDataPassing {}
