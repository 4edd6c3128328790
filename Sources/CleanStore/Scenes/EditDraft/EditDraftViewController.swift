import Hummingbird

protocol EditDraftDisplayLogic: AnyObject {
    func displayStartedDraft(viewModel: EditDraft.StartDraft.ViewModel)
    func displayKeptOrderForm(viewModel: EditDraft.KeepOrderForm.ViewModel)
    func displayDraft(viewModel: EditDraft.ShowDraft.ViewModel)
    func displaySavedSection(viewModel: EditDraft.SaveSection.ViewModel)
}

/// A draft's page and its sections' posts: `POST /drafts`, `POST /orders` (the old one-page form,
/// kept as a draft), `GET /drafts/{ref}`,
/// `POST /drafts/{ref}/customer`, `…/caller`, `…/delivery`, `…/lines`, `…/lines/quantities`, `…/lines/remove`.
final class EditDraftViewController: EditDraftDisplayLogic, RequestEnding {
    var interactor: EditDraftBusinessLogic?
    var router: (EditDraftRoutingLogic & EditDraftDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: every form posts it back.
    let csrfToken: String
    /// Who is signed in on the browser: what they save is recorded as theirs.
    let signedIn: AccountName?
    /// Tells a one-time key the app made from anything else posted (`OrderKeyWorker`).
    let keys: OrderKeyWorker

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn?.name
        keys = environment.orderKeyWorker
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = EditDraftInteractor(worker: environment.draftsWorker, validationWorker: environment.validationWorker)
        let presenter = EditDraftPresenter(formatter: environment.formatter)
        let router = EditDraftRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `POST /drafts`; `POST /orders/{id}/new-draft` and `POST /orders/{id}/repeat` (`start`), whose
    /// form's one-time `key` makes one draft however often it is posted (a key the app never makes
    /// is no key: the draft is made, as from a form without one).
    func startDraft(from start: EditDraft.StartDraft.Start = .empty, key: String? = nil) async -> Response {
        await interactor?.startDraft(
            request: EditDraft.StartDraft.Request(signedIn: signedIn, start: start, key: key.flatMap(keys.key(posted:))))
        return finished()
    }

    /// `POST /orders`: the old one-page order form (an old tab, a script), kept as a new draft; and,
    /// after signing in, that form posted while signed out (SignIn's router).
    func keepOrderForm(orderFormFields: CreateOrder.OrderFormFields) async -> Response {
        await interactor?.keepOrderForm(request: EditDraft.KeepOrderForm.Request(orderFormFields: orderFormFields, signedIn: signedIn))
        return finished()
    }

    /// `GET /drafts/{ref}` (`q`: a catalog search; `caller`: "Who is calling?"; `repeated`: the order it repeats)
    func showDraft(ref: String, search: String?, callerSearch: String? = nil, repeated: String? = nil, flash: String?) async -> Response {
        self.flash = flash
        await interactor?.showDraft(
            request: EditDraft.ShowDraft.Request(
                ref: ref, search: search, callerSearch: callerSearch, repeated: repeated, readsDuplicate: false))
        return finished()
    }

    /// `POST /drafts/{ref}/customer`, `/caller`, `/delivery`, `/lines`, `/lines/quantities`, `/lines/remove`
    func saveSection(ref: String, section: EditDraft.Section) async -> Response {
        await interactor?.saveSection(request: EditDraft.SaveSection.Request(ref: ref, section: section, signedIn: signedIn))
        return finished()
    }

    /// The flash the draft's page shows (from the redirect that brought the clerk here).
    private var flash: String?

    // MARK: Display logic

    func displayStartedDraft(viewModel: EditDraft.StartDraft.ViewModel) {
        response = respond(to: viewModel.page)
    }

    func displayKeptOrderForm(viewModel: EditDraft.KeepOrderForm.ViewModel) {
        response = respond(to: viewModel.page)
    }

    func displayDraft(viewModel: EditDraft.ShowDraft.ViewModel) {
        response = respond(to: viewModel.page)
    }

    func displaySavedSection(viewModel: EditDraft.SaveSection.ViewModel) {
        response = respond(to: viewModel.page)
    }

    // MARK: Rendering

    /// Every page the draft's use cases end on, with its status.
    private func respond(to page: EditDraft.DisplayedPage) -> Response {
        switch page {
        case .draft(let draft, let invalid):
            let html = pages.render(
                template: "EditDraft/draft", context: DraftPage(draft: draft, csrfToken: csrfToken), title: draft.title,
                flash: invalid ? nil : flash)
            var response = Response.html(html, status: invalid ? .unprocessableContent : .ok)
            // Shown once: a search on the page, or a reload, does not show it again.
            if !invalid, flash != nil { router?.acknowledgeFlash(on: &response) }
            return response
        case .saved(let ref, let flash): return router?.routeToDraft(ref: ref, flash: flash) ?? refusal(.failed)
        case .repeated(let ref, let orderID, let flash):
            return router?.routeToRepeatedDraft(ref: ref, orderID: orderID, flash: flash) ?? refusal(.failed)
        case .refused(let reason): return refusal(.because(reason))
        case .notFound: return refusal(.notFound)
        case .unavailable: return refusal(.unavailable)
        }
    }

    /// What `Views/EditDraft/draft.mustache` prints: the presenter's draft, and the token only the
    /// view controller knows.
    struct DraftPage {
        var draft: EditDraft.DisplayedDraft
        var csrfToken: String
    }
}
