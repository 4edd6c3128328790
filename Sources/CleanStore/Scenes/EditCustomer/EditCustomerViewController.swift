import Hummingbird

protocol EditCustomerDisplayLogic: AnyObject {
    func displayCustomer(viewModel: EditCustomer.ViewModel)
}

/// `GET`, `POST /customers/new` and `/customers/{id}/edit`: a clerk adds or changes a customer.
final class EditCustomerViewController: EditCustomerDisplayLogic, RequestEnding {
    var interactor: EditCustomerBusinessLogic?
    var router: (EditCustomerRoutingLogic & EditCustomerDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    /// Who is asking (the customer's history names them).
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
        let interactor = EditCustomerInteractor(worker: environment.editCustomerWorker)
        let presenter = EditCustomerPresenter(formatter: environment.formatter)
        let router = EditCustomerRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /customers/new` (`id` nil), `GET /customers/{id}/edit`. An id that is no number is no customer.
    func showForm(id: String?) async -> Response {
        guard let customerID = Self.customerID(id) else { return refusal(.notFound) }
        await interactor?.showForm(request: EditCustomer.ShowForm.Request(id: customerID.id))
        return finished()
    }

    /// `POST /customers/new` (`id` nil), `POST /customers/{id}/edit`.
    func saveCustomer(id: String?, fields: EditCustomer.CustomerFormFields) async -> Response {
        guard let customerID = Self.customerID(id) else { return refusal(.notFound) }
        await interactor?.saveCustomer(request: EditCustomer.SaveCustomer.Request(id: customerID.id, fields: fields, by: signedIn?.name))
        return finished()
    }

    /// After signing in again: the form posted when the session had ended, as typed (`SignInRouter`).
    func resumeForm(id: Int64?, fields: EditCustomer.CustomerFormFields) async -> Response {
        await interactor?.showForm(request: EditCustomer.ShowForm.Request(id: id, resumed: fields))
        return finished()
    }

    /// The customer a path names: `id` nil for a new customer (no id in the path).
    private struct CustomerID {
        var id: Int64?
    }

    /// nil for an id that is no customer's (not all digits, or past Int64).
    private static func customerID(_ id: String?) -> CustomerID? {
        guard let id else { return CustomerID(id: nil) }
        guard id.allSatisfy(\.isASCIIDigit), let value = Int64(id) else { return nil }
        return CustomerID(id: value)
    }

    // MARK: Display logic

    func displayCustomer(viewModel: EditCustomer.ViewModel) {
        switch viewModel {
        case .form(let form, let status):
            let code: HTTPResponse.Status =
                switch status {
                case .ok, .duplicates: .ok
                case .invalid: .unprocessableContent
                case .conflict: .conflict
                case .unavailable: .serviceUnavailable
                }
            response = .html(
                pages.render(template: "EditCustomer/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil),
                status: code)
        case .saved(let id, let flash): response = router?.routeToCustomer(id: id, flash: flash)
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    /// What `Views/EditCustomer/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: EditCustomer.DisplayedForm
        var csrfToken: String
    }
}
