import Foundation

/// The shipping methods' prices: what an order's totals add (`OrderTotals`, computed by the stores
/// as they save an order: `OrderWrites`, `DraftPlacing`, `OrderLineWrites`). The total of an order
/// keyed before lines were recorded is its shipping (`total(for:)`).
public enum OrderTotal {
    public static func shippingPrice(for speed: ShipmentMethod.ShippingSpeed) -> Decimal {
        switch speed {
        case .standard: return Decimal(string: "0.00")!
        case .twoDay: return Decimal(string: "9.99")!
        case .oneDay: return Decimal(string: "19.99")!
        }
    }

    /// The shipping method's price in cents (what an order's totals add).
    public static func shippingCents(for speed: ShipmentMethod.ShippingSpeed) -> Int64 {
        switch speed {
        case .standard: return 0
        case .twoDay: return 999
        case .oneDay: return 1999
        }
    }

    /// What `order` costs, in cents, as every page, the CSV and the list's sort by total read it:
    /// its totals (lines, shipping, tax: `OrderTotals.totalCents`); for an order keyed before
    /// lines (`Order.itemsRecorded` false) its shipping alone, whatever was kept beside it.
    public static func totalCents(of order: Order) -> Int64 {
        order.itemsRecorded ? order.totals.totalCents : shippingCents(for: order.shipmentMethod.speed)
    }

    public static func total(for order: Order) -> Decimal {
        shippingPrice(for: order.shipmentMethod.speed)
    }
}
