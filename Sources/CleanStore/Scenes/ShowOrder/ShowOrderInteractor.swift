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
            response = order.map { .found($0, mayEdit: mayEdit, mayDelete: mayDelete) } ?? .notFound
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentOrder(response: response)
    }
}
