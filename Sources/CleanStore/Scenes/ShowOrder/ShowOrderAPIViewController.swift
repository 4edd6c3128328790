/// The API face of `ShowOrder`: `GET /api/v1/orders/{id}` (the order, its ETag its version) and
/// `GET /api/v1/orders/{id}/notes` (its notes: their own resource), both from the order page's
/// interactor.
protocol ShowOrderAPIDisplayLogic: AnyObject {
    func displayOrder(viewModel: ShowOrder.GetOrder.APIViewModel)
}

final class ShowOrderAPIViewController: ShowOrderAPIDisplayLogic {
    var interactor: ShowOrderBusinessLogic?
    let signedIn: SignedIn
    private var viewModel: ShowOrder.GetOrder.APIViewModel?

    init(environment: SceneEnvironment, signedIn: SignedIn) {
        self.signedIn = signedIn
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = ShowOrderInteractor(ordersWorker: environment.ordersWorker, now: environment.now)
        let presenter = ShowOrderAPIPresenter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    /// The order alone: neither its notes nor its history is read.
    func getOrder(id: String) async throws -> Operations.GetOrder.Output {
        let found = try await found(id: id, readsNotes: false)
        return .ok(.init(headers: .init(eTag: OrderAPIFormatter.eTag(found.order.version)), body: .json(found.order)))
    }

    func listNotes(orderID: String) async throws -> Operations.ListOrderNotes.Output {
        let found = try await found(id: orderID, readsNotes: true)
        return .ok(.init(body: .json(.init(notes: found.notes))))
    }

    private func found(id: String, readsNotes: Bool) async throws -> (order: Components.Schemas.Order, notes: [Components.Schemas.Note]) {
        await interactor?.getOrder(
            request: ShowOrder.GetOrder.Request(orderID: id, signedIn: signedIn, readsNotes: readsNotes, readsHistory: false))
        switch viewModel {
        case .found(let order, let notes): return (order, notes)
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayOrder(viewModel: ShowOrder.GetOrder.APIViewModel) {
        self.viewModel = viewModel
    }
}
