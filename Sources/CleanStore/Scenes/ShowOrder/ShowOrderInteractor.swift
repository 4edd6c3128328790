import Foundation

protocol ShowOrderBusinessLogic: AnyObject {
    func getOrder(request: ShowOrder.GetOrder.Request) async
}

protocol ShowOrderDataStore: AnyObject {
    var order: Order? { get }
}

final class ShowOrderInteractor: ShowOrderBusinessLogic, ShowOrderDataStore {
    var presenter: ShowOrderPresentationLogic?
    /// The order, with its notes and history (the page's timeline) when asked for: one store read.
    var ordersWorker: OrdersWorker
    /// The clock: an undo is offered for 5 minutes after the move.
    let now: @Sendable () -> Date
    var order: Order?

    init(ordersWorker: OrdersWorker, now: @escaping @Sendable () -> Date = Date.init) {
        self.ordersWorker = ordersWorker
        self.now = now
    }

    // MARK: Get order

    func getOrder(request: ShowOrder.GetOrder.Request) async {
        let response: ShowOrder.GetOrder.Response
        do {
            // One read of the store: the order, and its notes and history as the request asks (the
            // page both, the API's order neither), as of one moment.
            let read = try await ordersWorker.fetchOrderPage(id: request.orderID, including: request.parts)
            order = read?.order
            let notes = read?.notes ?? []
            let events = read?.events ?? []
            let signedIn = request.signedIn
            response =
                order.map {
                    // What the page offers: what the order's status allows (a shipped or cancelled
                    // order is kept as it is: nothing to edit, delete or move on), of what the one
                    // asking may use, by the rule the route table enforces (`OrderUse`).
                    let open = !$0.status.isReadOnly
                    let order = $0
                    let actions = $0.status.actions.filter { signedIn.may($0, on: order) }
                    return .found(
                        $0, mayEdit: open && signedIn.may(.edit), mayDelete: open && signedIn.may(.delete),
                        mayChangeStatus: actions.contains { $0 != .cancel }, mayCancel: actions.contains(.cancel),
                        notes: notes, mayAddNote: signedIn.may(.addNote), confirmed: confirmed(request, order: $0),
                        // Items change while the order is new (`OrderLineWrites.itemsChanged`), for who may edit it.
                        mayChangeItems: $0.status == .new && $0.itemsRecorded && signedIn.may(.edit),
                        events: events,
                        // The one change a shipped order takes, for who may ship it.
                        mayChangeTracking: $0.status == .shipped && signedIn.may(.changeStatus(.markShipped)),
                        // The move the one asking made last, while they may still undo it (the store decides again).
                        undoable: signedIn.may(.changeStatus(nil))
                            ? OrderWrites.undoableMove($0, latest: events.first, by: signedIn?.name, at: now()) : nil,
                        refusedItems: request.refusedItems,
                        // A clerk asks a supervisor to cancel a paid or packed order; a supervisor decides.
                        mayRequestCancellation: signedIn.mayRequestCancellation(of: $0),
                        mayDecideCancellation: $0.cancellationRequest != nil && $0.status.after(.cancel) != nil
                            && signedIn.may(.decideCancellation),
                        mayStartDraft: signedIn.may(.create))
                } ?? .notFound
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
            note: confirmation.note, mayCreateAnother: request.signedIn.may(.create))
    }

    // MARK: Fetch navigation

    /// The page's presenter of its way back and onward (the API's order has none).
    var navigationPresenter: ShowOrderNavigationPresentationLogic?
    /// Reads the list's query as the list does.
    var filterWorker = OrdersFilterWorker(timeZone: TimeZone(identifier: "UTC")!)
}

/// The order page's way back to the list it was opened from, and on to that list's next order.
protocol ShowOrderNavigationLogic: AnyObject {
    func fetchNavigation(request: ShowOrder.FetchNavigation.Request) async
}

extension ShowOrderInteractor: ShowOrderNavigationLogic {
    func fetchNavigation(request: ShowOrder.FetchNavigation.Request) async {
        guard let query = ListReturnPath.listQuery(request.from) else {
            navigationPresenter?.presentNavigation(response: .navigation(filters: nil, next: nil))
            return
        }
        let filtered = filterWorker.query(from: OrdersFilterParameters(listQuery: query))
        var next: Order?
        // The order after this one in the list's sort: the order's own place (its cursor) whether or
        // not the move took it out of the list. A store that fails leaves the link out, nothing else.
        if request.afterMove, let order = try? await ordersWorker.fetchOrder(id: request.orderID),
            let cursor = OrdersCursor(order: order, sortedBy: filtered.query.sort.key)
        {
            let page = try? await ordersWorker.fetchOrders(
                page: OrdersPageRequest(position: .after(cursor), limit: 1, query: filtered.query, opensCards: false))
            next = page?.orders.first
        }
        navigationPresenter?.presentNavigation(response: .navigation(filters: filtered.filters, next: next))
    }
}
