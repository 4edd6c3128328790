import Hummingbird

extension Request {
    /// The value of the cookie `name` the browser sent: what Hummingbird's `request.cookies[name]?.value`
    /// answers, found over the `Cookie` headers' bytes where they are ASCII (as browsers send them).
    ///
    /// Why (issue 31): every page asks for two to four cookies (the CSRF cookie, the session, the
    /// flash), and each `request.cookies[…]` splits every `Cookie` header into its cookies and
    /// looks for the name `Character` by `Character`: the CSRF middleware's share of the draft page
    /// was 4.2 %, most of it that walk. A header with any other byte is read by `Cookies` itself.
    func cookieValue(named name: String) -> String? {
        // No cookie of the app's has an empty name (`Cookies` parses a part starting with `=` its own way).
        guard !name.isEmpty else { return cookies[name]?.value }
        let headers = headers[values: .cookie]
        for (index, header) in headers.enumerated() {
            switch CookieValues.value(named: name, in: header) {
            case .found(let value): return value
            case .absent: continue
            case .notASCII:
                // No earlier header has the name: `Cookies` over this one and the rest answers.
                return Cookies(from: Array(headers[index...]))[name]?.value
            }
        }
        return nil
    }
}

/// Finds a cookie in one `Cookie` header as Hummingbird's `Cookies` does: the header split on `;`,
/// each part's leading white space dropped, its name what comes before its first `=`; the first part
/// with the name asked for wins, and its value is what follows that `=` and any `=` after it, or no
/// value when nothing does (then `Cookies` answers nil, without looking further).
enum CookieValues {
    enum Answer: Equatable {
        /// The first cookie of the name: its value, nil when it has none.
        case found(String?)
        case absent
        /// The header holds a byte outside ASCII: `Cookies` reads it (white space and `;` are
        /// `Character`s there).
        case notASCII
    }

    static func value(named name: String, in header: String) -> Answer {
        var name = name
        var header = header
        return name.withUTF8 { name in
            header.withUTF8 { bytes in value(named: name, in: bytes) }
        }
    }

    private static func value(named name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Answer {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return .notASCII }
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            // `Character.isWhitespace` over ASCII: tab, line feed, vertical tab, form feed, carriage
            // return and space.
            var first = start
            while first < end, bytes[first] == 0x20 || (0x09...0x0D).contains(bytes[first]) { first += 1 }
            if let equals = bytes[first..<end].firstIndex(of: UInt8(ascii: "=")),
                equals - first == name.count, bytes[first..<equals].elementsEqual(name)
            {
                var value = equals + 1
                while value < end, bytes[value] == UInt8(ascii: "=") { value += 1 }
                return .found(value < end ? String(decoding: bytes[value..<end], as: UTF8.self) : nil)
            }
            start = end + 1
        }
        return .absent
    }
}

