import Foundation
import Hummingbird

/// An API error as RFC 9457 describes it (`application/problem+json`): the status, a title that
/// says what happened in the pages' words, and for a form the message of each field. Operations
/// throw it (their presenters decide it); `APIDoorMiddleware` writes it. Never holds a secret, a
/// header, or the decoded input: only words written here or by a presenter.
struct APIProblem: Error, Equatable, Sendable {
    struct FieldError: Equatable, Sendable, Codable {
        var field: String
        var message: String
    }

    var status: HTTPResponse.Status
    var title: String
    var detail: String?
    var errors: [FieldError] = []
    /// Extra headers: `Retry-After` on a 429, `WWW-Authenticate` on a 401, `Allow` on a 405.
    var headers: HTTPFields = [:]

    static let mediaType = "application/problem+json"

    static func unauthorized(_ detail: String) -> APIProblem {
        APIProblem(
            status: .unauthorized, title: "Not signed in", detail: detail,
            headers: [.wwwAuthenticate: #"Bearer realm="cleanstore""#])
    }
    static let forbidden = APIProblem(status: .forbidden, title: "Your token's role may not do this")
    static let notFound = APIProblem(status: .notFound, title: "Not found")
    static let unavailable = APIProblem(
        status: .serviceUnavailable, title: "The store could not be reached", detail: "Try again in a moment.",
        headers: [.retryAfter: "5"])

    static func invalid(_ errors: [FieldError]) -> APIProblem {
        APIProblem(status: .unprocessableContent, title: "There is a problem with what was sent", errors: errors)
    }

    private struct Body: Encodable {
        var type = "about:blank"
        var title: String
        var status: Int
        var detail: String?
        var errors: [FieldError]?
    }

    /// The problem as a response: the JSON body, its media type, no caching.
    var response: Response {
        let body = Body(title: title, status: Int(status.code), detail: detail, errors: errors.isEmpty ? nil : errors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data(#"{"status":500,"title":"Internal Server Error","type":"about:blank"}"#.utf8)
        var fields = headers
        fields[.contentType] = Self.mediaType
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A problem of `status` with the status's own words (a refusal with nothing more to say).
    static func status(_ status: HTTPResponse.Status, detail: String? = nil) -> APIProblem {
        APIProblem(status: status, title: status.reasonPhrase, detail: detail)
    }
}
