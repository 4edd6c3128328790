import Hummingbird

protocol PrintPackingSlipDisplayLogic: AnyObject {
    func displaySlip(viewModel: PrintPackingSlip.GetSlip.ViewModel)
}

/// `GET /orders/{id}/slip`: the order's packing slip, a page made to print (the print layout: no
/// site header, no navigation), never with card data.
final class PrintPackingSlipViewController: PrintPackingSlipDisplayLogic, RequestEnding {
    var interactor: PrintPackingSlipBusinessLogic?
    var router: (PrintPackingSlipRoutingLogic & PrintPackingSlipDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = PrintPackingSlipInteractor(ordersWorker: environment.ordersWorker, notesWorker: environment.notesWorker)
        let presenter = PrintPackingSlipPresenter(formatter: environment.formatter)
        let router = PrintPackingSlipRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/{id}/slip`
    func showSlip(id: String) async -> Response {
        await interactor?.getSlip(request: PrintPackingSlip.GetSlip.Request(orderID: id))
        return finished()
    }

    // MARK: Display logic

    /// The slip in the print layout; a 404 or 503 page in the app's own layout, like any other.
    func displaySlip(viewModel: PrintPackingSlip.GetSlip.ViewModel) {
        switch viewModel {
        case .slip(let slip):
            response = .html(pages.render(template: "PrintPackingSlip/slip", context: slip, title: slip.title, flash: nil, layout: .print))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
