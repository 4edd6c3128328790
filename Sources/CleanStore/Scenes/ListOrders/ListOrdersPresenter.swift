protocol ListOrdersPresentationLogic: AnyObject {
    func presentFetchedOrders(response: ListOrders.FetchOrders.Response)
}

/// The tabs above the list page (the API's list has none).
protocol ListOrdersTabsPresentationLogic: AnyObject {
    func presentTabs(response: ListOrders.FetchTabs.Response)
}

final class ListOrdersPresenter: ListOrdersPresentationLogic, ListOrdersTabsPresentationLogic {
    typealias ViewModel = ListOrders.FetchOrders.ViewModel

    weak var viewController: ListOrdersDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Fetch orders

    /// The link to a new order, for someone who may create one: the drafts being taken, where a new
    /// one is started (`POST /drafts`, a form, as the header's button) or an interrupted one resumed.
    static func newOrderURL(_ mayCreateOrders: Bool) -> String? {
        mayCreateOrders ? Paths.drafts.description : nil
    }

    func presentFetchedOrders(response: ListOrders.FetchOrders.Response) {
        var viewModel: ViewModel
        switch response {
        case .fetched(
            let orders, let newerPage, let olderPage, let mayCreateOrders, let filters, let problems, let mayExport, let counts, let bulk):
            // Each order's page returns to this list (`ListReturnPath`): its search, filters and sort.
            let from = ListReturnPath.suffix(SavedViewsWorker.url(ofQuery: SavedViewsWorker.query(of: filters)))
            let displayedOrders = orders.map { order in
                let id = order.id ?? ""
                var displayed = ViewModel.DisplayedOrder(
                    id: id,
                    url: Paths.order(id) + from,
                    date: formatter.shortDateAndTime(order.date),
                    machineDate: formatter.machineDateTime(order.date),
                    name: formatter.name(order),
                    phone: order.phone,
                    total: formatter.total(order),
                    status: order.status.toString(),
                    statusClass: "status-\(order.status.rawValue)",
                    shipped: Self.shipped(order, formatter: formatter)
                )
                if bulk?.action != nil {
                    displayed.selectValue = "\(id).\(order.version)"
                    displayed.selectLabel = "Select order \(id), \(formatter.name(order))"
                }
                return displayed
            }
            viewModel = ViewModel(displayedOrders: displayedOrders, newOrderURL: Self.newOrderURL(mayCreateOrders))
            if newerPage != nil || olderPage != nil {
                let byDate = filters.sort == .newestFirst
                viewModel.pagination = ViewModel.Pagination(
                    newerPageURL: newerPage.map { Paths.orders(filters.parameters + [("before", $0.token)]) },
                    olderPageURL: olderPage.map { Paths.orders(filters.parameters + [("after", $0.token)]) },
                    newerPageLabel: byDate ? "Newer orders" : "Previous page",
                    olderPageLabel: byDate ? "Older orders" : "Next page")
            }
            viewModel.filters = Self.filtersForm(filters, problems: problems)
            if orders.isEmpty, !filters.isEmpty {
                viewModel.noMatchMessage = Self.noMatchMessage(filters)
            }
            if mayExport, !orders.isEmpty {
                viewModel.exportURL = Paths.ordersCSV(filters.parameters)
            }
            viewModel.columns = Self.columns(filters)
            viewModel.caption = Self.caption(filters)
            if let bulk {
                let form = Self.bulkForm(bulk, filters: filters, firstOrderID: orders.first?.id)
                if bulk.action != nil, !orders.isEmpty { viewModel.bulk = form } else if form.hasErrors { viewModel.bulkProblem = form }
            }
            if let counts {
                viewModel.resultCount = Self.resultCount(counts, filtered: !filters.isEmpty)
                viewModel.focusResultCount = !filters.isEmpty
            }
        case .storeUnavailable(let mayCreateOrders, let filters):
            viewModel = ViewModel(
                displayedOrders: [], errorMessage: "The orders could not be loaded. Try again in a moment.",
                newOrderURL: Self.newOrderURL(mayCreateOrders))
            viewModel.filters = Self.filtersForm(filters, problems: [])
        }
        viewController?.displayFetchedOrders(viewModel: viewModel)
    }

    // MARK: Bulk moves

    /// The bulk form around the table: its move's button and hint, and its problem linked to the
    /// first row's checkbox.
    static func bulkForm(_ bulk: ListOrders.FetchOrders.Bulk, filters: OrdersFilters, firstOrderID: String?) -> ViewModel.BulkForm {
        let action = bulk.action ?? .markPaid
        let listURL = Paths.orders(filters.parameters)
        return ViewModel.BulkForm(
            action: Paths.bulkMoves.description, move: action.rawValue, list: String(listURL.drop { $0 != "?" }.dropFirst()),
            button: BulkMoveOrdersPresenter.button(action),
            hint: "Select up to \(BulkMoveWrites.maximumOrders) orders (one page of the list), then press “\(BulkMoveOrdersPresenter.button(action))”.",
            errors: bulk.problem.map { [ViewModel.ErrorLink(field: firstOrderID.map { "select-\($0)" } ?? "result-count", message: $0)] } ?? [])
    }

    // MARK: Search and filters

    static func shippingName(_ speed: ShipmentMethod.ShippingSpeed) -> String {
        ShipmentMethod(speed: speed).toString()
    }

    /// `23 November 2026`: a day as pages write it.
    static func day(_ day: CalendarDay) -> String {
        "\(day.day) \(monthNames[max(0, min(11, day.month - 1))]) \(day.year)"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `6 orders found (324 in all)`, `1 order found`, `324 orders`: the results' heading. A count
    /// past `ListOrdersInteractor.countLimit` is "more than 10,000".
    static func resultCount(_ counts: ListOrders.FetchOrders.Counts, filtered: Bool) -> String {
        func number(_ count: Int) -> String {
            count > ListOrdersInteractor.countLimit ? "More than \(grouped(ListOrdersInteractor.countLimit))" : grouped(count)
        }
        func orders(_ count: Int) -> String { count == 1 ? "order" : "orders" }
        guard filtered else { return "\(number(counts.inAll)) \(orders(counts.inAll))" }
        let inAll = number(counts.inAll)
        return "\(number(counts.found)) \(orders(counts.found)) found (\(inAll.prefix(1).lowercased() + inAll.dropFirst()) in all)"
    }

    /// `10,000`: a count with its thousands grouped.
    static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }

    static func filtersForm(_ filters: OrdersFilters, problems: [OrdersFilterProblem]) -> ViewModel.Filters {
        func without(_ change: (inout OrdersFilters) -> Void) -> String {
            var remaining = filters
            change(&remaining)
            return Paths.orders(remaining.parameters)
        }
        // The search is in its box, above: a tag each for the filters folded away.
        var tags: [ViewModel.Tag] = []
        if let shipping = filters.shipping {
            tags.append(.init(label: "Shipping: \(shippingName(shipping))", removeURL: without { $0.shipping = nil }))
        }
        if let status = filters.status {
            tags.append(.init(label: "Status: \(status.toString())", removeURL: without { $0.status = nil }))
        }
        if filters.cancellationRequested {
            tags.append(.init(label: "Cancellation requested", removeURL: without { $0.cancellationRequested = false }))
        }
        if let from = filters.from {
            tags.append(.init(label: "Ordered from \(day(from))", removeURL: without { $0.from = nil }))
        }
        if let to = filters.to {
            tags.append(.init(label: "Ordered up to \(day(to))", removeURL: without { $0.to = nil }))
        }

        var form = ViewModel.Filters(
            action: Paths.orders.description, text: filters.text,
            shippingOptions: [ViewModel.Option(id: "shipping-any", value: "", label: "Any", checked: filters.shipping == nil)]
                + ShipmentMethod.ShippingSpeed.allCases.map { speed in
                    ViewModel.Option(
                        id: "shipping-\(speed.rawValue)", value: String(speed.rawValue), label: shippingName(speed),
                        checked: filters.shipping == speed)
                },
            statusOptions: [ViewModel.Option(id: "status-any", value: "", label: "Any", checked: filters.status == nil)]
                + OrderStatus.allCases.map { status in
                    ViewModel.Option(
                        id: "status-\(status.rawValue)", value: status.rawValue, label: status.toString(), checked: filters.status == status)
                },
            cancellationRequested: filters.cancellationRequested,
            from: filters.from?.iso ?? "", to: filters.to?.iso ?? "",
            sortOptions: sorts.map { sort in
                ViewModel.Option(
                    id: "sort-" + OrdersFilters.sortParameter(sort), value: sort == .newestFirst ? "" : OrdersFilters.sortParameter(sort),
                    label: sortName(sort).prefix(1).uppercased() + sortName(sort).dropFirst(), checked: filters.sort == sort)
            },
            open: filters.hasFilters || filters.sort != .newestFirst || problems.contains { $0 != .textTooLong },
            tags: tags,
            clearURL: filters.isEmpty ? nil : Paths.orders(OrdersFilters(sort: filters.sort).parameters))
        for problem in problems {
            switch problem {
            case .textTooLong:
                form.textError = "Search for \(OrdersFilterWorker.maximumTextLength) characters or fewer"
            case .notADate(.from, let typed):
                form.from = typed
                form.fromError = "Enter the first day as a real date, for example 2026-11-23"
            case .notADate(.to, let typed):
                form.to = typed
                form.toError = "Enter the last day as a real date, for example 2026-11-30"
            case .toBeforeFrom:
                form.toError = "The last day must be the same as or after the first day"
            }
        }
        return form
    }

    /// Every way the list sorts, as the sort's list offers them.
    static let sorts: [OrdersQuery.Sort] = [
        .newestFirst, OrdersQuery.Sort(.date, descending: false), OrdersQuery.Sort(.name, descending: false),
        OrdersQuery.Sort(.name, descending: true), OrdersQuery.Sort(.total, descending: true), OrdersQuery.Sort(.total, descending: false),
    ]

    /// "No orders match “jose”.": what found nothing, in a sentence.
    static func noMatchMessage(_ filters: OrdersFilters) -> String {
        let hasFilters = filters.hasFilters
        if filters.text.isEmpty { return "No orders match the filters." }
        return "No orders match “\(filters.text)”" + (hasFilters ? " with the filters." : ".")
    }

    /// Each way the list sorts, in words: the caption, and what a column's link does.
    static func sortName(_ sort: OrdersQuery.Sort) -> String {
        switch (sort.key, sort.descending) {
        case (.date, true): "newest first"
        case (.date, false): "oldest first"
        case (.name, false): "by customer name, A to Z"
        case (.name, true): "by customer name, Z to A"
        case (.total, false): "by total, lowest first"
        case (.total, true): "by total, highest first"
        }
    }

    static func caption(_ filters: OrdersFilters) -> String {
        (filters.isEmpty ? "Orders, " : "Orders found, ") + sortName(filters.sort)
    }

    /// The table's headings; the one the list is sorted by says which way (`aria-sort`). The sort is
    /// chosen in the form ("Sort by"), so that no link stands between the results' heading and the
    /// first order: after a search, one Tab reaches it.
    static func columns(_ filters: OrdersFilters) -> [ViewModel.Column] {
        func column(_ label: String, _ key: OrdersQuery.SortKey? = nil, className: String? = nil) -> ViewModel.Column {
            let sorted = key == filters.sort.key ? (filters.sort.descending ? "descending" : "ascending") : nil
            return ViewModel.Column(label: label, ariaSort: sorted, className: className)
        }
        return [
            column("Order"),
            column("Date", .date),
            column("Customer", .name),
            column("Phone", className: "phone"),
            column("Status", className: "status"),
            column("Total", .total, className: "number"),
        ]
    }

    /// A shipped order's row details: when, by whom, its tracking number ("Shipped 30 Jun 2007, UPS
    /// 1Z999AA10123456784"); nil for an order not shipped.
    static func shipped(_ order: Order, formatter: OrderDisplayFormatter) -> String? {
        guard order.status == .shipped else { return nil }
        let when = order.shippedAt.map { " \(formatter.shortDate($0))" } ?? ""
        let how = [order.carrier, order.trackingNumber].compactMap { $0 }.joined(separator: " ")
        return "Shipped\(when)" + (how.isEmpty ? "" : ", \(how)")
    }

    // MARK: Tabs

    func presentTabs(response: ListOrders.FetchTabs.Response) {
        switch response {
        case .openDefault(let view):
            viewController?.displayTabs(viewModel: ListOrders.FetchTabs.ViewModel(redirectURL: SavedViewsWorker.url(ofQuery: view.query)))
        case .tabs(let views, let counts, let current, let mayTakeOrders, let mayDecideCancellations):
            viewController?.displayTabs(
                viewModel: ListOrders.FetchTabs.ViewModel(
                    tabs: Self.tabs(
                        views: views, counts: counts, current: current, mayTakeOrders: mayTakeOrders,
                        mayDecideCancellations: mayDecideCancellations)))
        }
    }

    /// All, New, Paid, Packed (to ship) with their counts, Cancellation requests with its count for
    /// supervisors while any waits (the list's `cancellation=requested` filter), Drafts for who takes orders, then the
    /// account's saved views; the first whose list is `current` is marked. "All" is `/orders` unless
    /// the account opens the list on a view of its own, then `/orders?view=all` (a query, so no
    /// default opens).
    static func tabs(
        views: [SavedView], counts: ListOrders.FetchTabs.Counts?, current: String, mayTakeOrders: Bool, mayDecideCancellations: Bool = false
    ) -> ListOrders.FetchTabs.ViewModel.Tabs
    {
        typealias Tab = ListOrders.FetchTabs.ViewModel.Tab
        func count(_ value: Int?) -> String? {
            value.map { $0 > ListOrdersInteractor.countLimit ? grouped(ListOrdersInteractor.countLimit) + "+" : grouped($0) }
        }
        var tabs: [Tab] = [
            Tab(
                label: "All", count: count(counts?.all),
                url: views.contains(where: \.isDefault) ? Paths.orders.description + "?view=all" : Paths.orders.description,
                current: current.isEmpty)
        ]
        for status in ListOrdersInteractor.tabStatuses {
            let query = SavedViewsWorker.query(of: OrdersFilters(status: status))
            let value: Int? =
                switch status {
                case .new: counts?.new
                case .paid: counts?.paid
                default: counts?.packed
                }
            tabs.append(
                Tab(
                    label: status == .packed ? "Packed (to ship)" : status.toString(), count: count(value),
                    url: SavedViewsWorker.url(ofQuery: query), current: current == query))
        }
        // Only while a request waits (or when it is the list shown): one more tab wrapped the
        // supervisor's tabs to a second line at 1280 px, which pushed the first order below 350 px.
        let requestsQuery = SavedViewsWorker.query(of: OrdersFilters(cancellationRequested: true))
        if mayDecideCancellations, (counts?.cancellationRequests ?? 1) > 0 || current == requestsQuery {
            let query = requestsQuery
            tabs.append(
                Tab(
                    label: "Cancellation requests", count: count(counts?.cancellationRequests), url: SavedViewsWorker.url(ofQuery: query),
                    current: current == query))
        }
        if mayTakeOrders {
            tabs.append(Tab(label: "Drafts", count: nil, url: Paths.drafts.description, current: false))
        }
        var marked = tabs.contains(where: \.current)
        for view in views {
            let isCurrent = !marked && view.query == current
            marked = marked || isCurrent
            tabs.append(Tab(label: view.name, count: nil, url: SavedViewsWorker.url(ofQuery: view.query), current: isCurrent))
        }
        return ListOrders.FetchTabs.ViewModel.Tabs(
            tabs: tabs,
            saveURL: marked ? nil : Paths.newSavedView.description + (current.isEmpty ? "" : "?" + current),
            manageURL: views.isEmpty ? nil : Paths.savedViews.description)
    }
}
