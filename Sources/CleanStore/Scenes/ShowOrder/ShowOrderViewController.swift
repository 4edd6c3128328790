import Hummingbird

protocol ShowOrderDisplayLogic: AnyObject {
    func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel)
}

/// `GET /orders/{id}`: one order in full, its card masked.
final class ShowOrderViewController: ShowOrderDisplayLogic, RequestEnding {
    var interactor: ShowOrderBusinessLogic?
    var router: (ShowOrderRoutingLogic & ShowOrderDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?
    /// The flash a redirect passed to this page, shown once.
    private var flash: String?

    /// Who is asking.
    let signedIn: SignedIn?
    /// The browser's CSRF token: the page's status buttons post it back.
    let csrfToken: String

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ShowOrderInteractor(
            ordersWorker: environment.ordersWorker, notesWorker: environment.notesWorker, historyWorker: environment.historyWorker,
            now: environment.now)
        let presenter = ShowOrderPresenter(formatter: environment.formatter)
        let router = ShowOrderRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/{id}`, with the flash a redirect passed, if any: a message, or a create's
    /// confirmation.
    func showOrder(id: String, flash: String?, confirmation: Flash.Confirmation? = nil) async -> Response {
        self.flash = flash
        await interactor?.getOrder(
            request: ShowOrder.GetOrder.Request(
                orderID: id, signedIn: signedIn,
                confirmation: confirmation.map { ShowOrder.GetOrder.Confirmation(orderID: $0.orderID, note: $0.note) }))
        var response = finished()
        if flash != nil || confirmation != nil {
            router?.acknowledgeFlash(on: &response)
        }
        return response
    }

    // MARK: Display logic

    func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel) {
        switch viewModel {
        case .order(var order):
            order.csrfToken = csrfToken
            // A packed order saved with a new address: its banner links to the slip to print again.
            var layoutFlash = flash
            if order.reprintSlipURL != nil, let flash {
                order.savedBanner = flash
                layoutFlash = nil
            }
            response = .html(pages.render(template: "ShowOrder/show", context: order, title: order.title, flash: layoutFlash))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
