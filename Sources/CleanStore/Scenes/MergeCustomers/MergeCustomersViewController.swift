import Hummingbird

protocol MergeCustomersDisplayLogic: AnyObject {
    func display(viewModel: MergeCustomers.ViewModel)
}

/// `GET /customers/{id}/merge`, `GET` and `POST /customers/{id}/merge/{other}`: a supervisor
/// merges another customer into this one.
final class MergeCustomersViewController: MergeCustomersDisplayLogic, RequestEnding {
    var interactor: MergeCustomersBusinessLogic?
    var router: (MergeCustomersRoutingLogic & MergeCustomersDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    /// Who is asking (both customers' histories name them).
    let signedIn: SignedIn?

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = MergeCustomersInteractor(worker: environment.mergeCustomersWorker)
        let presenter = MergeCustomersPresenter()
        let router = MergeCustomersRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /customers/{id}/merge?q=…`
    func pickOther(id: String, text: String) async -> Response {
        await interactor?.pickOther(request: MergeCustomers.PickOther.Request(id: id, text: text))
        return finished()
    }

    /// `GET /customers/{id}/merge/{other}`
    func preview(id: String, otherID: String) async -> Response {
        await interactor?.preview(request: MergeCustomers.Preview.Request(id: id, otherID: otherID))
        return finished()
    }

    /// `POST /customers/{id}/merge/{other}`
    func merge(id: String, otherID: String, fields: MergeCustomers.MergeFormFields) async -> Response {
        await interactor?.merge(request: MergeCustomers.Merge.Request(id: id, otherID: otherID, fields: fields, by: signedIn?.name))
        return finished()
    }

    // MARK: Display logic

    func display(viewModel: MergeCustomers.ViewModel) {
        switch viewModel {
        case .pick(let pick):
            response = .html(pages.render(template: "MergeCustomers/pick", context: pick, title: pick.heading, flash: nil))
        case .preview(let preview, let conflict):
            response = .html(
                pages.render(
                    template: "MergeCustomers/preview", context: PreviewPage(preview: preview, csrfToken: csrfToken), title: preview.heading,
                    flash: nil),
                status: conflict ? .conflict : .ok)
        case .done(let id, let flash): response = router?.routeToSurvivor(id: id, flash: flash)
        case .refusal(let refusal): response = self.refusal(refusal)
        }
    }

    // MARK: Rendering

    /// What `Views/MergeCustomers/preview.mustache` prints: the presenter's preview and the CSRF token.
    struct PreviewPage {
        var preview: MergeCustomers.DisplayedPreview
        var csrfToken: String
    }
}
