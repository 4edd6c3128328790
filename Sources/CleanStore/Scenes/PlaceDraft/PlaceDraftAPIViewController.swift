/// The API face of `PlaceDraft` (`POST /api/v1/drafts/{ref}/place`): the check page's interactor,
/// the version the page would carry read from `If-Match` (the draft's ETag), its one-time key from
/// the `Idempotency-Key` (the token's own, `APIIdempotencyWorker.orderKey`), the card from the body
/// (checked by the order form's rules; never kept, never answered).
protocol PlaceDraftAPIDisplayLogic: AnyObject {
    func displayPlacedOrder(viewModel: PlaceDraft.Place.APIViewModel)
}

final class PlaceDraftAPIViewController: PlaceDraftAPIDisplayLogic {
    var interactor: PlaceDraftBusinessLogic?
    let caller: APICaller
    private var viewModel: PlaceDraft.Place.APIViewModel?

    init(environment: SceneEnvironment, caller: APICaller) {
        self.caller = caller
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = PlaceDraftInteractor(
            worker: environment.draftsWorker, validationWorker: environment.validationWorker, orderKeyWorker: environment.orderKeyWorker)
        let presenter = PlaceDraftAPIPresenter(formatter: environment.formatter, signedIn: caller.signedIn)
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    func place(
        ref: String, ifMatch: String?, idempotencyKey: String?, body: Components.Schemas.Placing
    ) async throws -> Operations.PlaceDraft.Output {
        // A key of another shape is refused before anything else is read (400).
        let orderKey = try APIIdempotencyWorker.orderKey(idempotencyKey, of: caller) ?? ""
        let version = try IfMatch.version(ifMatch, of: "draft", example: 3)
        var fields = PlaceDraft.PlaceFormFields()
        fields.paymentMethodCreditCardNumber = body.cardNumber
        fields.paymentMethodExpirationDate = body.expirationDate
        fields.paymentMethodCVV = body.securityCode
        fields.version = String(version)
        fields.orderKey = orderKey
        fields.placeDuplicateAnyway = body.placeDuplicateAnyway == true ? "on" : ""
        await interactor?.place(request: PlaceDraft.Place.Request(ref: ref, fields: fields, signedIn: caller.signedIn.name))
        switch viewModel {
        case .placed(let order, let again):
            let headers = Operations.PlaceDraft.Output.Created.Headers(eTag: OrderAPIFormatter.eTag(order.version), location: Paths.apiOrder(order.id))
            if again { return .ok(.init(headers: .init(eTag: headers.eTag, location: headers.location), body: .json(order))) }
            return .created(.init(headers: headers, body: .json(order)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayPlacedOrder(viewModel: PlaceDraft.Place.APIViewModel) {
        self.viewModel = viewModel
    }
}
