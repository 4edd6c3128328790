import Foundation

/// A list's search, filters and sort as the URL carries them (`GET /orders?q=…&shipping=…`), each
/// value as it came: the view controller copies them in, `OrdersFilterWorker` reads them.
struct OrdersFilterParameters: Equatable, Sendable {
    /// `q`: free text.
    var text: String? = nil
    /// `shipping`: a shipping speed's form value (`0`, `1`, `2`).
    var shipping: String? = nil
    /// `status`: `new`, `paid`, `packed`, `shipped` or `cancelled`.
    var status: String? = nil
    /// `cancellation`: `requested` for the orders a supervisor has been asked to cancel.
    var cancellation: String? = nil
    /// `from`, `to`: calendar days in the shop's time zone, `2026-11-23` (what a date input sends)
    /// or `11/23/2026`.
    var from: String? = nil
    var to: String? = nil
    /// `sort`: `date`, `name` or `total`, ascending; with a leading `-`, descending. None is `-date`.
    var sort: String? = nil
}

/// A day of the shop's calendar, as a filter names it.
struct CalendarDay: Equatable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    /// `2026-11-23`: as it travels in a URL and fills a date input.
    var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }
}

/// The search, filters and sort a list applies: what was valid of `OrdersFilterParameters`, in the
/// form a page links with (`parameters`) and shows as tags.
struct OrdersFilters: Equatable, Sendable {
    /// The search as typed, trimmed; empty for none.
    var text: String = ""
    var shipping: ShipmentMethod.ShippingSpeed? = nil
    var status: OrderStatus? = nil
    /// Only the orders a supervisor has been asked to cancel, waiting for their decision.
    var cancellationRequested = false
    var from: CalendarDay? = nil
    var to: CalendarDay? = nil
    var sort: OrdersQuery.Sort = .newestFirst

    /// No search and no filter (a sort is no filter).
    var isEmpty: Bool { text.isEmpty && !hasFilters }

    /// Whether a filter folded under "Filters and sort" is in force (the search and the sort aside).
    var hasFilters: Bool { shipping != nil || status != nil || cancellationRequested || from != nil || to != nil }

    /// The filters without their sort.
    var unsorted: OrdersFilters {
        var filters = self
        filters.sort = .newestFirst
        return filters
    }

    /// The URL's query items for these filters, in a fixed order; the default sort is left out.
    var parameters: [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        if !text.isEmpty { items.append(("q", text)) }
        if let shipping { items.append(("shipping", String(shipping.rawValue))) }
        if let status { items.append(("status", status.rawValue)) }
        if cancellationRequested { items.append(("cancellation", OrdersFilters.cancellationRequestedValue)) }
        if let from { items.append(("from", from.iso)) }
        if let to { items.append(("to", to.iso)) }
        if sort != .newestFirst { items.append(("sort", Self.sortParameter(sort))) }
        return items
    }

    /// The `cancellation` parameter's value that filters the orders a supervisor has been asked to cancel.
    static let cancellationRequestedValue = "requested"

    /// `name` for ascending, `-name` for descending.
    static func sortParameter(_ sort: OrdersQuery.Sort) -> String {
        (sort.descending ? "-" : "") + sort.key.rawValue
    }
}

/// A value of `OrdersFilterParameters` that was not used, and why (the list says so beside it).
enum OrdersFilterProblem: Equatable, Sendable {
    enum DateField: Equatable, Sendable {
        case from, to
    }

    /// A search longer than `OrdersFilterWorker.maximumTextLength`.
    case textTooLong
    /// Not a day of the calendar; `typed` as it came, to show it again.
    case notADate(DateField, typed: String)
    /// The last day is before the first: both are kept out.
    case toBeforeFrom
}

/// Turns a list's URL parameters into the store's query: the shop's calendar days become instants,
/// a value that means nothing is left out. Business rules, so here and not in a view controller:
/// an unknown sort or shipping value is ignored (a stale or hand-made URL still shows a list);
/// a search too long or a date that is none is left out and named, so the page can say so.
struct OrdersFilterWorker {
    /// Longer searches are refused: no name, email or address is this long.
    static let maximumTextLength = 200

    /// The shop's calendar: its days start at midnight in its time zone.
    let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    struct Result: Equatable {
        var query: OrdersQuery
        var filters: OrdersFilters
        var problems: [OrdersFilterProblem]
    }

    func query(from parameters: OrdersFilterParameters) -> Result {
        var filters = OrdersFilters()
        var problems: [OrdersFilterProblem] = []

        let text = (parameters.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count > Self.maximumTextLength {
            problems.append(.textTooLong)
        } else {
            filters.text = text
        }
        filters.shipping = parameters.shipping.flatMap { Int($0) }.flatMap(ShipmentMethod.ShippingSpeed.init(rawValue:))
        filters.status = parameters.status.flatMap(OrderStatus.init(rawValue:))
        filters.cancellationRequested = parameters.cancellation == OrdersFilters.cancellationRequestedValue
        filters.sort = parameters.sort.flatMap(Self.sort) ?? .newestFirst

        let from = day(parameters.from, field: .from, problems: &problems)
        let to = day(parameters.to, field: .to, problems: &problems)
        if let from, let to, (to.year, to.month, to.day) < (from.year, from.month, from.day) {
            problems.append(.toBeforeFrom)
        } else {
            filters.from = from
            filters.to = to
        }

        var query = OrdersQuery(
            text: filters.text.isEmpty ? nil : filters.text,
            shippingSpeed: filters.shipping,
            status: filters.status,
            createdFrom: filters.from.flatMap { start(of: $0) },
            // Up to and including the last day: before the start of the next.
            createdBefore: filters.to.flatMap { start(of: $0) }.flatMap { calendar.date(byAdding: .day, value: 1, to: $0) },
            sort: filters.sort)
        query.cancellationRequested = filters.cancellationRequested
        return Result(query: query, filters: filters, problems: problems)
    }

    static func sort(_ parameter: String) -> OrdersQuery.Sort? {
        let descending = parameter.hasPrefix("-")
        guard let key = OrdersQuery.SortKey(rawValue: String(descending ? parameter.dropFirst() : parameter[...])) else {
            return nil
        }
        return OrdersQuery.Sort(key, descending: descending)
    }

    /// The day `typed` names, nil for none; a value that names no day is a problem.
    private func day(_ typed: String?, field: OrdersFilterProblem.DateField, problems: inout [OrdersFilterProblem]) -> CalendarDay? {
        let typed = (typed ?? "").trimmingCharacters(in: .whitespaces)
        if typed.isEmpty { return nil }
        guard let day = Self.calendarDay(typed), start(of: day) != nil else {
            problems.append(.notADate(field, typed: String(typed.prefix(40))))
            return nil
        }
        return day
    }

    /// `2026-11-23` or `11/23/2026`; the numbers only (whether the day exists is `start(of:)`'s).
    static func calendarDay(_ text: String) -> CalendarDay? {
        func numbers(_ separator: Character) -> [Int]? {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }) else {
                return nil
            }
            let values = parts.compactMap { Int($0) }
            return values.count == 3 ? values : nil
        }
        if let parts = numbers("-"), text.prefix(while: { $0 != "-" }).count == 4 {
            return CalendarDay(year: parts[0], month: parts[1], day: parts[2])
        }
        if let parts = numbers("/"), parts[2] >= 1000 {
            return CalendarDay(year: parts[2], month: parts[0], day: parts[1])
        }
        return nil
    }

    /// Midnight at the start of `day` in the shop's time zone; nil when there is no such day
    /// (February 30th) or it is outside years 1–9999.
    func start(of day: CalendarDay) -> Date? {
        guard (1...9999).contains(day.year), (1...12).contains(day.month), day.day >= 1 else { return nil }
        let components = DateComponents(year: day.year, month: day.month, day: day.day)
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: day.year, month: day.month, day: day.day)
        else { return nil }
        return calendar.startOfDay(for: date)
    }
}
