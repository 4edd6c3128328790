import Foundation

/// The shipping methods' prices: what an order's totals add (`OrderTotals`, computed by the stores
/// as they save an order: `OrderWrites`, `DraftPlacing`, `OrderLineWrites`). The total of an order
/// keyed before lines were recorded is its shipping (`totals(of:)`).
public enum OrderTotal {
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
        totals(of: order).totalCents
    }

    /// What `order` adds up to as people read it: its totals; for an order keyed before lines, its
    /// shipping alone (no subtotal, no tax).
    public static func totals(of order: Order) -> OrderTotals {
        guard order.itemsRecorded else {
            return OrderTotals(subtotalCents: 0, shippingCents: shippingCents(for: order.shipmentMethod.speed), taxCents: 0, tax: nil)
        }
        return order.totals
    }
}
