import Hummingbird

protocol ShowOrderDisplayLogic: AnyObject {
    func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel)
}

protocol ShowOrderNavigationDisplayLogic: AnyObject {
    func displayNavigation(viewModel: ShowOrder.FetchNavigation.ViewModel)
}

/// `GET /orders/{id}`: one order in full, its card masked.
final class ShowOrderViewController: ShowOrderDisplayLogic, RequestEnding {
    var interactor: ShowOrderBusinessLogic?
    /// The way back to the list the page was opened from, and on (the same interactor).
    var navigationInteractor: ShowOrderNavigationLogic?
    /// What `navigationInteractor` found, once it has.
    private var navigation: ShowOrder.FetchNavigation.ViewModel?
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
        let interactor = ShowOrderInteractor(ordersWorker: environment.ordersWorker, now: environment.now)
        let presenter = ShowOrderPresenter(formatter: environment.formatter, newKey: environment.newOrderKey)
        let router = ShowOrderRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        interactor.navigationPresenter = presenter
        interactor.filterWorker = environment.filterWorker
        presenter.navigationViewController = self
        navigationInteractor = interactor
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/{id}`, with the flash a redirect passed, if any: a message, or a create's
    /// confirmation.
    /// With `refusedItems`, the page an item form that broke a rule comes back on (422), the form as
    /// typed (`ChangeOrderItemsRouter` passes it).
    func showOrder(
        id: String, flash: String?, confirmation: Flash.Confirmation? = nil, from: String? = nil,
        refusedItems: ShowOrder.GetOrder.RefusedItems? = nil
    ) async -> Response {
        self.flash = flash
        if from != nil {
            await navigationInteractor?.fetchNavigation(
                request: ShowOrder.FetchNavigation.Request(orderID: id, from: from, afterMove: flash != nil))
        }
        await interactor?.getOrder(
            request: ShowOrder.GetOrder.Request(
                orderID: id, signedIn: signedIn,
                confirmation: confirmation.map { ShowOrder.GetOrder.Confirmation(orderID: $0.orderID, note: $0.note) },
                refusedItems: refusedItems))
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
            if let listURL = navigation?.listURL {
                // The list the page was opened from: back to it, and its forms carry it on.
                let from = ListReturnPath.suffix(listURL)
                order.ordersURL = listURL
                order.backLabel = "Back to orders"
                order.nextURL = navigation?.nextURL
                order.nextLabel = navigation?.nextLabel
                order.statusURL += from
                order.shipURL = order.shipURL.map { $0 + from }
            }
            // A packed order saved with a new address: its banner links to the slip to print again.
            var layoutFlash = flash
            if order.reprintSlipURL != nil, let flash {
                order.savedBanner = flash
                layoutFlash = nil
            }
            response = .html(
                pages.render(template: "ShowOrder/show", context: order, title: order.title, flash: layoutFlash),
                status: order.hasErrors ? .unprocessableContent : .ok)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}

extension ShowOrderViewController: ShowOrderNavigationDisplayLogic {
    func displayNavigation(viewModel: ShowOrder.FetchNavigation.ViewModel) {
        navigation = viewModel
    }
}
