import Hummingbird
import NIOCore

/// The one door of every POST route: the body is read once and checked in this order — 415 for
/// another content type, 400 for a transfer coding other than chunked, 413 for a body over the
/// context's limit, 400 for a body that is not UTF-8 or whose framing is broken (a bad chunk),
/// 403 when the form's CSRF token is not its browser's — before any of it is decoded. The checked text is left in `context.formBody` for the
/// route to decode, once (`FormDecoding`).
struct PostedFormMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let security: RequestSecurity

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let contentType = request.headers[.contentType] ?? ""
        guard contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPError(.unsupportedMediaType)
        }
        // Chunked is the only transfer coding there is a reader for: any other (gzip, …) would be
        // read as if it were the form itself.
        let codings = request.headers[values: .transferEncoding].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard codings.allSatisfy({ $0 == "chunked" }) else {
            throw HTTPError(.badRequest)
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge)
        } catch {
            // The body ended early or its framing is broken: the request could not be read.
            throw HTTPError(.badRequest)
        }
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw HTTPError(.badRequest)
        }
        switch Self.token(in: text) {
        case .some(let token) where CSRFMiddleware.isValid(
            token: token, browserID: context.browserID, session: context.sessionID, security: security):
            break
        case .repeated:
            throw HTTPError(.badRequest)
        default:
            AppMetrics.csrfRefused()
            throw HTTPError(.forbidden)
        }
        var context = context
        context.formBody = text
        return try await next(request, context)
    }

    enum Token: Equatable {
        case some(String)
        case none
        /// `_csrf` given twice: no form does that.
        case repeated
    }

    /// The `_csrf` field of a form body, found without decoding the rest of it (a body of
    /// thousands of fields costs no more than a short one before the token is checked).
    /// Written by hand: Hummingbird's `URLEncodedFormDecoder` decodes the whole body at once.
    static func token(in body: String) -> Token {
        var found = Token.none
        let name = "\(CSRFMiddleware.fieldName)="
        for pair in body.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        where pair.starts(with: name.utf8) {
            guard found == .none else { return .repeated }
            found = .some(FormDecoding.percentDecoded(pair.dropFirst(name.utf8.count)) ?? "")
        }
        return found
    }
}
