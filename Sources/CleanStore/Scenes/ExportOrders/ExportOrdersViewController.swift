import Hummingbird

protocol ExportOrdersDisplayLogic: AnyObject {
    func displayExport(viewModel: ExportOrders.Export.ViewModel)
    func displayStoreUnavailable()
}

/// `GET /orders.csv`: every order the list's query finds, as CSV, written while it is read (one
/// batch of orders in memory at a time, whatever the number of orders).
final class ExportOrdersViewController: ExportOrdersDisplayLogic, RequestEnding {
    var interactor: ExportOrdersBusinessLogic?
    var router: (ExportOrdersRoutingLogic & ExportOrdersDataPassing)?
    let pages: PageRendering
    /// Who is asking.
    let signedIn: SignedIn?

    /// The response this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ExportOrdersInteractor(
            worker: environment.exportWorker, filterWorker: environment.filterWorker, now: environment.now)
        let presenter = ExportOrdersPresenter(formatter: environment.formatter)
        let router = ExportOrdersRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders.csv?q=…&shipping=…&from=…&to=…&sort=…`: the list's parameters.
    func exportOrders(filters: OrdersFilterParameters) async -> Response {
        await interactor?.exportOrders(request: ExportOrders.Export.Request(filters: filters, signedIn: signedIn))
        return finished()
    }

    // MARK: Display logic

    func displayExport(viewModel: ExportOrders.Export.ViewModel) {
        let header = viewModel.header
        let rows = viewModel.rows
        let body = ResponseBody { writer in
            var buffer = ByteBuffer()
            buffer.writeString(CSVRendering.byteOrderMark)
            CSVRendering.append(row: header, to: &buffer)
            var rowsSinceTurn = 0
            for try await batch in rows {
                for row in batch {
                    CSVRendering.append(row: row, to: &buffer)
                    rowsSinceTurn += 1
                    if rowsSinceTurn == Self.rowsPerTurn {
                        rowsSinceTurn = 0
                        try await writer.write(buffer)
                        buffer.clear()
                        await Task.yield()
                    }
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
            try await writer.finish(nil)
        }
        response = router?.routeToDownload(filename: viewModel.filename, body: body)
    }

    /// Rows made and written before the export hands its thread to the pages waiting for one
    /// (`Task.yield()`: the task goes to the back of the Swift concurrency threads' queue, behind
    /// every request that came meanwhile). The server has a thread a core, and an export of
    /// 180,000 orders is seconds of work on one: without a turn, a batch of 500 rows held its
    /// thread for its whole making, and the pages queued behind it (issue 31, the soak's p99).
    static let rowsPerTurn = 64

    func displayStoreUnavailable() {
        response = refusal(.unavailable)
    }
}
