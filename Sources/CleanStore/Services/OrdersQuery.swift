import Foundation

/// Which orders a list or an export asks a store for, and in what order: every condition given must
/// hold (an empty query is every order, newest first, as the list has always been).
public struct OrdersQuery: Equatable, Sendable {
    /// What the list is sorted by. Ties are broken by the order's id, in the same direction.
    public enum SortKey: String, CaseIterable, Sendable {
        /// The order's date (`created_at`).
        case date
        /// Last name, then first name, folded as search folds them (`OrderSearch.sortName`): case
        /// and accents do not count, and every store compares the folded bytes the same way.
        case name
        /// The total, in cents.
        case total
    }

    public struct Sort: Equatable, Sendable {
        public var key: SortKey
        public var descending: Bool

        public init(_ key: SortKey, descending: Bool) {
            self.key = key
            self.descending = descending
        }

        /// Today's list: newest first.
        public static let newestFirst = Sort(.date, descending: true)
    }

    /// Free text (`OrderSearch.words`): each word must match the order somewhere; nil or blank
    /// matches every order.
    public var text: String?
    public var shippingSpeed: ShipmentMethod.ShippingSpeed?
    /// Orders with this status only (`OrderStatus`).
    public var status: OrderStatus?
    /// Only orders a clerk asked a supervisor to cancel, waiting for their decision
    /// (`Order.cancellationRequest`).
    public var cancellationRequested: Bool = false
    /// Orders dated at or after this instant (the caller turns the shop's calendar day into it).
    public var createdFrom: Date?
    /// Orders dated strictly before this instant: "up to and including June 30" is
    /// `createdBefore` = the start of July 1 in the shop's time zone.
    public var createdBefore: Date?
    public var sort: Sort

    public init(
        text: String? = nil, shippingSpeed: ShipmentMethod.ShippingSpeed? = nil, status: OrderStatus? = nil,
        createdFrom: Date? = nil, createdBefore: Date? = nil, sort: Sort = .newestFirst
    ) {
        self.text = text
        self.shippingSpeed = shippingSpeed
        self.status = status
        self.createdFrom = createdFrom
        self.createdBefore = createdBefore
        self.sort = sort
    }

    /// Every order, newest first.
    public static let all = OrdersQuery()

    /// The words of `text` the stores match (`OrderSearch.words`).
    var words: [OrderSearch.Word] { OrderSearch.words(in: text ?? "") }

    /// Whether a shipping speed and a span of dates (each nil: any) let `order` through, as the SQL
    /// stores' conditions decide it (`shipment_speed =`, `created_at >=`, `created_at <`): the
    /// memory store's query and `OrdersCountCache`'s following of a status move.
    static func speedAndDatesAdmit(
        _ order: Order, shippingSpeed: ShipmentMethod.ShippingSpeed?, createdFrom: Date?, createdBefore: Date?
    ) -> Bool {
        (shippingSpeed.map { order.shipmentMethod.speed == $0 } ?? true)
            && (createdFrom.map { order.date >= $0 } ?? true)
            && (createdBefore.map { order.date < $0 } ?? true)
    }
}
