import Foundation

/// What a clerk says when an order goes out: who carries it and, when there is one, its tracking
/// number (`OrdersStoreProtocol.changeStatus` keeps both on the order with the day it shipped).
public struct Shipment: Equatable, Sendable {
    /// The carrier's name: one of `carriers`, or another one's as typed.
    public var carrier: String
    /// A tracking number as `TrackingNumber.check` keeps it; nil when none was given.
    public var trackingNumber: String?

    public init(carrier: String, trackingNumber: String? = nil) {
        self.carrier = carrier
        self.trackingNumber = trackingNumber
    }

    /// The carriers the confirmation page offers by name (then "Other", typed).
    public static let carriers = ["UPS", "USPS", "FedEx", "DHL"]
}

/// A carrier's tracking number: a field of its own, not free text. Spaces and hyphens a clerk
/// copies with it are dropped and letters uppercased; what is left is 8 to 40 letters and digits.
/// It is a parcel's number, so the card-number rule (`TextRules.cardNumbers`) is not asked: a 12–22
/// digit carrier number is what it should hold.
public enum TrackingNumber {
    public static let minimumLength = 8
    public static let maximumLength = 40

    public enum Problem: Error, Equatable, Sendable {
        case tooShort, tooLong, notLettersAndDigits
    }

    /// The number as kept (nil for an empty box: the number is optional), or why it cannot be.
    public static func check(_ typed: String) -> Result<String?, Problem> {
        let kept = typed.precomposedStringWithCompatibilityMapping
            .filter { !$0.isWhitespace && $0 != "-" }
            .uppercased()
        if kept.isEmpty { return .success(nil) }
        guard kept.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
            return .failure(.notLettersAndDigits)
        }
        if kept.count < minimumLength { return .failure(.tooShort) }
        if kept.count > maximumLength { return .failure(.tooLong) }
        return .success(kept)
    }
}
