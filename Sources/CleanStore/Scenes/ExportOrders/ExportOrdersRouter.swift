import Hummingbird

protocol ExportOrdersRoutingLogic: AnyObject {
    /// Where a download goes: to the clerk's computer, as a file named `filename`, kept by no cache
    /// on the way. `body` writes the file while the orders are read.
    func routeToDownload(filename: String, body: ResponseBody) -> Response
}

protocol ExportOrdersDataPassing: AnyObject {}

/// A download leaves the app: the router's one route hands the file to the browser (its name in
/// `Content-Disposition`), as another scene's router hands an order to the next page. The list's
/// link to the download is the list's own, as segues are a storyboard's.
final class ExportOrdersRouter: ExportOrdersRoutingLogic, ExportOrdersDataPassing {
    // MARK: Routing

    func routeToDownload(filename: String, body: ResponseBody) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8; header=present",
                .contentDisposition: "attachment; filename=\"\(filename)\"",
                // A customer list: kept by no cache on the way.
                .cacheControl: "no-store",
            ],
            body: body)
    }
}
