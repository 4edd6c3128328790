protocol ListOrdersBusinessLogic: AnyObject {
    func fetchOrders(request: ListOrders.FetchOrders.Request) async
    func fetchTabs(request: ListOrders.FetchTabs.Request) async
}

protocol ListOrdersDataStore: AnyObject {
    var orders: [Order]? { get }
}

final class ListOrdersInteractor: ListOrdersBusinessLogic, ListOrdersDataStore {
    /// Orders on one page of the list.
    static let pageSize = 50
    /// Orders are counted exactly up to this many; past it the list says "more than 10,000". A count
    /// reads at most this many index entries, so a list page costs about the same at 100,000 orders.
    static let countLimit = 10_000

    var presenter: ListOrdersPresentationLogic?
    /// The page's presenter of the tabs (the API's list has none).
    var tabsPresenter: ListOrdersTabsPresentationLogic?
    var ordersWorker: OrdersWorker
    var filterWorker: OrdersFilterWorker
    var orders: [Order]?
    /// The account's saved views (the tabs after the built-in ones); nil: no tabs of its own.
    var savedViewsWorker: SavedViewsWorker?

    init(ordersWorker: OrdersWorker, filterWorker: OrdersFilterWorker, savedViewsWorker: SavedViewsWorker? = nil) {
        self.ordersWorker = ordersWorker
        self.filterWorker = filterWorker
        self.savedViewsWorker = savedViewsWorker
    }

    // MARK: Fetch orders

    func fetchOrders(request: ListOrders.FetchOrders.Request) async {
        let filtered = filterWorker.query(from: request.filters)
        let sortKey = filtered.query.sort.key
        // A page starts where the URL says; a cursor that is no cursor means the first page (so does
        // one of another sort, a link from before the sort changed: `OrdersPageRequest.effectivePosition`).
        let position: OrdersPageRequest.Position
        if let after = request.after.flatMap(OrdersCursor.init(token:)) {
            position = .after(after)
        } else if let before = request.before.flatMap(OrdersCursor.init(token:)) {
            position = .before(before)
        } else {
            position = .newest
        }
        let mayCreateOrders = request.signedIn.may(.create)
        let response: ListOrders.FetchOrders.Response
        do {
            let page = try await ordersWorker.fetchOrders(
                page: OrdersPageRequest(position: position, limit: Self.pageSize, query: filtered.query, opensCards: request.opensCards))
            orders = page.orders
            let counts = try await count(filtered.query, page: page, position: position, filtered: !filtered.filters.isEmpty)
            response = .fetched(
                page.orders,
                newerPage: page.hasNewer ? page.orders.first.flatMap { OrdersCursor(order: $0, sortedBy: sortKey) } : nil,
                olderPage: page.hasOlder ? page.orders.last.flatMap { OrdersCursor(order: $0, sortedBy: sortKey) } : nil,
                mayCreateOrders: mayCreateOrders, filters: filtered.filters, problems: filtered.problems,
                mayExport: request.signedIn.may(.export), counts: counts,
                bulk: Self.bulk(filters: filtered.filters, signedIn: request.signedIn, problem: request.bulkProblem))
        } catch {
            response = .storeUnavailable(mayCreateOrders: mayCreateOrders, filters: filtered.filters)
        }
        presenter?.presentFetchedOrders(response: response)
    }

    /// The bulk move a list offers: the move that leads on from the status it is filtered by, when
    /// the one asking may make it (`OrderUse.changeStatus`); never a cancel. nil when it offers none
    /// and no bulk form came back with a problem.
    static func bulk(filters: OrdersFilters, signedIn: SignedIn?, problem: String?) -> ListOrders.FetchOrders.Bulk? {
        let action = filters.status.flatMap { status in
            [OrderStatus.Action.markPaid, .markPacked, .markShipped].first { status.after($0) != nil }
        }.flatMap { signedIn.may(.changeStatus($0)) ? $0 : nil }
        guard action != nil || problem != nil else { return nil }
        return ListOrders.FetchOrders.Bulk(action: action, problem: problem)
    }

    /// How many orders `query` finds and how many there are in all. A first page that holds every
    /// order found is its own count; a list without search or filters finds every order.
    private func count(
        _ query: OrdersQuery, page: OrdersPage, position: OrdersPageRequest.Position, filtered: Bool
    ) async throws(OrdersStoreError) -> ListOrders.FetchOrders.Counts {
        let upTo = Self.countLimit + 1
        var found = page.orders.count
        if position != .newest || page.hasOlder {
            found = try await ordersWorker.countOrders(matching: query, upTo: upTo)
        }
        var inAll = found
        if filtered {
            inAll = try await ordersWorker.countOrders(matching: OrdersQuery(), upTo: upTo)
        }
        return ListOrders.FetchOrders.Counts(found: found, inAll: inAll)
    }

    // MARK: Fetch tabs

    /// The statuses with a tab of their own, in the tabs' order.
    static let tabStatuses: [OrderStatus] = [.new, .paid, .packed]

    func fetchTabs(request: ListOrders.FetchTabs.Request) async {
        var views: [SavedView] = []
        if let signedIn = request.signedIn, let savedViewsWorker {
            // The list works without its saved tabs: a store that cannot read them leaves them out.
            views = (try? await savedViewsWorker.views(of: signedIn)) ?? []
        }
        if !request.queryGiven, let defaultView = views.first(where: \.isDefault) {
            tabsPresenter?.presentTabs(response: .openDefault(defaultView))
            return
        }
        let current = SavedViewsWorker.query(of: filterWorker.query(from: request.filters).filters)
        let mayDecide = request.signedIn.may(.decideCancellation)
        tabsPresenter?.presentTabs(
            response: .tabs(
                views: views, counts: await tabCounts(cancellationRequests: mayDecide), current: current,
                mayTakeOrders: request.signedIn.may(.create), mayDecideCancellations: mayDecide))
    }

    /// Each built-in tab's count, as a list page of that tab counts it (the same query, so the
    /// same kept count of `OrdersCountCache`), exactly up to `countLimit`; nil when the store fails.
    /// `cancellationRequests`: whether to count the orders waiting for a supervisor's decision.
    private func tabCounts(cancellationRequests: Bool) async -> ListOrders.FetchTabs.Counts? {
        let upTo = Self.countLimit + 1
        do throws(OrdersStoreError) {
            var byStatus: [OrderStatus: Int] = [:]
            for status in Self.tabStatuses {
                let query = filterWorker.query(from: OrdersFilterParameters(status: status.rawValue)).query
                byStatus[status] = try await ordersWorker.countOrders(matching: query, upTo: upTo)
            }
            var asked: Int? = nil
            if cancellationRequests {
                let query = filterWorker.query(from: OrdersFilterParameters(cancellation: OrdersFilters.cancellationRequestedValue)).query
                asked = try await ordersWorker.countOrders(matching: query, upTo: upTo)
            }
            let all = try await ordersWorker.countOrders(matching: OrdersQuery(), upTo: upTo)
            return ListOrders.FetchTabs.Counts(
                all: all, new: byStatus[.new] ?? 0, paid: byStatus[.paid] ?? 0, packed: byStatus[.packed] ?? 0, cancellationRequests: asked)
        } catch {
            return nil
        }
    }
}
