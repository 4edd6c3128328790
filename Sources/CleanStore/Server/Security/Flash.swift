import Foundation
import Hummingbird

/// The flash: the one-time message a router passes to the next page along with a redirect
/// ("Order 7 was updated."). It travels in a signed cookie, `<message>.<expiry>.<signature>`,
/// that the route table reads for the next page and that page's router clears. It is good for
/// 10 minutes, and only in the browser it was meant for (the signature covers the browser's id);
/// a cookie whose signature does not match (forged, foreign, another browser's) is ignored.
///
/// A flash is a message (a success banner: "Order 7 was updated.") or a confirmation of a new
/// order (`Confirmation`: its page shows a confirmation panel naming its number), told apart by
/// their own cookie values and signatures, never by reading the words.
public struct Flash: Sendable {
    /// The cookie's name; `__Host-cleanstore_flash` when cookies are secure.
    public static let cookieName = "cleanstore_flash"
    static let purpose = "flash"
    static let confirmationPurpose = "flash-confirmation"
    /// How long a flash waits to be shown.
    static let lifetime: TimeInterval = 10 * 60

    public let security: RequestSecurity
    /// The browser the flash is for: the id in its CSRF cookie.
    public let browserID: String

    public init(security: RequestSecurity, browserID: String) {
        self.security = security
        self.browserID = browserID
    }

    /// A new order's confirmation: the page of the order `orderID` confirms it was saved, with its
    /// number, and says `note` too, if any ("this form was sent more than once…").
    public struct Confirmation: Equatable, Sendable {
        public var orderID: String
        public var note: String?

        public init(orderID: String, note: String? = nil) {
            self.orderID = orderID
            self.note = note
        }
    }

    /// The message passed to this request, if any, and if it is genuine, current and this
    /// browser's (a confirmation is not a message: see `confirmation(in:)`).
    public func message(in request: Request) -> String? {
        guard !browserID.isEmpty, let value = request.cookieValue(named: security.cookieName(Self.cookieName)) else { return nil }
        let parts = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let data = Base64URL.decoded(parts[0]),
            let message = String(data: data, encoding: .utf8), !message.isEmpty,
            security.verify(signed(message), expiringSignature: String(parts[1]), for: Self.purpose)
        else { return nil }
        return message
    }

    /// The cookie value that carries a flash.
    public func cookieValue(for message: String) -> String {
        Base64URL.encoded(message.utf8) + "." + security.sign(signed(message), for: Self.purpose, lifetime: Self.lifetime)
    }

    /// What the signature covers: the browser and the message.
    private func signed(_ message: String) -> String {
        "\(browserID)\n\(message)"
    }

    // MARK: Confirmations

    /// The confirmation passed to this request, if any, and if it is genuine, current and this
    /// browser's.
    public func confirmation(in request: Request) -> Confirmation? {
        guard !browserID.isEmpty, let value = request.cookieValue(named: security.cookieName(Self.cookieName)) else { return nil }
        let parts = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let fields = parts[0].split(separator: "~", omittingEmptySubsequences: false)
        guard fields.count == 2, let note = Base64URL.decoded(fields[0]).flatMap({ String(data: $0, encoding: .utf8) }),
            let orderID = Base64URL.decoded(fields[1]).flatMap({ String(data: $0, encoding: .utf8) }),
            !orderID.isEmpty,
            security.verify(signed(String(parts[0])), expiringSignature: String(parts[1]), for: Self.confirmationPurpose)
        else { return nil }
        return Confirmation(orderID: orderID, note: note.isEmpty ? nil : note)
    }

    /// The cookie value that carries a confirmation: `<note>~<order id>.<expiry>.<signature>`, each
    /// part base64url (`~` is none of its characters, so a message's reader never takes it for one).
    public func cookieValue(for confirmation: Confirmation) -> String {
        let payload = Base64URL.encoded((confirmation.note ?? "").utf8) + "~"
            + Base64URL.encoded(confirmation.orderID.utf8)
        return payload + "." + security.sign(signed(payload), for: Self.confirmationPurpose, lifetime: Self.lifetime)
    }

    /// 303 See Other to `location`, passing a confirmation to the page there.
    public func redirect(to location: String, confirming confirmation: Confirmation) -> Response {
        var response = Response.seeOther(location)
        response.setCookie(security.cookie(name: Self.cookieName, value: cookieValue(for: confirmation)))
        return response
    }

    // MARK: Passing and clearing

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
