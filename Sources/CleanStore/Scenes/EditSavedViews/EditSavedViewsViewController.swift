import Hummingbird

protocol EditSavedViewsDisplayLogic: AnyObject {
    func displayViews(viewModel: EditSavedViews.ViewModel)
}

/// A clerk's saved searches of the order list: `GET /orders/views` (reorder, delete, the default),
/// `GET /orders/views/new?<the list's query>` and `POST /orders/views` (save this search),
/// `POST /orders/views/{id}` (a change).
final class EditSavedViewsViewController: EditSavedViewsDisplayLogic, RequestEnding {
    var interactor: EditSavedViewsBusinessLogic?
    var router: (EditSavedViewsRoutingLogic & EditSavedViewsDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    /// Whose views: only the signed-in account's are ever read or changed.
    let signedIn: SignedIn?

    /// The page this cycle produced.
    private(set) var response: Response?
    /// The flash a redirect passed to the views' page, shown once.
    private var flash: String?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = EditSavedViewsInteractor(savedViewsWorker: environment.savedViewsWorker, filterWorker: environment.filterWorker)
        let presenter = EditSavedViewsPresenter()
        let router = EditSavedViewsRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/views`, with the flash a change passed, if any.
    func showViews(flash: String?) async -> Response {
        self.flash = flash
        await interactor?.showViews(request: EditSavedViews.ShowViews.Request(signedIn: signedIn))
        var response = finished()
        if flash != nil {
            router?.acknowledgeFlash(on: &response)
        }
        return response
    }

    /// `GET /orders/views/new?q=…&status=…`: the list's query, as the list reads it.
    func showNewForm(filters: OrdersFilterParameters) async -> Response {
        await interactor?.showNewForm(request: EditSavedViews.ShowNewForm.Request(filters: filters))
        return finished()
    }

    /// `POST /orders/views`.
    func saveView(fields: EditSavedViews.SaveFormFields) async -> Response {
        await interactor?.saveView(request: EditSavedViews.SaveView.Request(signedIn: signedIn, fields: fields))
        return finished()
    }

    /// `POST /orders/views/{id}`: an id that is no number is no view (404); an action that is none
    /// of `SavedViewChange`'s is a 400.
    func changeView(id: String, fields: EditSavedViews.ChangeFormFields) async -> Response {
        guard id.allSatisfy(\.isASCIIDigit), let viewID = Int64(id) else { return refusal(.notFound) }
        guard let change = SavedViewChange(rawValue: fields.action) else { return refusal(.badRequest) }
        await interactor?.changeView(request: EditSavedViews.ChangeView.Request(signedIn: signedIn, id: viewID, change: change))
        return finished()
    }

    // MARK: Display logic

    func displayViews(viewModel: EditSavedViews.ViewModel) {
        switch viewModel {
        case .views(let views):
            response = .html(
                pages.render(
                    template: "EditSavedViews/views", context: ViewsPage(views: views, csrfToken: csrfToken), title: "Your saved searches",
                    flash: flash))
        case .form(let form, let invalid):
            response = .html(
                pages.render(template: "EditSavedViews/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil),
                status: invalid ? .unprocessableContent : .ok)
        case .done(let url, let flash):
            response = router?.routeTo(url, flash: flash)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    /// What `Views/EditSavedViews/views.mustache` prints: the presenter's views and the CSRF token.
    struct ViewsPage {
        var views: EditSavedViews.DisplayedViews
        var csrfToken: String
    }

    /// What `Views/EditSavedViews/form.mustache` prints.
    struct FormPage {
        var form: EditSavedViews.DisplayedForm
        var csrfToken: String
    }
}
