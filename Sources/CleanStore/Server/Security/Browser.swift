/// The browser a request comes from, as the route table hands it to a scene: its id (from its
/// signed CSRF cookie; empty for a browser that has none yet), the token its forms carry, and the
/// account signed in on it (nil when none is).
/// Routers sign the flashes they pass for this browser only.
public struct Browser: Sendable, Equatable {
    public var id: String
    public var csrfToken: String
    public var signedIn: SignedIn?

    public init(id: String, csrfToken: String, signedIn: SignedIn? = nil) {
        self.id = id
        self.csrfToken = csrfToken
        self.signedIn = signedIn
    }
}
