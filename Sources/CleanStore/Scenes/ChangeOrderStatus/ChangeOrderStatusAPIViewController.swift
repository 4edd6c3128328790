/// The API face of `ChangeOrderStatus` (`POST /api/v1/orders/{id}/status`): the status form's
/// interactor, the version the form would carry read from `If-Match` (the ETag of `GET`).
protocol ChangeOrderStatusAPIDisplayLogic: AnyObject {
    func displayStatusChange(viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel)
}

final class ChangeOrderStatusAPIViewController: ChangeOrderStatusAPIDisplayLogic {
    var interactor: ChangeOrderStatusBusinessLogic?
    let signedIn: SignedIn
    private var viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel?

    init(environment: SceneEnvironment, signedIn: SignedIn) {
        self.signedIn = signedIn
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = ChangeOrderStatusInteractor(ordersWorker: environment.ordersWorker)
        let presenter = ChangeOrderStatusAPIPresenter(signedIn: signedIn)
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    func changeStatus(
        orderID: String, ifMatch: String?, body: Components.Schemas.StatusChange
    ) async throws -> Operations.ChangeOrderStatus.Output {
        let version = try IfMatch.version(ifMatch, of: "order", example: 7)
        let fields = ChangeOrderStatus.StatusFormFields(
            action: body.action.rawValue, version: String(version), reason: body.reason, carrier: body.carrier,
            carrierOther: body.carrierOther, trackingNumber: body.trackingNumber)
        await interactor?.changeStatus(request: ChangeOrderStatus.ChangeStatus.Request(orderID: orderID, fields: fields, signedIn: signedIn))
        switch viewModel {
        case .changed(let order): return .ok(.init(headers: .init(eTag: OrderAPIFormatter.eTag(order.version)), body: .json(order)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayStatusChange(viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel) {
        self.viewModel = viewModel
    }
}
