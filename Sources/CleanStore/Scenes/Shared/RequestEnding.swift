import Hummingbird

/// How a view controller ends its request: with the page its cycle made (`finished()`), or with a
/// refusal (`refusal(_:)`, its one way to end refused or failed: the page `ErrorPage` presents for
/// it, whose words and status are presentation, not the view controller's). Every view controller
/// adopts it.
protocol RequestEnding: AnyObject {
    /// The app's layout, saying who is signed in.
    var pages: PageRendering { get }
    /// The page this cycle produced, if it produced one.
    var response: Response? { get }
}

extension RequestEnding {
    /// The page of `refusal`: 400, 403, 404, 409, 500 or 503, in the app's layout.
    func refusal(_ refusal: ErrorPage.Refusal) -> Response {
        ErrorPage.response(refusal, pages: pages)
    }

    /// The page the cycle left; a 500 page if it left none (a test would catch it).
    func finished() -> Response {
        response ?? refusal(.failed)
    }
}
