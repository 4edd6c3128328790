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

    /// The version an `If-Match` names: `"7"` (or `W/"7"`, or `7`); nil for anything else.
    static func version(ifMatch: String) -> Int? {
        var text = Substring(ifMatch.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
        guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    func changeStatus(
        orderID: String, ifMatch: String?, body: Components.Schemas.StatusChange
    ) async throws -> Operations.ChangeOrderStatus.Output {
        guard let ifMatch else {
            throw APIProblem(
                status: .preconditionRequired, title: "Send the order's ETag in If-Match",
                detail: "A change is made from the version it was read at: GET the order, then send its ETag.")
        }
        guard let version = Self.version(ifMatch: ifMatch) else {
            throw APIProblem(
                status: .preconditionFailed, title: "If-Match names no version of this order",
                detail: "Send the ETag a GET of the order answered (\"7\").")
        }
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
