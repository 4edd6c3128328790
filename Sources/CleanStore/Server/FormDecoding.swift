import Hummingbird

/// Decodes a posted form that `PostedFormMiddleware` has read and checked into `T`, once; a body
/// that is no form (malformed percent-encoding, a field given twice, …) is a 400.
enum FormDecoding {
    /// A form with nothing in it but its CSRF token (a confirmation).
    struct NoFields: Decodable {}

    static func decode<T: Decodable>(_ type: T.Type, context: AppRequestContext) throws -> T {
        guard let text = context.formBody, isWellFormed(text) else { throw HTTPError(.badRequest) }
        do {
            return try context.requestDecoder.decode(type, from: text)
        } catch {
            throw HTTPError(.badRequest)
        }
    }

    /// Every name and value percent-decodes to UTF-8 text (`%zz` and `%FF` do not).
    ///
    /// By hand, byte by byte: Foundation's `removingPercentEncoding` (after `+` became a space) per
    /// name and value went through NSString and was 10% of a create's CPU. A `%` sequence cannot
    /// span `&` or `=` (both are ASCII, and they are no hex digits), so decoding the body whole
    /// answers the same as decoding each name and value.
    static func isWellFormed(_ body: String) -> Bool {
        percentDecoded(body.utf8) != nil
    }

    /// A name or value of a form, `+` read as a space and `%XX` as its byte; nil unless that is UTF-8.
    static func percentDecoded(_ text: some Sequence<UInt8>) -> String? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.underestimatedCount)
        var bytes = text.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = bytes.next().flatMap(hexValue), let low = bytes.next().flatMap(hexValue) else { return nil }
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+"):
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(byte)
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
