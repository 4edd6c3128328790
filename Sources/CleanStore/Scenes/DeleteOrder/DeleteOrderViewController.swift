import Hummingbird

protocol DeleteOrderDisplayLogic: AnyObject {
    func displaySomething(viewModel: DeleteOrder.Something.ViewModel)
}

/// The DeleteOrder scene's page.
final class DeleteOrderViewController: DeleteOrderDisplayLogic {
    var interactor: DeleteOrderBusinessLogic?
    var router: (DeleteOrderRoutingLogic & DeleteOrderDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment) {
        pages = environment.pages
        setup(environment: environment)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment) {
        let viewController = self
        let interactor = DeleteOrderInteractor(worker: DeleteOrderWorker())
        let presenter = DeleteOrderPresenter()
        let router = DeleteOrderRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.flash = Flash(security: environment.security)
    }

    // MARK: Routes

    /// The route that shows this scene (add it to `Server/Routes.swift`).
    func doSomething() async -> Response {
        await interactor?.doSomething(request: DeleteOrder.Something.Request())
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    // MARK: Display logic

    func displaySomething(viewModel: DeleteOrder.Something.ViewModel) {
        let html = pages.render(template: "DeleteOrder/something", context: viewModel, title: viewModel.title, flash: nil)
        response = .html(html)
    }
}
