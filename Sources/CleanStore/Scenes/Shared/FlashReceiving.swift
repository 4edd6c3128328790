import Hummingbird

/// The receiving end of a router's data passing on the web: the flash the previous scene's router
/// sent along with its redirect (see `Flash`). The route table reads it from the request; once the
/// page has shown it, the router clears it, so a reload does not show it again. Routers of scenes
/// that a redirect lands on adopt this.
protocol FlashReceiving: AnyObject {
    /// How flashes travel (signed cookies).
    var flash: Flash? { get }
    func acknowledgeFlash(on response: inout Response)
}

extension FlashReceiving {
    func acknowledgeFlash(on response: inout Response) {
        flash?.clear(on: &response)
    }
}
