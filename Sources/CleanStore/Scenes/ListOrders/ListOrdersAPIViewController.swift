/// The API face of `ListOrders` (`GET /api/v1/orders`): the list page's interactor, with a
/// presenter that makes the JSON document instead of the page's strings.
protocol ListOrdersAPIDisplayLogic: AnyObject {
    func displayFetchedOrders(viewModel: ListOrders.FetchOrders.APIViewModel)
}

final class ListOrdersAPIViewController: ListOrdersAPIDisplayLogic {
    var interactor: ListOrdersBusinessLogic?
    let signedIn: SignedIn
    private var viewModel: ListOrders.FetchOrders.APIViewModel?

    init(environment: SceneEnvironment, signedIn: SignedIn) {
        self.signedIn = signedIn
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = ListOrdersInteractor(ordersWorker: environment.ordersWorker, filterWorker: environment.filterWorker)
        let presenter = ListOrdersAPIPresenter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    /// The query as the generated code decoded it, as the list page's URL would carry it.
    func listOrders(_ query: Operations.ListOrders.Input.Query) async throws -> Operations.ListOrders.Output {
        let shipping: ShipmentMethod.ShippingSpeed? =
            switch query.shipping {
            case .standard: .standard
            case .oneDay: .oneDay
            case .twoDay: .twoDay
            case nil: nil
            }
        let filters = OrdersFilterParameters(
            text: query.q, shipping: shipping.map { String($0.rawValue) }, status: query.status?.rawValue, from: query.from, to: query.to,
            sort: query.sort?.rawValue)
        // A summary has no card (openapi.yaml's `OrderSummary`): none is decrypted, as on the list page.
        await interactor?.fetchOrders(
            request: ListOrders.FetchOrders.Request(
                after: query.after, before: query.before, signedIn: signedIn, filters: filters, opensCards: false))
        switch viewModel {
        case .page(let page): return .ok(.init(body: .json(page)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayFetchedOrders(viewModel: ListOrders.FetchOrders.APIViewModel) {
        self.viewModel = viewModel
    }
}
