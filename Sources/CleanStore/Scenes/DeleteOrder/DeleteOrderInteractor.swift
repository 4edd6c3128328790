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
        do {
            order = try await ordersWorker.fetchOrder(id: request.orderID)
            presenter?.presentOrderToDelete(response: DeleteOrder.GetOrderToDelete.Response(order: order))
        } catch {
            presenter?.presentOrderToDelete(response: DeleteOrder.GetOrderToDelete.Response(order: nil, error: error))
        }
    }

    // MARK: Delete order

    func deleteOrder(request: DeleteOrder.DeleteOrder.Request) async {
        do {
            order = try await ordersWorker.deleteOrder(id: request.orderID)
            presenter?.presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response(order: order))
        } catch .notFound {
            presenter?.presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response(order: nil))
        } catch {
            presenter?.presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response(order: nil, error: error))
        }
    }
}
