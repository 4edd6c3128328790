import Hummingbird

protocol ExampleSceneDisplayLogic: AnyObject {
    func displaySomething(viewModel: ExampleScene.Something.ViewModel)
}

/// The ExampleScene scene's page.
final class ExampleSceneViewController: ExampleSceneDisplayLogic, RequestEnding {
    var interactor: ExampleSceneBusinessLogic?
    var router: (ExampleSceneRoutingLogic & ExampleSceneDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        // Shared workers come from the environment (`environment.ordersWorker`, …); the scene's own is made here.
        let interactor = ExampleSceneInteractor(worker: ExampleSceneWorker())
        let presenter = ExampleScenePresenter()
        let router = ExampleSceneRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// The route that shows this scene (`new-scene` printed the lines that add it to the route table).
    func doSomething() async -> Response {
        await interactor?.doSomething(request: ExampleScene.Something.Request())
        return finished()
    }

    // MARK: Display logic

    func displaySomething(viewModel: ExampleScene.Something.ViewModel) {
        let html = pages.render(template: "ExampleScene/something", context: viewModel, title: viewModel.title, flash: nil)
        response = .html(html)
    }
}
