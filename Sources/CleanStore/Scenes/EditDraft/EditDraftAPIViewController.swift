import Foundation

/// The API face of `EditDraft` (`POST /api/v1/drafts`, `GET /api/v1/drafts/{ref}`, `PUT …/caller`,
/// `PUT …/delivery`, `POST …/lines`, `PUT`, `DELETE …/lines/{sku}`): the draft page's interactor,
/// each JSON body turned into the form its section posts. A save is made from the version in
/// `If-Match` (the draft's ETag), as placing is, and answered with the draft read again, as the
/// page's router redirects to it.
protocol EditDraftAPIDisplayLogic: AnyObject {
    func displayDraft(viewModel: EditDraft.APIViewModel)
}

final class EditDraftAPIViewController: EditDraftAPIDisplayLogic {
    typealias Schemas = Components.Schemas

    var interactor: (EditDraftBusinessLogic & EditDraftDataStore)?
    let caller: APICaller
    let idempotency: APIIdempotencyWorker
    private var viewModel: EditDraft.APIViewModel?

    init(environment: SceneEnvironment, caller: APICaller) {
        self.caller = caller
        idempotency = APIIdempotencyWorker(keys: environment.idempotencyKeys, now: environment.now)
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = EditDraftInteractor(worker: environment.draftsWorker, validationWorker: environment.validationWorker)
        let presenter = EditDraftAPIPresenter(formatter: environment.formatter)
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    private var signedIn: AccountName { caller.signedIn.name }

    // MARK: Operations

    /// `POST /api/v1/drafts`: a new draft, once per `Idempotency-Key` and body.
    func createDraft(idempotencyKey: String, body: Schemas.NewDraft) async throws -> Operations.CreateDraft.Output {
        let claim = try await idempotency.claim(idempotencyKey, of: caller, body: body)
        switch claim {
        case .claimed: break
        case .replay(let ref):
            let draft = try await read(ref)
            return .ok(.init(headers: .init(eTag: OrderAPIFormatter.eTag(draft.version), location: Paths.apiDraft(ref)), body: .json(draft)))
        case .mismatch: throw APIIdempotencyWorker.mismatch
        case .inProgress: throw APIIdempotencyWorker.inProgress
        }
        if body.caller == nil && body.delivery == nil {
            await interactor?.startDraft(request: EditDraft.StartDraft.Request(signedIn: signedIn))
        } else {
            await interactor?.keepOrderForm(
                request: EditDraft.KeepOrderForm.Request(orderFormFields: Self.fields(caller: body.caller, delivery: body.delivery), signedIn: signedIn))
        }
        // The key is the draft's once one is made (even with a section refused: the draft exists).
        let made = interactor?.draft?.ref
        try await idempotency.finish(idempotencyKey, of: caller, made: made)
        switch viewModel {
        case .saved(let ref):
            let draft = try await read(ref)
            return .created(.init(headers: .init(eTag: OrderAPIFormatter.eTag(draft.version), location: Paths.apiDraft(ref)), body: .json(draft)))
        case .problem(let problem): throw problem
        case .draft, nil: throw APIProblem.status(.internalServerError)
        }
    }

    /// `GET /api/v1/drafts/{ref}`
    func getDraft(ref: String) async throws -> Operations.GetDraft.Output {
        let draft = try await read(ref)
        return .ok(.init(headers: .init(eTag: OrderAPIFormatter.eTag(draft.version)), body: .json(draft)))
    }

    /// `PUT …/caller`, `PUT …/delivery`, `POST …/lines`: one section saved from the version in
    /// `If-Match` (428 without it, 412 when the draft is at another), the draft answered.
    func save(ref: String, ifMatch: String?, _ section: EditDraft.Section) async throws -> Components.Responses.Draft {
        try await save(ref: ref, version: IfMatch.version(ifMatch, of: "draft", example: 3), section)
    }

    private func save(ref: String, version: Int, _ section: EditDraft.Section) async throws -> Components.Responses.Draft {
        await interactor?.saveSection(
            request: EditDraft.SaveSection.Request(ref: ref, section: section, signedIn: signedIn, expectedVersion: version))
        switch viewModel {
        case .saved(let ref):
            let draft = try await read(ref)
            return .init(headers: .init(eTag: OrderAPIFormatter.eTag(draft.version)), body: .json(draft))
        case .problem(let problem): throw problem
        case .draft, nil: throw APIProblem.status(.internalServerError)
        }
    }

    /// `PUT …/lines/{sku}` (a quantity) and `DELETE …/lines/{sku}` (nil): the draft's line of that
    /// SKU, found in the draft as read, from the version in `If-Match` (428 without it, 412 when the
    /// draft is at another: its lines may not be the ones the client saw); 404 when no line holds
    /// the SKU, 409 when two do.
    func changeLine(ref: String, ifMatch: String?, sku: String, quantity: Int?) async throws -> Components.Responses.Draft {
        let version = try IfMatch.version(ifMatch, of: "draft", example: 3)
        let draft = try await read(ref)
        guard draft.version == version else { throw EditDraftAPIPresenter.changedMeanwhile(version: draft.version) }
        let lines = draft.lines.filter { $0.sku.caseInsensitiveCompare(sku.trimmingCharacters(in: .whitespaces)) == .orderedSame }
        guard let line = lines.first else {
            throw APIProblem(status: .notFound, title: "No line of this SKU", detail: "Draft \(ref) holds no line of SKU \(sku).")
        }
        guard lines.count == 1 else {
            throw APIProblem(
                status: .conflict, title: "Two lines hold this SKU",
                detail: "One of them is at a typed price: change or remove it on the draft's page.")
        }
        if let quantity {
            return try await save(
                ref: ref, version: version,
                .quantities(EditDraft.QuantitiesFormFields(line: [line.key: .init(quantity: String(quantity))])))
        }
        return try await save(ref: ref, version: version, .removeLine(key: line.key))
    }

    /// The draft as it is now, or its problem.
    private func read(_ ref: String) async throws -> Schemas.Draft {
        await interactor?.showDraft(request: EditDraft.ShowDraft.Request(ref: ref, search: nil))
        switch viewModel {
        case .draft(let draft): return draft
        case .problem(let problem): throw problem
        case .saved, nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayDraft(viewModel: EditDraft.APIViewModel) {
        self.viewModel = viewModel
    }

    // MARK: JSON to the order form's fields

    /// The caller's and delivery's JSON as the order form's fields (their rules read those).
    static func fields(caller: Schemas.Caller?, delivery: Schemas.Delivery?) -> CreateOrder.OrderFormFields {
        var fields = CreateOrder.OrderFormFields()
        if let caller {
            fields.firstName = caller.firstName
            fields.lastName = caller.lastName
            fields.phone = caller.phone
            fields.email = caller.email
        }
        if let delivery {
            let ship = delivery.shippingAddress
            fields.shipmentAddressStreet1 = ship.street1
            fields.shipmentAddressStreet2 = ship.street2
            fields.shipmentAddressCity = ship.city
            fields.shipmentAddressState = ship.state
            fields.shipmentAddressZIP = ship.zip
            let speed: ShipmentMethod.ShippingSpeed =
                switch delivery.shipping {
                case .standard: .standard
                case .oneDay: .oneDay
                case .twoDay: .twoDay
                }
            fields.shipmentMethodSpeed = String(speed.rawValue)
            let same = delivery.billingSameAsShipping ?? true
            fields.billingAddressSameAsShipping = same ? "on" : ""
            if !same, let bill = delivery.billingAddress {
                fields.billingAddressStreet1 = bill.street1
                fields.billingAddressStreet2 = bill.street2
                fields.billingAddressCity = bill.city
                fields.billingAddressState = bill.state
                fields.billingAddressZIP = bill.zip
            }
        }
        return fields
    }
}
