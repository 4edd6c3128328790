import Foundation
import Hummingbird

/// The one-time message a router passes to the next page along with a redirect
/// ("Order 7 was created."). It travels in a cookie that the next page reads and clears.
public enum Flash {
    public static let cookieName = "cleanstore_flash"

    /// The message passed to this request, if any.
    public static func message(in request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, !value.isEmpty else { return nil }
        return value.removingPercentEncoding
    }

    /// Passes `message` to the page the response redirects to.
    public static func pass(_ message: String, on response: inout Response) {
        let encoded = message.addingPercentEncoding(withAllowedCharacters: valueCharacters) ?? ""
        response.setCookie(Cookie(name: cookieName, value: encoded, path: "/", httpOnly: true, sameSite: .lax))
    }

    /// Clears the message once a page has shown it, so a reload does not show it again.
    public static func clear(on response: inout Response) {
        response.setCookie(Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
    }

    /// ASCII letters and digits travel as they are; everything else is percent-encoded.
    private static let valueCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
}
