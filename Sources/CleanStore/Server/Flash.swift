import Foundation
import Hummingbird

/// The flash: the one-time message a router passes to the next page along with a redirect
/// ("Order 7 was created."). It travels in a signed cookie that the route table reads for the next
/// page and that page's router clears; a cookie whose signature does not match (forged, or from
/// another secret) is ignored.
public struct Flash: Sendable {
    public static let cookieName = "cleanstore_flash"
    static let purpose = "flash"

    public let security: RequestSecurity

    public init(security: RequestSecurity) {
        self.security = security
    }

    /// The flash passed to this request, if any, and if it is genuine.
    public func message(in request: Request) -> String? {
        guard let value = request.cookies[Self.cookieName]?.value else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let data = RequestSecurity.data(base64URL: String(parts[0])),
            let message = String(data: data, encoding: .utf8), !message.isEmpty,
            security.verify(message, signature: String(parts[1]), for: Self.purpose)
        else { return nil }
        return message
    }

    /// The cookie value that carries a flash.
    public func cookieValue(for message: String) -> String {
        RequestSecurity.base64URL(Data(message.utf8)) + "." + security.sign(message, for: Self.purpose)
    }

    /// Passes a flash to the page the response redirects to.
    public func pass(_ message: String, on response: inout Response) {
        response.setCookie(security.cookie(name: Self.cookieName, value: cookieValue(for: message)))
    }

    /// 303 See Other to `location`, passing a flash to the page there.
    public func redirect(to location: String, passing message: String) -> Response {
        var response = Response.seeOther(location)
        pass(message, on: &response)
        return response
    }

    /// Clears the flash once a page has shown it, so a reload does not show it again.
    public func clear(on response: inout Response) {
        response.setCookie(security.cookie(name: Self.cookieName, value: "", maxAge: 0))
    }
}
