import Hummingbird

/// A form all of whose fields are one line that no page shows again as typed (signing in, a
/// confirmation): a control character in it is a 400, before any store sees it. (The set-up
/// form says which of its fields holds one, `SetUpInteractor`.)
protocol SingleLineForm {}

extension SignIn.SignInFormFields: SingleLineForm {}

/// Decodes a posted form that `PostedFormMiddleware` has read and checked into `T`, once; a body
/// that is no form (malformed percent-encoding, a field given twice, a NUL; any control character
/// in a `SingleLineForm`) is a 400.
enum FormDecoding {
    /// A form with nothing in it but its CSRF token (a confirmation).
    struct NoFields: Decodable, SingleLineForm {}

    static func decode<T: Decodable>(_ type: T.Type, context: AppRequestContext) throws -> T {
        guard let text = context.formBody, let decoded = decodedWithoutNUL(text) else { throw HTTPError(.badRequest) }
        if T.self is any SingleLineForm.Type, decoded.utf8.contains(where: isControl) { throw HTTPError(.badRequest) }
        do {
            return try context.requestDecoder.decode(type, from: text)
        } catch {
            throw HTTPError(.badRequest)
        }
    }

    /// Every name and value percent-decodes to UTF-8 text (`%zz` and `%FF` do not) holding no NUL:
    /// no field takes one, and none may reach a store (a NUL ended an SQLite FTS5 search and is
    /// refused in any PostgreSQL text). The other control characters are each field's rule, a
    /// field error where the page can show the text as typed (an order's fields, a note, the set-up
    /// form), a 400 in a `SingleLineForm` (signing in).
    ///
    /// By hand, byte by byte: Foundation's `removingPercentEncoding` (after `+` became a space) per
    /// name and value went through NSString and was 10% of a create's CPU. A `%` sequence cannot
    /// span `&` or `=` (both are ASCII, and they are no hex digits), so decoding the body whole
    /// answers the same as decoding each name and value.
    static func isWellFormed(_ body: String) -> Bool {
        decodedWithoutNUL(body) != nil
    }

    /// The body percent-decoded whole (see `isWellFormed`), nil unless it is well formed.
    private static func decodedWithoutNUL(_ body: String) -> String? {
        guard let decoded = percentDecoded(body.utf8), !decoded.utf8.contains(0) else { return nil }
        return decoded
    }

    /// Whether a URL's query (`a=1&b=x%00`) holds a control character (C0 or DEL), raw or
    /// percent-encoded: no value of a query is more than one line, so any is a 400. (A query is
    /// scanned, not decoded: a malformed escape in it is no error, as `FormQuery` reads it.)
    static func queryHasControlCharacters(_ query: some Sequence<UInt8>) -> Bool {
        var bytes = query.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "%") {
                // A malformed escape is no control character (it is read as it came).
                guard let high = bytes.next().flatMap(hexValue), let low = bytes.next().flatMap(hexValue) else { continue }
                if isControl(high << 4 | low) { return true }
            } else if isControl(byte) {
                return true
            }
        }
        return false
    }

    /// A C0 control character or DEL, as a byte of UTF-8 (no byte of a longer character is one).
    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
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
