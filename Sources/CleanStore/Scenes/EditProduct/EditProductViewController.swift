import Hummingbird

protocol EditProductDisplayLogic: AnyObject {
    func displayProduct(viewModel: EditProduct.ViewModel)
}

/// `GET`, `POST /products/new` and `/products/{id}/edit`: a supervisor adds or changes a product.
final class EditProductViewController: EditProductDisplayLogic, RequestEnding {
    var interactor: EditProductBusinessLogic?
    var router: (EditProductRoutingLogic & EditProductDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    /// Who is asking (the product's history names them).
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
        let interactor = EditProductInteractor(worker: environment.editProductWorker)
        let presenter = EditProductPresenter()
        let router = EditProductRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /products/new` (`id` nil), `GET /products/{id}/edit`. An id that is no number is no product.
    func showForm(id: String?) async -> Response {
        guard let productID = Self.productID(id) else { return refusal(.notFound) }
        await interactor?.showForm(request: EditProduct.ShowForm.Request(id: productID.id))
        return finished()
    }

    /// `POST /products/new` (`id` nil), `POST /products/{id}/edit`.
    func saveProduct(id: String?, fields: EditProduct.ProductFormFields) async -> Response {
        guard let productID = Self.productID(id) else { return refusal(.notFound) }
        await interactor?.saveProduct(request: EditProduct.SaveProduct.Request(id: productID.id, fields: fields, by: signedIn?.name))
        return finished()
    }

    /// `POST /products/{id}/archive` (`active` false), `POST /products/{id}/restore`.
    func changeActive(id: String, active: Bool, fields: EditProduct.ActiveFormFields) async -> Response {
        guard let productID = Self.productID(id)?.id else { return refusal(.notFound) }
        await interactor?.changeActive(
            request: EditProduct.ChangeActive.Request(id: productID, active: active, version: fields.version, by: signedIn?.name))
        return finished()
    }

    /// The product a path names: `id` nil for a new product (no id in the path).
    private struct ProductID {
        var id: Int64?
    }

    /// nil for an id that is no product's (not all digits, or past Int64).
    private static func productID(_ id: String?) -> ProductID? {
        guard let id else { return ProductID(id: nil) }
        guard id.allSatisfy(\.isASCIIDigit), let value = Int64(id) else { return nil }
        return ProductID(id: value)
    }

    // MARK: Display logic

    func displayProduct(viewModel: EditProduct.ViewModel) {
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
                pages.render(template: "EditProduct/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil),
                status: code)
        case .saved(let id, let flash): response = router?.routeToProduct(id: id, flash: flash)
        case .changedMeanwhile(let reason): response = refusal(.because(reason))
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    /// What `Views/EditProduct/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: EditProduct.DisplayedForm
        var csrfToken: String
    }
}
