import Hummingbird

protocol ListDraftsDisplayLogic: AnyObject {
    func displayDrafts(viewModel: ListDrafts.FetchDrafts.ViewModel)
}

/// `GET /drafts`: the orders being taken, to resume.
final class ListDraftsViewController: ListDraftsDisplayLogic, RequestEnding {
    var interactor: ListDraftsBusinessLogic?
    var router: (ListDraftsRoutingLogic & ListDraftsDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    let signedIn: AccountName?

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn?.name
        setup(environment: environment, browser: browser)
    }

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ListDraftsInteractor(worker: environment.draftsWorker)
        let presenter = ListDraftsPresenter(formatter: environment.formatter)
        let router = ListDraftsRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    /// `GET /drafts`
    func showDrafts() async -> Response {
        await interactor?.fetchDrafts(request: ListDrafts.FetchDrafts.Request(signedIn: signedIn))
        return finished()
    }

    func displayDrafts(viewModel: ListDrafts.FetchDrafts.ViewModel) {
        switch viewModel.page {
        case .list(let list):
            response = .html(pages.render(template: "ListDrafts/list", context: ListPage(list: list, csrfToken: csrfToken), title: list.title, flash: nil))
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    /// What `Views/ListDrafts/list.mustache` prints.
    struct ListPage {
        var list: ListDrafts.DisplayedList
        var csrfToken: String
    }
}
