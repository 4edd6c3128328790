/// The browser a request comes from, as the route table hands it to a scene: its id (from its
/// signed CSRF cookie; empty for a browser that has none yet) and the token its forms carry.
/// Routers sign the flashes they pass for this browser only.
public struct Browser: Sendable, Equatable {
    public var id: String
    public var csrfToken: String

    public init(id: String, csrfToken: String) {
        self.id = id
        self.csrfToken = csrfToken
    }
}
