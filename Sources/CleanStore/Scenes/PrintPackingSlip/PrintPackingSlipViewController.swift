import Hummingbird

protocol PrintPackingSlipDisplayLogic: AnyObject {
    func displaySomething(viewModel: PrintPackingSlip.Something.ViewModel)
}

/// The PrintPackingSlip scene's page.
final class PrintPackingSlipViewController: PrintPackingSlipDisplayLogic {
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
        let viewController = self
        let interactor = PrintPackingSlipInteractor(worker: PrintPackingSlipWorker())
        let presenter = PrintPackingSlipPresenter()
        let router = PrintPackingSlipRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.flash = Flash(security: environment.security, browserID: browser.id)
    }

    // MARK: Routes

    /// The route that shows this scene (`new-scene` printed the lines that add it to the route table).
    func doSomething() async -> Response {
        await interactor?.doSomething(request: PrintPackingSlip.Something.Request())
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    // MARK: Display logic

    func displaySomething(viewModel: PrintPackingSlip.Something.ViewModel) {
        let html = pages.render(template: "PrintPackingSlip/something", context: viewModel, title: viewModel.title, flash: nil)
        response = .html(html)
    }
}
