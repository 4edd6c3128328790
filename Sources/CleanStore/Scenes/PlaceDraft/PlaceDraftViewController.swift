import Hummingbird

protocol PlaceDraftDisplayLogic: AnyObject {
    func displayCheckedDraft(viewModel: PlaceDraft.CheckDraft.ViewModel)
    func displayPlacedOrder(viewModel: PlaceDraft.Place.ViewModel)
    func displayDecidedPrice(viewModel: PlaceDraft.DecidePrice.ViewModel)
}

/// A draft's check page and its placing: `GET /drafts/{ref}/check`, `POST /drafts/{ref}/prices`,
/// `POST /drafts/{ref}/place`.
final class PlaceDraftViewController: PlaceDraftDisplayLogic, RequestEnding {
    var interactor: PlaceDraftBusinessLogic?
    var router: (PlaceDraftRoutingLogic & PlaceDraftDataPassing)?
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

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = PlaceDraftInteractor(
            worker: environment.draftsWorker, validationWorker: environment.validationWorker, orderKeyWorker: environment.orderKeyWorker)
        let presenter = PlaceDraftPresenter(formatter: environment.formatter)
        let router = PlaceDraftRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /drafts/{ref}/check` (`duplicate=accepted`: the clerk chose to place a possible duplicate)
    func checkDraft(ref: String, duplicateAccepted: Bool) async -> Response {
        await interactor?.checkDraft(request: PlaceDraft.CheckDraft.Request(ref: ref, duplicateAccepted: duplicateAccepted))
        return finished()
    }

    /// `POST /drafts/{ref}/place`
    func place(ref: String, fields: PlaceDraft.PlaceFormFields) async -> Response {
        await interactor?.place(request: PlaceDraft.Place.Request(ref: ref, fields: fields, signedIn: signedIn))
        return finished()
    }

    /// `POST /drafts/{ref}/prices`
    func decidePrice(ref: String, fields: PlaceDraft.PriceFormFields) async -> Response {
        await interactor?.decidePrice(request: PlaceDraft.DecidePrice.Request(ref: ref, fields: fields, signedIn: signedIn))
        return finished()
    }

    // MARK: Display logic

    func displayCheckedDraft(viewModel: PlaceDraft.CheckDraft.ViewModel) {
        response = respond(to: viewModel.page)
    }

    func displayPlacedOrder(viewModel: PlaceDraft.Place.ViewModel) {
        response = respond(to: viewModel.page)
    }

    func displayDecidedPrice(viewModel: PlaceDraft.DecidePrice.ViewModel) {
        response = respond(to: viewModel.page)
    }

    // MARK: Rendering

    private func respond(to page: PlaceDraft.DisplayedPage) -> Response {
        switch page {
        case .check(let check, let status):
            let html = pages.render(
                template: "PlaceDraft/check", context: CheckPage(check: check, csrfToken: csrfToken), title: check.title, flash: nil)
            let code: HTTPResponse.Status = switch status {
            case .ready: .ok
            case .invalid: .unprocessableContent
            case .conflict: .conflict
            }
            return .html(html, status: code)
        case .placed(let orderID, let note): return router?.routeToShowPlacedOrder(orderID: orderID, note: note) ?? refusal(.failed)
        case .checkAgain(let ref): return router?.routeToCheck(ref: ref) ?? refusal(.failed)
        case .notFound: return refusal(.notFound)
        case .unavailable: return refusal(.unavailable)
        }
    }

    /// What `Views/PlaceDraft/check.mustache` prints.
    struct CheckPage {
        var check: PlaceDraft.DisplayedCheck
        var csrfToken: String
    }
}
