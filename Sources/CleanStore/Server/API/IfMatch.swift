import Foundation

/// The version a change through the API is made from: an order's or a draft's `If-Match`, the
/// ETag its `GET` answered (`ETag: "7"`). One reading and one pair of answers for every operation
/// that needs it (an order's status move, a draft's section and line writes, its placing).
enum IfMatch {
    /// The version an `If-Match` names: `"7"` (or `W/"7"`, or `7`); nil for anything else.
    static func version(named ifMatch: String) -> Int? {
        var text = Substring(ifMatch.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
        guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// The version `ifMatch` names for a change to `thing` ("order", "draft"): 428 without an
    /// `If-Match`, 412 when it names no version (`example` is shown as the ETag to send).
    static func version(_ ifMatch: String?, of thing: String, example: Int) throws -> Int {
        guard let ifMatch else {
            throw APIProblem(
                status: .preconditionRequired, title: "Send the \(thing)'s ETag in If-Match",
                detail: "A change is made from the version it was read at: GET the \(thing), then send its ETag.")
        }
        guard let version = version(named: ifMatch) else {
            throw APIProblem(
                status: .preconditionFailed, title: "If-Match names no version of this \(thing)",
                detail: "Send the ETag a GET of the \(thing) answered (\"\(example)\").")
        }
        return version
    }
}
