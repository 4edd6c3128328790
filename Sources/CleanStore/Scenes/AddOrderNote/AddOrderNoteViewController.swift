import Hummingbird

protocol AddOrderNoteDisplayLogic: AnyObject {
    func displayAddedNote(viewModel: AddOrderNote.AddNote.ViewModel)
}

/// `POST /orders/{id}/notes`: a note from the order page's "Add a note" form. Added, back to the order
/// (303, with a flash); refused, the scene's own page with the note as typed (422).
final class AddOrderNoteViewController: AddOrderNoteDisplayLogic, RequestEnding {
    var interactor: AddOrderNoteBusinessLogic?
    var router: (AddOrderNoteRoutingLogic & AddOrderNoteDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: the page's form posts it back.
    let csrfToken: String
    /// Who is signed in on the browser (nil when no one is): the note is theirs.
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
        let interactor = AddOrderNoteInteractor(notesWorker: environment.notesWorker, ordersWorker: environment.ordersWorker)
        let presenter = AddOrderNotePresenter()
        let router = AddOrderNoteRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `POST /orders/{id}/notes`
    func addNote(orderID: String, fields: AddOrderNote.NoteFormFields) async -> Response {
        await interactor?.addNote(request: AddOrderNote.AddNote.Request(orderID: orderID, fields: fields, signedIn: signedIn))
        return finished()
    }

    // MARK: Display logic

    /// What `Views/AddOrderNote/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: AddOrderNote.DisplayedForm
        var csrfToken: String
    }

    func displayAddedNote(viewModel: AddOrderNote.AddNote.ViewModel) {
        switch viewModel {
        case .added(let orderID, let flash):
            response = router?.routeToShowOrder(orderID: orderID, flash: flash) ?? refusal(.failed)
        case .invalid(let form):
            response = render(form, status: .unprocessableContent)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable(let form):
            response = render(form, status: .serviceUnavailable)
        }
    }

    // MARK: Rendering

    private func render(_ form: AddOrderNote.DisplayedForm, status: HTTPResponse.Status) -> Response {
        let page = FormPage(form: form, csrfToken: csrfToken)
        return .html(pages.render(template: "AddOrderNote/form", context: page, title: form.title, flash: nil), status: status)
    }
}
