protocol ShowOrderBusinessLogic: AnyObject {
    func getOrder(request: ShowOrder.GetOrder.Request) async
}

protocol ShowOrderDataStore: AnyObject {
    var order: Order? { get }
}

final class ShowOrderInteractor: ShowOrderBusinessLogic, ShowOrderDataStore {
    var presenter: ShowOrderPresentationLogic?
    var ordersWorker: OrdersWorker
    var order: Order?

    init(ordersWorker: OrdersWorker) {
        self.ordersWorker = ordersWorker
    }

    // MARK: Get order

    func getOrder(request: ShowOrder.GetOrder.Request) async {
        let response: ShowOrder.GetOrder.Response
        do {
            order = try await ordersWorker.fetchOrder(id: request.orderID)
            let mayEdit = request.signedIn?.may(.changeOrders) ?? false, mayDelete = request.signedIn?.may(.deleteOrders) ?? false
            response = order.map { .found($0, mayEdit: mayEdit, mayDelete: mayDelete, confirmed: confirmed(request, order: $0)) } ?? .notFound
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentOrder(response: response)
    }

    /// What the page confirms: only the order the create saved (a confirmation meant for another is
    /// none of this page's); another order is offered to whoever may create one.
    private func confirmed(_ request: ShowOrder.GetOrder.Request, order: Order) -> ShowOrder.GetOrder.Confirmed? {
        guard let confirmation = request.confirmation, confirmation.orderID == order.id else { return nil }
        return ShowOrder.GetOrder.Confirmed(
            note: confirmation.note, mayCreateAnother: request.signedIn?.may(.changeOrders) ?? false)
    }
}
