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

    /// `+` is a space; `%XX` a byte; a malformed escape is left as it came.
    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
