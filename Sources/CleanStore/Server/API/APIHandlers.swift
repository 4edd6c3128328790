import Foundation

/// The operations of `openapi.yaml` (the generated `APIProtocol`), each handed to its scene's API
/// face: a view controller and presenter over the same interactor as its page. Who may use each is
/// decided here, once per operation, by the rule the route table uses for the pages (`OrderUse`),
/// before the scene runs; the caller is the token `APIDoorMiddleware` let in.
struct APIHandlers: APIProtocol {
    let environment: SceneEnvironment

    /// The environment of one API request: logging through its logger (which names the token by
    /// its prefix).
    private func serving(_ caller: APICaller) -> SceneEnvironment {
        var environment = self.environment
        environment.logger = caller.logger
        return environment
    }

    func listOrders(_ input: Operations.ListOrders.Input) async throws -> Operations.ListOrders.Output {
        let caller = try APICaller.require(.view)
        return try await ListOrdersAPIViewController(environment: serving(caller), signedIn: caller.signedIn).listOrders(input.query)
    }

    func getOrder(_ input: Operations.GetOrder.Input) async throws -> Operations.GetOrder.Output {
        let caller = try APICaller.require(.view)
        return try await ShowOrderAPIViewController(environment: serving(caller), signedIn: caller.signedIn).getOrder(id: input.path.id)
    }

    func changeOrderStatus(_ input: Operations.ChangeOrderStatus.Input) async throws -> Operations.ChangeOrderStatus.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        // Cancelling is a supervisor's; the other moves a clerk's (as the status form's route).
        let caller = try APICaller.require(.changeStatus(OrderStatus.Action(rawValue: body.action.rawValue)))
        return try await ChangeOrderStatusAPIViewController(environment: serving(caller), signedIn: caller.signedIn)
            .changeStatus(orderID: input.path.id, ifMatch: input.headers.ifMatch, body: body)
    }

    func listOrderNotes(_ input: Operations.ListOrderNotes.Input) async throws -> Operations.ListOrderNotes.Output {
        let caller = try APICaller.require(.view)
        return try await ShowOrderAPIViewController(environment: serving(caller), signedIn: caller.signedIn).listNotes(orderID: input.path.id)
    }

    func addOrderNote(_ input: Operations.AddOrderNote.Input) async throws -> Operations.AddOrderNote.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        let caller = try APICaller.require(.addNote)
        return try await AddOrderNoteAPIViewController(environment: serving(caller), signedIn: caller.signedIn)
            .addNote(orderID: input.path.id, body: body)
    }

    func listProducts(_ input: Operations.ListProducts.Input) async throws -> Operations.ListProducts.Output {
        let caller = try APICaller.require(.viewCatalog)
        return try await ListProductsAPIViewController(environment: serving(caller), signedIn: caller.signedIn).listProducts(input.query)
    }

    func getProduct(_ input: Operations.GetProduct.Input) async throws -> Operations.GetProduct.Output {
        let caller = try APICaller.require(.viewCatalog)
        return try await ShowProductAPIViewController(environment: serving(caller), signedIn: caller.signedIn).getProduct(sku: input.path.sku)
    }

    // MARK: Customers (every role, as the customers' pages)

    func listCustomers(_ input: Operations.ListCustomers.Input) async throws -> Operations.ListCustomers.Output {
        let caller = try APICaller.require(.viewCustomers)
        return try await ListCustomersAPIViewController(environment: serving(caller)).listCustomers(input.query)
    }

    func getCustomer(_ input: Operations.GetCustomer.Input) async throws -> Operations.GetCustomer.Output {
        let caller = try APICaller.require(.viewCustomers)
        return try await ShowCustomerAPIViewController(environment: serving(caller)).getCustomer(id: input.path.id)
    }

    // MARK: Drafts (clerks and supervisors, as the draft pages)

    private func drafts(_ caller: APICaller) -> EditDraftAPIViewController {
        EditDraftAPIViewController(environment: serving(caller), caller: caller)
    }

    func createDraft(_ input: Operations.CreateDraft.Input) async throws -> Operations.CreateDraft.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        let caller = try APICaller.require(.create)
        return try await drafts(caller).createDraft(idempotencyKey: caller.idempotencyKey ?? input.headers.idempotencyKey, body: body)
    }

    func getDraft(_ input: Operations.GetDraft.Input) async throws -> Operations.GetDraft.Output {
        let caller = try APICaller.require(.create)
        return try await drafts(caller).getDraft(ref: input.path.ref)
    }

    func saveDraftCaller(_ input: Operations.SaveDraftCaller.Input) async throws -> Operations.SaveDraftCaller.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        let caller = try APICaller.require(.create)
        let fields = EditDraftAPIViewController.fields(caller: body, delivery: nil)
        return .ok(try await drafts(caller).save(ref: input.path.ref, ifMatch: caller.ifMatch ?? input.headers.ifMatch, .caller(fields)))
    }

    func saveDraftDelivery(_ input: Operations.SaveDraftDelivery.Input) async throws -> Operations.SaveDraftDelivery.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        let caller = try APICaller.require(.create)
        let fields = EditDraftAPIViewController.fields(caller: nil, delivery: body)
        return .ok(try await drafts(caller).save(ref: input.path.ref, ifMatch: caller.ifMatch ?? input.headers.ifMatch, .delivery(fields)))
    }

    func addDraftLine(_ input: Operations.AddDraftLine.Input) async throws -> Operations.AddDraftLine.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        let caller = try APICaller.require(.create)
        let line = EditDraft.LineFormFields(sku: body.sku, quantity: String(body.quantity))
        return .ok(try await drafts(caller).save(ref: input.path.ref, ifMatch: caller.ifMatch ?? input.headers.ifMatch, .addLine(line)))
    }

    func changeDraftLine(_ input: Operations.ChangeDraftLine.Input) async throws -> Operations.ChangeDraftLine.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        let caller = try APICaller.require(.create)
        return .ok(
            try await drafts(caller).changeLine(
                ref: input.path.ref, ifMatch: caller.ifMatch ?? input.headers.ifMatch, sku: input.path.sku, quantity: body.quantity))
    }

    func removeDraftLine(_ input: Operations.RemoveDraftLine.Input) async throws -> Operations.RemoveDraftLine.Output {
        let caller = try APICaller.require(.create)
        return .ok(
            try await drafts(caller).changeLine(ref: input.path.ref, ifMatch: caller.ifMatch ?? input.headers.ifMatch, sku: input.path.sku, quantity: nil))
    }

    func placeDraft(_ input: Operations.PlaceDraft.Input) async throws -> Operations.PlaceDraft.Output {
        guard case .json(let body) = input.body else { throw APIProblem.status(.unsupportedMediaType) }
        let caller = try APICaller.require(.create)
        return try await PlaceDraftAPIViewController(environment: serving(caller), caller: caller)
            .place(ref: input.path.ref, ifMatch: caller.ifMatch ?? input.headers.ifMatch, idempotencyKey: caller.idempotencyKey ?? input.headers.idempotencyKey, body: body)
    }
}
