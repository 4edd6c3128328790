import Hummingbird
import NIOCore

/// The request context of every route: forms decode as `application/x-www-form-urlencoded`,
/// and a body larger than `maxUploadSize` is refused with 413.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer the connection comes from (the proxy's address, behind one).
    public let remoteAddress: SocketAddress?
    /// The browser's CSRF cookie and token, as `CSRFMiddleware` found them (worked out when asked).
    public var csrf: CSRFState?
    /// The id the browser sent in its CSRF cookie (empty when it sent none).
    public var browserID: String { csrf?.sentID ?? "" }
    /// The token the browser's forms carry (`_csrf`).
    public var csrfToken: String { csrf?.token ?? "" }
    /// The session id in the browser's session cookie, if it sent one (whether or not the session
    /// is still going): the CSRF token is bound to it, and signing out ends it.
    public var sessionID: SessionID?
    /// The account signed in on this browser, set by `SessionMiddleware` once it found the session.
    public var signedIn: SignedIn? {
        didSet { notes.signedIn = signedIn }
    }
    /// What middleware deeper in the chain found out, for those before it (the access log's account).
    public let notes = RequestNotes()
    /// A posted form's body, read once and checked (size, UTF-8, CSRF token) by `PostedFormMiddleware`;
    /// routes decode it with `FormDecoding`.
    public var formBody: String?

    public init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Who is asking: the browser's id and its forms' token.
    public var browser: Browser { Browser(id: browserID, csrfToken: csrfToken, signedIn: signedIn) }

    public var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }

    /// An order form is a few hundred bytes; 64 KiB is generous.
    public var maxUploadSize: Int { 64 * 1024 }
}

/// What a request's handling found out deeper in the middleware chain, shared by every copy of its
/// context (contexts are values: a change made inside `next` is not seen by the middleware that
/// called it). Written and read by one request's task only, one middleware after another.
public final class RequestNotes: @unchecked Sendable {
    /// The browser's CSRF cookie and token as `CSRFMiddleware` found them, worked out when asked.
    public var csrf: CSRFState?
    /// Who `SessionMiddleware` (or the API's door) signed in: the access log names them.
    public var signedIn: SignedIn?
    /// The browser as `CSRFMiddleware` found it, and as `SessionMiddleware` signed it in: the error
    /// pages say who is signed in (with a Sign out button that works). Its token is signed when
    /// this is read (an error page), not before.
    public var browser: Browser {
        Browser(id: csrf?.sentID ?? "", csrfToken: csrf?.token ?? "", signedIn: signedIn)
    }
    /// The session id the browser sent, as `CSRFMiddleware` read it.
    public var sessionID: SessionID?
    /// The API token a request came with, by its prefix only (`APIDoorMiddleware`): the access log names it.
    public var apiToken: String?
}
