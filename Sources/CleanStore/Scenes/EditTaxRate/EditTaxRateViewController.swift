import Hummingbird

protocol EditTaxRateDisplayLogic: AnyObject {
    func displayRate(viewModel: EditTaxRate.ViewModel)
}

/// `GET`, `POST /tax-rates/new` and `/tax-rates/{id}/edit`: a supervisor adds or changes a rate.
final class EditTaxRateViewController: EditTaxRateDisplayLogic, RequestEnding {
    var interactor: EditTaxRateBusinessLogic?
    var router: (EditTaxRateRoutingLogic & EditTaxRateDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    /// Who is asking (the rate's history names them).
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
        let interactor = EditTaxRateInteractor(worker: EditTaxRateWorker(), taxRatesWorker: environment.taxRatesWorker)
        let presenter = EditTaxRatePresenter()
        let router = EditTaxRateRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /tax-rates/new` (`id` nil), `GET /tax-rates/{id}/edit`. An id that is no number is no rate.
    func showForm(id: String?) async -> Response {
        guard let rateID = Self.rateID(id) else { return refusal(.notFound) }
        await interactor?.showForm(request: EditTaxRate.ShowForm.Request(id: rateID.id))
        return finished()
    }

    /// `POST /tax-rates/new` (`id` nil), `POST /tax-rates/{id}/edit`.
    func saveRate(id: String?, fields: EditTaxRate.RateFormFields) async -> Response {
        guard let rateID = Self.rateID(id) else { return refusal(.notFound) }
        await interactor?.saveRate(request: EditTaxRate.SaveRate.Request(id: rateID.id, fields: fields, by: signedIn?.name))
        return finished()
    }

    /// The rate a path names: `id` nil for a new rate (no id in the path).
    private struct RateID {
        var id: Int64?
    }

    /// nil for an id that is no rate's (not all digits, or past Int64).
    private static func rateID(_ id: String?) -> RateID? {
        guard let id else { return RateID(id: nil) }
        guard id.allSatisfy(\.isASCIIDigit), let value = Int64(id) else { return nil }
        return RateID(id: value)
    }

    // MARK: Display logic

    func displayRate(viewModel: EditTaxRate.ViewModel) {
        switch viewModel {
        case .form(let form, let status):
            let code: HTTPResponse.Status =
                switch status {
                case .ok: .ok
                case .invalid: .unprocessableContent
                case .conflict: .conflict
                case .unavailable: .serviceUnavailable
                }
            response = .html(
                pages.render(template: "EditTaxRate/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil),
                status: code)
        case .saved(let flash): response = router?.routeToTaxRates(flash: flash)
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    /// What `Views/EditTaxRate/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: EditTaxRate.DisplayedForm
        var csrfToken: String
    }
}
