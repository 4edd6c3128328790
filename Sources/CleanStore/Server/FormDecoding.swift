import Hummingbird

/// Reads a posted web form into `T`, or says with which status to refuse it, in this order:
/// 415 for another content type, 413 for a body over the context's limit, 400 for a body that is
/// no form (invalid UTF-8, malformed percent-encoding, a field given twice, …), 403 when the form's
/// CSRF token is not its browser's. Nothing is read into the app before all of these pass.
enum FormDecoding {
    private struct CSRFField: Decodable {
        var _csrf: String?
    }

    /// A form with nothing in it but its CSRF token (a confirmation).
    struct NoFields: Decodable {}

    static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, context: AppRequestContext, security: RequestSecurity
    ) async -> Result<T, HTTPError> {
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            return .failure(HTTPError(.unsupportedMediaType))
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: context.maxUploadSize)
        } catch {
            return .failure(HTTPError(.contentTooLarge))
        }
        guard let text = String(validating: body.readableBytesView, as: UTF8.self), isWellFormed(text) else {
            return .failure(HTTPError(.badRequest))
        }
        let decoded: T
        let token: String?
        do {
            decoded = try context.requestDecoder.decode(type, from: text)
            token = try context.requestDecoder.decode(CSRFField.self, from: text)._csrf
        } catch {
            return .failure(HTTPError(.badRequest))
        }
        guard let token, CSRFMiddleware.isValid(token: token, browserID: context.browserID, security: security) else {
            return .failure(HTTPError(.forbidden))
        }
        return .success(decoded)
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
