import Foundation

protocol ExportOrdersBusinessLogic: AnyObject {
    func exportOrders(request: ExportOrders.Export.Request) async
}

protocol ExportOrdersDataStore: AnyObject {
    /// The query of the last export.
    var query: OrdersQuery? { get }
}

/// A download of every order a list finds: the list's own query (`OrdersFilterWorker`), all of it,
/// not one page.
final class ExportOrdersInteractor: ExportOrdersBusinessLogic, ExportOrdersDataStore {
    var presenter: ExportOrdersPresentationLogic?
    var worker: ExportOrdersWorker
    var filterWorker: OrdersFilterWorker
    let now: @Sendable () -> Date
    var query: OrdersQuery?

    init(worker: ExportOrdersWorker, filterWorker: OrdersFilterWorker, now: @escaping @Sendable () -> Date) {
        self.worker = worker
        self.filterWorker = filterWorker
        self.now = now
    }

    // MARK: Export orders

    func exportOrders(request: ExportOrders.Export.Request) async {
        // The list's rules: a value that means nothing is left out, as on the page (the page said so).
        let filtered = filterWorker.query(from: request.filters)
        query = filtered.query
        let response: ExportOrders.Export.Response
        do {
            let batches = try await worker.export(filtered.query, parameters: filtered.filters.parameters, by: request.signedIn?.name)
            response = .export(batches, at: now())
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentExport(response: response)
    }
}
