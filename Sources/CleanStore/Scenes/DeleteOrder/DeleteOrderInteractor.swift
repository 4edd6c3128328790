protocol DeleteOrderBusinessLogic: AnyObject {
    func getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request) async
    func deleteOrder(request: DeleteOrder.DeleteOrder.Request) async
}

protocol DeleteOrderDataStore: AnyObject {
    var order: Order? { get }
}

final class DeleteOrderInteractor: DeleteOrderBusinessLogic, DeleteOrderDataStore {
    var presenter: DeleteOrderPresentationLogic?
    var ordersWorker: OrdersWorker
    var order: Order?

    init(ordersWorker: OrdersWorker) {
        self.ordersWorker = ordersWorker
    }

    // MARK: Get order to delete

    func getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request) async {
        let response: DeleteOrder.GetOrderToDelete.Response
        do {
            order = try await ordersWorker.fetchOrder(id: request.orderID)
            response = order.map { $0.status.isReadOnly ? .readOnly($0) : .found($0) } ?? .notFound
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentOrderToDelete(response: response)
    }

    // MARK: Delete order

    func deleteOrder(request: DeleteOrder.DeleteOrder.Request) async {
        let response: DeleteOrder.DeleteOrder.Response
        do {
            let deleted = try await ordersWorker.deleteOrder(id: request.orderID, by: request.signedIn)
            order = deleted
            response = .deleted(deleted)
        } catch .notFound {
            response = .notFound
        } catch .readOnly(let current) {
            order = current
            response = .readOnly(current)
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentDeletedOrder(response: response)
    }
}
