/// How an order is shipped. The raw values are the form's values (`shipmentMethodSpeed`).
public struct ShipmentMethod: Equatable, Sendable {
    public enum ShippingSpeed: Int, CaseIterable, Sendable {
        case standard = 0
        case oneDay = 1
        case twoDay = 2
    }

    public var speed: ShippingSpeed

    public init(speed: ShippingSpeed) {
        self.speed = speed
    }

    /// The method's name, as the handbook's `ShipmentMethod.toString()`.
    public func toString() -> String {
        switch speed {
        case .standard: return "Standard Shipping"
        case .oneDay: return "One-Day Shipping"
        case .twoDay: return "Two-Day Shipping"
        }
    }
}
