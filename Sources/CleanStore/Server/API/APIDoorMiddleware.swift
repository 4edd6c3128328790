import Foundation
import Hummingbird
import Logging
import NIOCore
import OpenAPIRuntime

/// Who an API request is made by, for the operations (`APIHandlers`): set by `APIDoorMiddleware`
/// for the task that runs the generated code, which hands operations their input only.
struct APICaller: Sendable {
    var signedIn: SignedIn
    /// `csk_` and 8 characters: how logs name the token, never more of it.
    var tokenPrefix: String
    var logger: Logger
    /// The request's `Idempotency-Key` as sent: the generated code percent-decodes a header's value
    /// (`%41` would be `A`), and a key is an opaque string the client chose, compared as sent.
    var idempotencyKey: String? = nil
    /// The request's `If-Match` as sent (`%00{` is an ETag of no version, not a control character).
    var ifMatch: String? = nil

    @TaskLocal static var current: APICaller?

    /// The caller, if `use` is theirs to make; a 403 problem else (401 with none: not through the door).
    static func require(_ use: OrderUse) throws -> APICaller {
        guard let caller = current else { throw APIProblem.unauthorized("Send an API token: Authorization: Bearer csk_…") }
        guard caller.signedIn.may(use) else {
            caller.logger.info("API request refused: not permitted", metadata: ["status": "403", "role": "\(caller.signedIn.role.rawValue)"])
            throw APIProblem.forbidden
        }
        return caller
    }
}

/// The door of every API route, before the generated code runs: the bearer token (cookies are
/// never read: no CSRF path into the API), its account as it is now (a disabled one's tokens stop
/// working), the per-token rate limit, the body read to the app's 64 KiB limit; and the API's own
/// error layer around it all, so that every error is `application/problem+json` and no runtime
/// error's description (which holds the request's headers, the token among them, and the decoded
/// input) reaches a response or a log: only its type and operation are logged.
struct APIDoorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let tokens: any APITokensStoreProtocol
    let limiter: APIRateLimiter
    let now: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let caller = try await authenticate(request, context: context)
            var request = request
            var context = context
            context.logger[metadataKey: "token"] = .string(caller.tokenPrefix)
            context.notes.apiToken = caller.tokenPrefix
            context.notes.signedIn = caller.signedIn
            if let retryAfter = limiter.refusal(for: caller.tokenPrefix, at: now()) {
                context.logger.info("API request refused: rate limit", metadata: ["status": "429"])
                throw APIProblem(
                    status: .tooManyRequests, title: "Too many requests",
                    detail: "This token may make \(limiter.limit) requests a minute on this server: try again in \(retryAfter) seconds.",
                    headers: [.retryAfter: "\(retryAfter)"])
            }
            if Self.holdsControlCharacter(request.uri.path) || Self.holdsControlCharacter(request.uri.query ?? "")
                || (request.headers[.ifMatch] ?? "").unicodeScalars.contains(where: Self.isControlOrNotText)
            {
                throw APIProblem.status(.badRequest, detail: "The URL or a header holds a control character.")
            }
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            // No field of the API is ever null (openapi.yaml): the generated code would read a null
            // as a field left out, so a body holding one is refused here (400).
            if request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true, Self.holdsNull(body) {
                throw APIProblem.status(.badRequest, detail: "No field of this API is null: leave out what you do not send.")
            }
            var logged = caller
            logged.logger = context.logger
            logged.idempotencyKey = request.headers[.init("Idempotency-Key")!]
            logged.ifMatch = request.headers[.ifMatch]
            var response = try await APICaller.$current.withValue(logged) { try await next(request, context) }
            // The runtime writes a header's value percent-encoded (its "simple" style: `%227%22`,
            // `%2Fapi%2Fv1%2Fdrafts%2FD-…`); an ETag is a quoted string as HTTP has it (`"7"`), and a
            // Location a path (no path this API makes holds a `%` of its own).
            if let eTag = response.headers[.eTag], eTag.hasPrefix("%22"), let decoded = eTag.removingPercentEncoding {
                response.headers[.eTag] = decoded
            }
            if let location = response.headers[.location], location.hasPrefix("%2F"), let decoded = location.removingPercentEncoding {
                response.headers[.location] = decoded
            }
            return try await Self.inOneBuffer(response)
        } catch {
            let problem = Self.problem(for: error, logger: context.logger)
            if problem.status.code >= 500 {
                context.logger.error("API request failed", metadata: ["status": "\(problem.status.code)"])
            }
            return problem.response
        }
    }

    /// `response` with its body in one buffer, written with its head at once as a page's is
    /// (Hummingbird's batched write of a `ResponseBody(byteBuffer:)`). The generated code encodes a
    /// body whole and hands it on as a stream (`OpenAPIHummingbird`'s `Response(_:body:)`), which
    /// Hummingbird writes as the head, the body and the end one after the other, each its own hop
    /// to the connection's event loop and its own flush. A body of unknown length (a stream the
    /// runtime did not make whole) is left as it is.
    static func inOneBuffer(_ response: Response) async throws -> Response {
        guard response.body.contentLength != nil else { return response }
        let collected = CollectedBody()
        var response = response
        try await response.body.write(CollectingBodyWriter(collected: collected))
        let buffer = collected.buffer ?? ByteBuffer()
        if let trailers = collected.trailers {
            response.body = ResponseBody(contentLength: buffer.readableBytes) { writer in
                try await writer.write(buffer)
                try await writer.finish(trailers)
            }
        } else {
            response.body = ResponseBody(byteBuffer: buffer)
        }
        return response
    }

    /// What a body wrote, for `inOneBuffer`.
    final class CollectedBody {
        var buffer: ByteBuffer?
        var trailers: HTTPFields?
    }

    /// A body writer that keeps what is written (one buffer is kept as it is, without a copy).
    struct CollectingBodyWriter: ResponseBodyWriter {
        let collected: CollectedBody

        mutating func write(_ buffer: ByteBuffer) async throws {
            if collected.buffer == nil {
                collected.buffer = buffer
            } else {
                var buffer = buffer
                collected.buffer!.writeBuffer(&buffer)
            }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
            collected.trailers = trailingHeaders
        }
    }

    /// Whether `body` is JSON holding a null anywhere (malformed JSON is the runtime's 400).
    static func holdsNull(_ body: ByteBuffer) -> Bool {
        guard body.readableBytes > 0,
            let json = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed])
        else { return false }
        func holds(_ value: Any) -> Bool {
            switch value {
            case is NSNull: return true
            case let object as [String: Any]: return object.values.contains(where: holds)
            case let array as [Any]: return array.contains(where: holds)
            default: return false
            }
        }
        return holds(json)
    }

    /// A control character: C0, DEL or C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }

    /// A control character, or bytes that are no UTF-8 text (read as U+FFFD): a client sending
    /// U+0084 as the single byte 0x84 (Latin-1, as Python's `requests` does) sends a C1 control
    /// character all the same, and an ETag is never anything but ASCII.
    static func isControlOrNotText(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar) || scalar == "\u{FFFD}" }

    /// Whether `text`, percent-decoded, holds a control character (C0, DEL or C1): no parameter of
    /// the API holds one (openapi.yaml's `Text`), whatever the operation would make of it.
    static func holdsControlCharacter(_ text: String) -> Bool {
        // Without a `%` there is nothing to decode (and a `+`, a space, is no control character):
        // the text's own characters, without Foundation's copies (every API request's path).
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text.unicodeScalars.contains(where: isControl) }
        let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
        return decoded.unicodeScalars.contains(where: isControl)
    }

    /// The caller of a request with a usable token, or the 401 that says why not (in words that
    /// tell no one whether a token exists).
    private func authenticate(_ request: Request, context: Context) async throws -> APICaller {
        guard let authorization = request.headers[.authorization] else {
            throw APIProblem.unauthorized("Send an API token: Authorization: Bearer csk_…")
        }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIProblem.unauthorized("Only bearer tokens are accepted: Authorization: Bearer csk_…")
        }
        guard let secret = APITokenSecret(text: String(parts[1]).trimmingCharacters(in: .whitespaces)) else {
            throw APIProblem.unauthorized("That is not an API token (csk_ and 49 characters, its checksum holding).")
        }
        let at = now()
        let found: (APIToken, Account)?
        do {
            found = try await tokens.token(forHash: secret.hash, now: at)
        } catch {
            context.logger.error("API token could not be read", metadata: ["token": "\(secret.prefix)", "error": "\(error)"])
            throw APIProblem.unavailable
        }
        guard let (token, account) = found, let signedIn = APITokenRules.signedIn(token, account: account, at: at) else {
            context.logger.info("API request refused: token not usable", metadata: ["status": "401", "token": "\(secret.prefix)"])
            throw APIProblem.unauthorized("This token is unknown, revoked or expired, or its account is disabled.")
        }
        return APICaller(signedIn: signedIn, tokenPrefix: token.prefix, logger: context.logger)
    }

    /// What a client is told of `error`: an operation's problem as it is; the runtime's refusals by
    /// their status alone, in fixed words; a decoding error (a body that is no JSON, or of the wrong
    /// type: the runtime says 500, apple/swift-openapi-generator#717) a 400; anything else a 500,
    /// logged by type and operation only.
    static func problem(for error: any Error, logger: Logger) -> APIProblem {
        switch error {
        case let problem as APIProblem:
            return problem
        case let error as ServerError:
            if let problem = error.underlyingError as? APIProblem { return problem }
            if error.underlyingError is DecodingError {
                return .status(.badRequest, detail: "The body is not JSON of the shape this operation takes (see openapi.yaml).")
            }
            switch error.httpStatus.code {
            case 415: return .status(.unsupportedMediaType, detail: "Send the body as application/json.")
            case 406: return .status(.notAcceptable, detail: "This operation answers application/json.")
            case 400..<500:
                return .status(.badRequest, detail: "A parameter, header or the body is not what this operation takes (see openapi.yaml).")
            default:
                logger.error(
                    "API operation failed",
                    metadata: ["operation": "\(error.operationID)", "error": "\(String(reflecting: type(of: error.underlyingError)))"])
                return .status(.internalServerError)
            }
        case is NIOTooManyBytesError:
            return .status(.contentTooLarge, detail: "The body is larger than 64 KiB.")
        case let error as HTTPError where error.status == .contentTooLarge:
            return .status(.contentTooLarge, detail: "The body is larger than 64 KiB.")
        case let error as HTTPError where (400..<500).contains(error.status.code):
            return .status(error.status)
        default:
            logger.error("API request failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            return .status(.internalServerError)
        }
    }
}
