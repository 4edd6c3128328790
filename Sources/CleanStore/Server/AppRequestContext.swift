import Hummingbird
import NIOCore

/// The request context of every route: forms decode as `application/x-www-form-urlencoded`,
/// and a body larger than `maxUploadSize` is refused with 413.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer the connection comes from (the proxy's address, behind one).
    public let remoteAddress: SocketAddress?
    /// The id the browser sent in its CSRF cookie (empty when it sent none), set by `CSRFMiddleware`.
    public var browserID = ""
    /// The token the browser's forms carry (`_csrf`), set by `CSRFMiddleware`.
    public var csrfToken = ""
    /// A posted form's body, read once and checked (size, UTF-8, CSRF token) by `PostedFormMiddleware`;
    /// routes decode it with `FormDecoding`.
    public var formBody: String?

    public init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Who is asking: the browser's id and its forms' token.
    public var browser: Browser { Browser(id: browserID, csrfToken: csrfToken) }

    public var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }

    /// An order form is a few hundred bytes; 64 KiB is generous.
    public var maxUploadSize: Int { 64 * 1024 }
}
