import Foundation

/// A thing the shop sells, as the catalog keeps it. Money in integer cents.
public struct Product: Equatable, Sendable {
    /// Chosen by the store when the product is created; nil before.
    public var id: Int64?
    /// Unique regardless of case; stored trimmed and upper-cased (`Product.normalizedSKU`).
    public var sku: String
    public var name: String
    public var priceCents: Int64
    public var taxable: Bool
    /// nil when the shop does not count this product's stock.
    public var stock: Stock?
    /// false once archived: kept for the orders that name it, offered for no new line.
    public var active: Bool
    /// 1 when created, one more at each change (an edit, archive, restore; not a placing's stock move).
    public var version: Int
    public var createdAt: Date
    public var createdBy: AccountName?
    public var updatedAt: Date?
    public var updatedBy: AccountName?

    /// What is counted of a product whose stock is tracked.
    public struct Stock: Equatable, Sendable {
        /// On the shelves (taken off when an order ships).
        public var onHand: Int64
        /// Promised to placed orders not yet shipped (released when one is cancelled).
        public var committed: Int64
        /// Whether an order may be placed for more than is available.
        public var allowBackorder: Bool
        /// What a new order may still take without a backorder.
        public var available: Int64 { onHand - committed }

        public init(onHand: Int64, committed: Int64 = 0, allowBackorder: Bool = false) {
            self.onHand = onHand
            self.committed = committed
            self.allowBackorder = allowBackorder
        }
    }

    public init(
        id: Int64? = nil, sku: String, name: String, priceCents: Int64, taxable: Bool = true, stock: Stock? = nil,
        active: Bool = true, version: Int = 1, createdAt: Date, createdBy: AccountName? = nil,
        updatedAt: Date? = nil, updatedBy: AccountName? = nil
    ) {
        self.id = id
        self.sku = Product.normalizedSKU(sku)
        self.name = name
        self.priceCents = priceCents
        self.taxable = taxable
        self.stock = stock
        self.active = active
        self.version = version
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }

    /// A SKU as it is stored and compared: trimmed and upper-cased (`ab-1 ` is `AB-1`).
    public static func normalizedSKU(_ text: String) -> String {
        // A SKU as stored is already so (printable ASCII, no lower case): returned as it is, without
        // Foundation's trimming (a bridge to `NSString` and back), which was 1.4 % of a draft page
        // of 20 lines, whose products are read on every view (issue 31).
        if !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !(0x61...0x7A).contains($0) }) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    }
}
