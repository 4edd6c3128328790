/// Where orders live. Every store (memory, SQLite, later PostgreSQL) keeps the same contract,
/// checked by one contract test suite:
/// - `createOrder` chooses a unique id and computes the total (`OrderTotalWorker`);
///   the id and total of the order passed in are ignored.
/// - `createOrder` saves version 1.
/// - `updateOrder` keeps the stored id and date, recomputes the total, and saves only when the
///   order's `version` is the stored one (then one more); otherwise it throws `.conflict` with the
///   order as it is stored now, and changes nothing.
/// - `fetchOrders` returns the newest first.
/// - An unknown id is `nil` from `fetchOrder` and `OrdersStoreError.notFound` elsewhere.
public protocol OrdersStoreProtocol: Sendable {
    func fetchOrders() async throws(OrdersStoreError) -> [Order]
    /// One page of the newest-first list, by keyset: the orders just older than `after`, or just
    /// newer than `before`, or the newest; `limit` at most.
    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage
    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order?
    func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order
    func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order
    func deleteOrder(id: String) async throws(OrdersStoreError) -> Order
}

import Foundation

/// Where a page of the list starts: an order's place in the newest-first order (date, then id).
public struct OrdersCursor: Equatable, Sendable {
    public var date: Date
    public var id: Int64

    public init(date: Date, id: Int64) {
        self.date = date
        self.id = id
    }

    /// The order's place in the list (nil for an order with no numeric id).
    public init?(order: Order) {
        guard let id = order.id.flatMap({ Int64($0) }) else { return nil }
        self.init(date: order.date, id: id)
    }

    /// As it travels in a URL: `<seconds since 1970>_<id>`, exact.
    public var token: String { "\(date.timeIntervalSince1970)_\(id)" }

    public init?(token: String) {
        let parts = token.split(separator: "_")
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, let id = Int64(parts[1]) else {
            return nil
        }
        self.init(date: Date(timeIntervalSince1970: seconds), id: id)
    }

    /// Whether `self` comes before `other` in the newest-first list.
    func isNewer(than other: OrdersCursor) -> Bool {
        (date, id) > (other.date, other.id)
    }
}

public struct OrdersPageRequest: Equatable, Sendable {
    public enum Position: Equatable, Sendable {
        case newest
        case after(OrdersCursor)
        case before(OrdersCursor)
    }

    public var position: Position
    public var limit: Int

    public init(position: Position = .newest, limit: Int) {
        self.position = position
        self.limit = limit
    }
}

public struct OrdersPage: Equatable, Sendable {
    /// Newest first.
    public var orders: [Order]
    public var hasNewer: Bool
    public var hasOlder: Bool

    public init(orders: [Order], hasNewer: Bool, hasOlder: Bool) {
        self.orders = orders
        self.hasNewer = hasNewer
        self.hasOlder = hasOlder
    }
}

/// What can go wrong in a store, as the handbook's `OrdersStoreError`, plus a typed "no such order".
public enum OrdersStoreError: Error, Equatable, Sendable {
    case notFound(id: String)
    /// The order was saved by someone else since the version an update was made from: nothing was
    /// changed; `current` is the order as it is stored now.
    case conflict(current: Order)
    case cannotFetch(String)
    case cannotCreate(String)
    case cannotUpdate(String)
    case cannotDelete(String)
}

/// Order ids as the database stores them: positive integer keys.
enum OrderID {
    /// The key an id names, or nil when it names no order (letters, signs, overflow, empty).
    static func rowID(_ id: String) -> Int64? {
        guard !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber), let value = Int64(id) else {
            return nil
        }
        return value
    }
}

extension OrdersStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let id): return "No order with id \(id)"
        case .conflict(let current): return "Order \(current.id ?? "") was saved by someone else (now version \(current.version))"
        case .cannotFetch(let reason), .cannotCreate(let reason), .cannotUpdate(let reason), .cannotDelete(let reason):
            return reason
        }
    }
}
