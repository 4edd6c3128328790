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
    static func isWellFormed(_ body: String) -> Bool {
        body.split(separator: "&", omittingEmptySubsequences: true).allSatisfy { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).allSatisfy { part in
                part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding != nil
            }
        }
    }
}
