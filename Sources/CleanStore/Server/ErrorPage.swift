import Hummingbird

/// The app's error pages (404, 405, 400, 413, 500, …), in the app's layout.
public enum ErrorPage {
    struct ViewModel {
        var heading: String
        var message: String
        var ordersURL = Paths.orders.description
    }

    /// Why a request was refused, where the status alone does not say it.
    public enum Reason: Sendable {
        /// A role's permission was missing (403).
        case notPermitted(AccountRole)
    }

    static func viewModel(for status: HTTPResponse.Status, reason: Reason? = nil) -> ViewModel {
        if case .notPermitted(let role) = reason {
            return ViewModel(
                heading: "You cannot do this",
                message: "Your account (\(role.rawValue)) may not use this page, so nothing was changed. Ask a supervisor if you need to.")
        }
        switch status.code {
        case 400: return ViewModel(heading: "Bad request", message: "The request could not be read. Go back and try again.")
        case 403: return ViewModel(heading: "This form has expired", message: "The form could not be accepted, so nothing was saved. Go back, reload the page and send the form again.")
        case 404: return ViewModel(heading: "Page not found", message: "There is no page at this address. If you followed a link to an order, the order may not exist.")
        case 405: return ViewModel(heading: "Method not allowed", message: "This page cannot be used that way.")
        case 413: return ViewModel(heading: "Request too large", message: "The form sent more data than the server accepts.")
        case 415: return ViewModel(heading: "Unsupported form", message: "The request was not sent as a web form.")
        case 503: return ViewModel(heading: "Service unavailable", message: "The orders could not be reached. Try again in a moment.")
        default: return ViewModel(heading: "Something went wrong", message: "The server could not answer this request. Try again in a moment.")
        }
    }

    public static func html(_ status: HTTPResponse.Status, reason: Reason? = nil, pages: any PageRendering) -> String {
        let viewModel = viewModel(for: status, reason: reason)
        return pages.render(template: "error", context: viewModel, title: viewModel.heading, flash: nil)
    }

    public static func response(_ status: HTTPResponse.Status, reason: Reason? = nil, pages: any PageRendering) -> Response {
        .html(html(status, reason: reason, pages: pages), status: status)
    }
}
