import Hummingbird

protocol EraseCustomerDisplayLogic: AnyObject {
    func display(viewModel: EraseCustomer.ViewModel)
}

/// `GET` and `POST /customers/{id}/erase`: a supervisor erases a customer's personal data, once
/// they type the customer's name.
final class EraseCustomerViewController: EraseCustomerDisplayLogic, RequestEnding {
    var interactor: EraseCustomerBusinessLogic?
    var router: (EraseCustomerRoutingLogic & EraseCustomerDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    /// Who is asking (the histories name them).
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
        let interactor = EraseCustomerInteractor(worker: environment.eraseCustomerWorker)
        let presenter = EraseCustomerPresenter()
        let router = EraseCustomerRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /customers/{id}/erase`
    func showForm(id: String) async -> Response {
        await interactor?.showForm(request: EraseCustomer.ShowForm.Request(id: id))
        return finished()
    }

    /// `POST /customers/{id}/erase`
    func erase(id: String, fields: EraseCustomer.EraseFormFields) async -> Response {
        await interactor?.erase(request: EraseCustomer.Erase.Request(id: id, fields: fields, by: signedIn?.name))
        return finished()
    }

    // MARK: Display logic

    func display(viewModel: EraseCustomer.ViewModel) {
        switch viewModel {
        case .form(let form, let status):
            let page = FormPage(form: form, csrfToken: csrfToken)
            let html = pages.render(template: "EraseCustomer/form", context: page, title: form.heading, flash: nil)
            switch status {
            case .shown: response = .html(html)
            case .wrongName: response = .html(html, status: .unprocessableContent)
            case .conflict: response = .html(html, status: .conflict)
            }
        case .erased(let id, let flash): response = router?.routeToCustomer(id: id, flash: flash)
        case .refusal(let refusal): response = self.refusal(refusal)
        }
    }

    // MARK: Rendering

    /// What `Views/EraseCustomer/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: EraseCustomer.DisplayedForm
        var csrfToken: String
    }
}
