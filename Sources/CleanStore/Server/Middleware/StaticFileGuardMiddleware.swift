import Foundation
import Hummingbird

/// In front of Hummingbird's `FileMiddleware` (2.28.1), against three of its behaviours:
/// - A `Range` that starts at or past the end of the file gets a 206 whose `Content-Length`
///   (end − start + 1, so zero or less) is not the length of its body (the range clamped to the
///   file: one byte), which breaks the next response on the connection. Here: 416 with
///   `Content-Range: bytes */size` (RFC 9110 §14.4, §15.5.17).
/// - It percent-decodes the path and opens the file by it as a C string, so a NUL ends the name
///   (`/css/app.css%00.html` opens `app.css`) while the content type comes from all of it
///   (`.html`). Here: a control character anywhere in a decoded path is a 400 (no path of this
///   app has one, so this holds for every path, not only files'), and so is one in a query (no
///   query value of this app is more than a line: a NUL in a search was a 503 from the store).
/// - A folder's path without its final slash is redirected to the path with one, so `//css`
///   (or `/%2Fcss`) goes to `//css/`, which a browser reads as the host `css`. Here: a redirect
///   whose `Location` starts with `//` or `/\` is a 404, whoever answered it.
struct StaticFileGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // An invalid percent-encoding is FileMiddleware's 400 already. A path of printable ASCII
        // without `%` (nearly every one) decodes to itself and holds no control character.
        let path = request.uri.path
        if !Self.isPrintableASCIIWithoutPercent(path.utf8), let decoded = path.removingPercentEncoding,
            decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw HTTPError(.badRequest)
        }
        if let query = request.uri.query, FormDecoding.queryHasControlCharacters(query.utf8) {
            throw HTTPError(.badRequest)
        }
        let response = try await next(request, context)
        if response.status == .partialContent, let size = Self.unsatisfiedRangeSize(response.headers[.contentRange]) {
            return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .contentLength: "0"])
        }
        if (300..<400).contains(response.status.code), let location = response.headers[.location],
            location.hasPrefix("//") || location.hasPrefix("/\\")
        {
            throw HTTPError(.notFound)
        }
        return response
    }

    /// Whether every byte is printable ASCII (space to `~`) other than `%`.
    static func isPrintableASCIIWithoutPercent(_ bytes: String.UTF8View) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") }
    }

    /// The file's size when `contentRange` (`bytes first-last/size`) is a range FileMiddleware
    /// made up for a `Range` it could not satisfy: one that starts past its end, or at or past the
    /// file's end; nil for a range within the file.
    static func unsatisfiedRangeSize(_ contentRange: String?) -> Int? {
        guard let contentRange, contentRange.hasPrefix("bytes ") else { return nil }
        let rangeAndSize = contentRange.dropFirst("bytes ".count).split(separator: "/", maxSplits: 1)
        guard rangeAndSize.count == 2, let size = Int(rangeAndSize[1]) else { return nil }
        // The last position is negative (`0--1`) for an empty file.
        let range = rangeAndSize[0]
        guard let dash = range.firstIndex(of: "-"), let first = Int(range[..<dash]),
            let last = Int(range[range.index(after: dash)...])
        else { return size }
        return first > last || first >= size ? size : nil
    }
}
