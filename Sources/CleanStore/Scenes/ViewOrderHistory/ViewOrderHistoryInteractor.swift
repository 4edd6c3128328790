protocol ViewOrderHistoryBusinessLogic: AnyObject {
    func fetchHistory(request: ViewOrderHistory.FetchHistory.Request) async
}

protocol ViewOrderHistoryDataStore: AnyObject {
    var events: [OrderEvent] { get }
}

final class ViewOrderHistoryInteractor: ViewOrderHistoryBusinessLogic, ViewOrderHistoryDataStore {
    var presenter: ViewOrderHistoryPresentationLogic?
    var worker: ViewOrderHistoryWorker
    var ordersWorker: OrdersWorker
    var events: [OrderEvent] = []

    init(worker: ViewOrderHistoryWorker, ordersWorker: OrdersWorker) {
        self.worker = worker
        self.ordersWorker = ordersWorker
    }

    // MARK: Fetch history

    func fetchHistory(request: ViewOrderHistory.FetchHistory.Request) async {
        presenter?.presentHistory(response: await history(of: request.orderID, for: request.signedIn))
    }

    private func history(of orderID: String, for signedIn: SignedIn?) async -> ViewOrderHistory.FetchHistory.Response {
        do {
            let found = try await worker.fetchEvents(orderID: orderID)
            if found.contains(where: { $0.kind == .deleted }) {
                // What was deleted stays on the record, for supervisors.
                guard signedIn.may(.viewDeletedHistory) else { return .notPermitted(signedIn?.role) }
                events = found
                return .found(orderID: orderID, events: events, isDeleted: true)
            }
            events = found
            // An order from before history was kept has no events, and is there all the same.
            if events.isEmpty, try await ordersWorker.fetchOrder(id: orderID) == nil {
                return .notFound
            }
            return .found(orderID: orderID, events: events, isDeleted: false)
        } catch {
            return .storeUnavailable
        }
    }
}
