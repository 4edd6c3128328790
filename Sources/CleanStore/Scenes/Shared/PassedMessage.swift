import Hummingbird

/// The receiving end of a router's data passing on the web: the one-time message the previous
/// scene's router sent along with its redirect (see `Flash`). Routers of scenes that a redirect
/// lands on adopt it.
protocol PassedMessageReceiving: AnyObject {
    /// How passed messages travel (signed cookies).
    var flash: Flash? { get }
    func passedMessage(in request: Request) -> String?
    func acknowledgePassedMessage(on response: inout Response)
}

extension PassedMessageReceiving {
    func passedMessage(in request: Request) -> String? {
        flash?.message(in: request)
    }

    func acknowledgePassedMessage(on response: inout Response) {
        flash?.clear(on: &response)
    }
}
