import Hummingbird

protocol CreateOrderDisplayLogic: AnyObject {
    func displayNewOrder(viewModel: CreateOrder.NewOrder.ViewModel)
    func displayExpirationDate(viewModel: CreateOrder.FormatExpirationDate.ViewModel)
    func displayCreatedOrder(viewModel: CreateOrder.CreateOrder.ViewModel)
    func displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel)
    func displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel)
}

/// The order form: `GET /orders/new`, `POST /orders`, `GET /orders/{id}/edit`, `POST /orders/{id}`.
final class CreateOrderViewController: CreateOrderDisplayLogic {
    var interactor: CreateOrderBusinessLogic?
    var router: (CreateOrderRoutingLogic & CreateOrderDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: every form posts it back.
    let csrfToken: String

    /// What the page shows, as the display methods leave it; rendered once the cycle is over.
    enum Screen {
        case form(CreateOrder.DisplayedForm, status: HTTPResponse.Status)
        case redirect(Response)
        case notFound
    }

    private(set) var screen: Screen?

    init(environment: SceneEnvironment, csrfToken: String) {
        pages = environment.pages
        self.csrfToken = csrfToken
        setup(environment: environment)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment) {
        let viewController = self
        let interactor = CreateOrderInteractor(
            ordersWorker: OrdersWorker(ordersStore: environment.ordersStore),
            validationWorker: OrderValidationWorker(now: environment.now, timeZone: environment.timeZone),
            now: environment.now)
        let presenter = CreateOrderPresenter(formatter: OrderDisplayFormatter(timeZone: environment.timeZone))
        let router = CreateOrderRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.flash = Flash(security: environment.security)
    }

    // MARK: Routes

    /// `GET /orders/new`
    func newOrder() -> Response {
        interactor?.startNewOrder(request: CreateOrder.NewOrder.Request())
        return render()
    }

    /// `POST /orders`
    func createOrder(orderFormFields: CreateOrder.OrderFormFields) async -> Response {
        await interactor?.createOrder(request: CreateOrder.CreateOrder.Request(orderFormFields: orderFormFields))
        return render()
    }

    /// `GET /orders/{id}/edit`
    func editOrder(id: String) async -> Response {
        await interactor?.showOrderToEdit(request: CreateOrder.EditOrder.Request(orderID: id))
        return render()
    }

    /// `POST /orders/{id}`
    func updateOrder(id: String, orderFormFields: CreateOrder.OrderFormFields) async -> Response {
        await interactor?.updateOrder(
            request: CreateOrder.UpdateOrder.Request(orderID: id, orderFormFields: orderFormFields))
        return render()
    }

    // MARK: Display logic

    func displayNewOrder(viewModel: CreateOrder.NewOrder.ViewModel) {
        screen = .form(viewModel.form, status: .ok)
    }

    func displayExpirationDate(viewModel: CreateOrder.FormatExpirationDate.ViewModel) {
        guard case .form(var form, let status) = screen else { return }
        let name = CreateOrder.Field.paymentMethodExpirationDate.rawValue
        form.fields[name]?.value = viewModel.date
        screen = .form(form, status: status)
    }

    func displayCreatedOrder(viewModel: CreateOrder.CreateOrder.ViewModel) {
        if let message = viewModel.message, let router {
            screen = .redirect(router.routeToListOrders(message: message))
        } else if let form = viewModel.form {
            screen = .form(form, status: Self.status(of: form))
        }
    }

    func displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel) {
        screen = viewModel.form.map { .form($0, status: .ok) } ?? .notFound
    }

    func displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel) {
        if let message = viewModel.message, let orderID = viewModel.orderID, let router {
            screen = .redirect(router.routeToShowOrder(orderID: orderID, message: message))
        } else if let form = viewModel.form {
            screen = .form(form, status: Self.status(of: form))
        } else {
            screen = .notFound
        }
    }

    // MARK: Rendering

    /// A refused form is 422; a form saved over an order someone else changed meanwhile is 409;
    /// a form that could not be saved for the store's sake is 503.
    private static func status(of form: CreateOrder.DisplayedForm) -> HTTPResponse.Status {
        if form.hasConflict { return .conflict }
        return form.formMessage != nil && form.errors.isEmpty ? .serviceUnavailable : .unprocessableContent
    }

    /// What `Views/CreateOrder/form.mustache` prints: the presenter's form, plus what only the
    /// view controller knows: where the form posts, where "Cancel" goes, the shipping choices.
    struct FormPage {
        struct ShippingMethod {
            var value: String
            var name: String
            var selected: Bool
        }

        var form: CreateOrder.DisplayedForm
        var csrfToken: String
        var action: String
        var cancelURL: String
        var shippingMethods: [ShippingMethod]
    }

    func render() -> Response {
        switch screen {
        case .form(let form, let status):
            let path = form.orderID.map { "/orders/\($0)" }
            let shippingMethods = (interactor?.shippingMethods ?? []).enumerated().map { index, name in
                FormPage.ShippingMethod(
                    value: String(index), name: name, selected: form.shipmentMethodSpeed == String(index))
            }
            let page = FormPage(
                form: form, csrfToken: csrfToken, action: path ?? "/orders", cancelURL: path ?? "/orders", shippingMethods: shippingMethods)
            let html = pages.render(template: "CreateOrder/form", context: page, title: form.title, flash: nil)
            return .html(html, status: status)
        case .redirect(let response):
            return response
        case .notFound:
            return ErrorPage.response(.notFound, pages: pages)
        case nil:
            return ErrorPage.response(.internalServerError, pages: pages)
        }
    }
}
