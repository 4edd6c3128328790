import Hummingbird

protocol AddOrderNoteDisplayLogic: AnyObject {
    func displaySomething(viewModel: AddOrderNote.Something.ViewModel)
}

/// The AddOrderNote scene's page.
final class AddOrderNoteViewController: AddOrderNoteDisplayLogic {
    var interactor: AddOrderNoteBusinessLogic?
    var router: (AddOrderNoteRoutingLogic & AddOrderNoteDataPassing)?
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
        let interactor = AddOrderNoteInteractor(worker: AddOrderNoteWorker())
        let presenter = AddOrderNotePresenter()
        let router = AddOrderNoteRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.flash = Flash(security: environment.security, browserID: browser.id)
    }

    // MARK: Routes

    /// The route that shows this scene (`new-scene` printed the lines that add it to the route table).
    func doSomething() async -> Response {
        await interactor?.doSomething(request: AddOrderNote.Something.Request())
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    // MARK: Display logic

    func displaySomething(viewModel: AddOrderNote.Something.ViewModel) {
        let html = pages.render(template: "AddOrderNote/something", context: viewModel, title: viewModel.title, flash: nil)
        response = .html(html)
    }
}
