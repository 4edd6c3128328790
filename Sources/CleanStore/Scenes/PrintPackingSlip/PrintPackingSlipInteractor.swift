protocol PrintPackingSlipBusinessLogic: AnyObject {
    func getSlip(request: PrintPackingSlip.GetSlip.Request) async
}

protocol PrintPackingSlipDataStore: AnyObject {
    var order: Order? { get }
}

final class PrintPackingSlipInteractor: PrintPackingSlipBusinessLogic, PrintPackingSlipDataStore {
    var presenter: PrintPackingSlipPresentationLogic?
    var ordersWorker: OrdersWorker
    /// The order's notes: those for the packer print on the slip.
    var notesWorker: OrderNotesWorker
    var order: Order?

    init(ordersWorker: OrdersWorker, notesWorker: OrderNotesWorker) {
        self.ordersWorker = ordersWorker
        self.notesWorker = notesWorker
    }

    // MARK: Get slip

    /// Anyone who may see the order may print its slip: the route admits them, and the slip shows
    /// less than the order's page does.
    func getSlip(request: PrintPackingSlip.GetSlip.Request) async {
        let response: PrintPackingSlip.GetSlip.Response
        do {
            order = try await ordersWorker.fetchOrder(id: request.orderID)
            if let order {
                // Oldest first, as they were written: the packer reads them in order.
                let notes = try await notesForThePacker(of: request.orderID)
                response = .found(order, deliveryNotes: notes)
            } else {
                response = .notFound
            }
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentSlip(response: response)
    }

    /// The order's notes for the packer, oldest first; none when the notes store does not know the
    /// order (deleted since it was read).
    private func notesForThePacker(of id: String) async throws(OrdersStoreError) -> [OrderNote] {
        do {
            return try await notesWorker.notes(forOrder: id).filter(\.forPacker).reversed()
        } catch .notFound {
            return []
        }
    }
}
