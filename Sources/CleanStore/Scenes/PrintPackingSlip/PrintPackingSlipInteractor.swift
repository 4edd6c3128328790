protocol PrintPackingSlipBusinessLogic: AnyObject {
    func getSlip(request: PrintPackingSlip.GetSlip.Request) async
}

protocol PrintPackingSlipDataStore: AnyObject {
    var order: Order? { get }
}

final class PrintPackingSlipInteractor: PrintPackingSlipBusinessLogic, PrintPackingSlipDataStore {
    var presenter: PrintPackingSlipPresentationLogic?
    var ordersWorker: OrdersWorker
    var order: Order?

    init(ordersWorker: OrdersWorker) {
        self.ordersWorker = ordersWorker
    }

    // MARK: Get slip

    /// Anyone who may see the order may print its slip: the route admits them, and the slip shows
    /// less than the order's page does.
    func getSlip(request: PrintPackingSlip.GetSlip.Request) async {
        let response: PrintPackingSlip.GetSlip.Response
        do {
            order = try await ordersWorker.fetchOrder(id: request.orderID)
            response = order.map { .found($0) } ?? .notFound
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentSlip(response: response)
    }
}
