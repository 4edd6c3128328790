import Foundation

/// A URL's query as a GET form sends it (`application/x-www-form-urlencoded`): `q=jos%C3%A9+nunez`
/// is `q` = "josé nunez". The first value of a name counts.
///
/// By hand because neither of Hummingbird's readers fits a search box: `URI.queryParameters` keeps
/// a `+` as a plus (a form's space), and `URLEncodedFormDecoder` throws on a name given twice,
/// which a hand-edited or bookmarked URL may well do.
struct FormQuery {
    private var values: [String: String] = [:]

    init(_ query: String?) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decoded(parts[0])
            if values[name] == nil {
                values[name] = parts.count > 1 ? Self.decoded(parts[1]) : ""
            }
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// `+` is a space; `%XX` a byte (`FormDecoding.percentDecoded`, as for a posted form); a
    /// malformed escape, or bytes that are no UTF-8, are left as they came (a `+` still a space).
    private static func decoded(_ text: Substring) -> String {
        FormDecoding.percentDecoded(text.utf8) ?? text.replacingOccurrences(of: "+", with: " ")
    }
}

extension OrdersFilterParameters {
    /// The list's search, filters and sort as a query carries them (`q=jane&status=packed`, without
    /// `?`): the list's URL, a saved view's query, the list an order page was opened from.
    init(listQuery: String?) {
        let query = FormQuery(listQuery)
        self.init(text: query["q"], shipping: query["shipping"], status: query["status"], from: query["from"], to: query["to"], sort: query["sort"])
    }
}
