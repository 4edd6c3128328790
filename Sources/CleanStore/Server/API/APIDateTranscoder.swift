import Foundation
import OpenAPIRuntime

/// The API's dates written as swift-openapi-runtime's `ISO8601DateTranscoder` writes them
/// (`2026-11-28T00:10:00Z`: UTC, whole seconds), by the integer arithmetic the pages' dates use
/// (`OrderDisplayFormatter.civil(fromDays:)`): the runtime's transcoder formats each date through
/// Foundation's `ISO8601DateFormatter` behind a lock, which was 6.4 % of the CPU of the API's list
/// of 50 orders (issue 31, `scripts/profile-page /api/v1/orders`). Written by hand because the
/// runtime offers no cheaper transcoder; outside 1900–9999, and for every date the API reads, the
/// runtime's own is asked (`APIDateTranscoderTests` holds the two to the same text).
struct APIDateTranscoder: DateTranscoder {
    private let standard = ISO8601DateTranscoder()

    func encode(_ date: Date) throws -> String {
        let seconds = date.timeIntervalSince1970
        // 1900-01-02 and 9999-12-30 UTC, as OrderDisplayFormatter.clock's range.
        guard seconds.isFinite, seconds > -2_208_902_400, seconds < 253_402_128_000 else {
            return try standard.encode(date)
        }
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let ofDay = whole - days * 86_400
        let (year, month, day) = OrderDisplayFormatter.civil(fromDays: days)
        let pairs = OrderDisplayFormatter.digitPairs
        return "\(OrderDisplayFormatter.fourDigits(year))-\(pairs[month])-\(pairs[day])"
            + "T\(pairs[ofDay / 3600]):\(pairs[ofDay % 3600 / 60]):\(pairs[ofDay % 60])Z"
    }

    func decode(_ string: String) throws -> Date {
        try standard.decode(string)
    }
}
