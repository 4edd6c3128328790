import Hummingbird

/// The presenter of every page that ends a request without what it asked for: its status and its
/// words (a scene's refusal: 403, 404, 409, 503, …; the middleware's: 400, 405, 413, 500, …), in the
/// app's layout. Scenes end with one through `RequestEnding.refusal(_:)`; the route table refuses a
/// role through it too (`Routes.guarded`), and `ErrorPageMiddleware` answers an error with it.
public enum ErrorPage {
    struct ViewModel {
        var heading: String
        var message: String
        var ordersURL = Paths.orders.description
        /// The order the refusal is about, to go back to it.
        var orderURL: String? = nil
        var orderLinkText: String? = nil
    }

    /// Why a request was refused, where the status alone does not say it.
    public enum Reason: Equatable, Sendable {
        /// A role's permission was missing (403).
        case notPermitted(AccountRole)
        /// A shipped or cancelled order cannot be edited, deleted or moved on (409).
        case readOnly(orderID: String, status: OrderStatus)
        /// Someone changed the order after the page was opened: it is now `now`, so it was not moved
        /// to `wanted` (409).
        case changedMeanwhile(orderID: String, now: OrderStatus, wanted: OrderStatus)
        /// The order's status does not lead to `wanted` (409).
        case statusNotAllowed(orderID: String, now: OrderStatus, wanted: OrderStatus)
        /// Someone saved the order after the page its items form is on was opened (409).
        case itemsChangedMeanwhile(orderID: String)
        /// The rules refused a change of the order's items (`OrdersStoreError.refused`): frozen
        /// from paid on, no tax rate, a shortage; `reason` says why (409).
        case itemsRefused(orderID: String, reason: String)
        /// An edit the order's tax does not allow (`OrdersStoreError.refused`): why, as the store says.
        case editRefused(orderID: String, reason: String)

        /// Someone changed the product after its page was opened, so it was not archived (or
        /// restored, `wantedActive`) (409).
        case productChangedMeanwhile(productID: Int64, sku: String, wantedActive: Bool)
        /// The accounts' rules refused a supervisor's change to `username` (`AccountWrites`), 409.
        case accountChangeRefused(username: String, AccountChangeRefusal)
        /// A set-password link that was used, has expired or was never made (404).
        case passwordLinkExpired
        /// A paid or packed order, which only a supervisor cancels (403): a clerk asks one to.
        case cancelNeedsSupervisor(orderID: String, status: OrderStatus)
        /// A customer merged into another (`Customer.mergedInto`) cannot be merged again, nor
        /// take another's orders (409).
        case customerMerged(name: String, survivorID: Int64)
        /// An order with no customer ("New order for this customer") or no items ("Repeat this
        /// order"): no draft is started from it (409).
        case nothingToStartFrom(orderID: String, repeating: Bool)

        /// Why `order`, shipped or cancelled, cannot be changed.
        static func readOnly(_ order: Order) -> Reason {
            .readOnly(orderID: order.id ?? "", status: order.status)
        }

        /// The status a page refused for this reason answers with.
        public var status: HTTPResponse.Status {
            switch self {
            case .notPermitted, .cancelNeedsSupervisor: .forbidden
            case .readOnly, .changedMeanwhile, .statusNotAllowed, .itemsChangedMeanwhile, .itemsRefused, .editRefused,
                .productChangedMeanwhile, .accountChangeRefused, .customerMerged, .nothingToStartFrom: .conflict
            case .passwordLinkExpired: .notFound
            }
        }
    }

    /// How a scene's request ends when it does not end on a page of its own: refused, or failed.
    enum Refusal: Equatable, Sendable {
        /// The form was none of the app's (400).
        case badRequest
        /// No such order (404).
        case notFound
        /// The store could not be reached (503).
        case unavailable
        /// The cycle left no page, which a test would catch (500).
        case failed
        /// Refused for a reason the page says (403, 409).
        case because(Reason)

        var status: HTTPResponse.Status {
            switch self {
            case .badRequest: .badRequest
            case .notFound: .notFound
            case .unavailable: .serviceUnavailable
            case .failed: .internalServerError
            case .because(let reason): reason.status
            }
        }

        var reason: Reason? {
            if case .because(let reason) = self { return reason }
            return nil
        }
    }

    /// "marked as paid", "cancelled": a status as the end of a change.
    static func change(to status: OrderStatus) -> String {
        status == .cancelled ? "cancelled" : "marked as \(status.toString().lowercased())"
    }

    static func viewModel(for status: HTTPResponse.Status, reason: Reason? = nil) -> ViewModel {
        switch reason {
        case .notPermitted(let role):
            return ViewModel(
                heading: "You cannot do this",
                message: "Your account (\(role.rawValue)) may not use this page, so nothing was changed. Ask a supervisor if you need to.")
        case .readOnly(let id, let status):
            return ViewModel(
                heading: "Order \(id) is \(status.toString().lowercased())",
                message: "A \(status.toString().lowercased()) order is kept as it is: it cannot be edited, deleted or moved to another status. Nothing was changed.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case .changedMeanwhile(let id, let now, let wanted):
            return ViewModel(
                heading: "Order \(id) was changed by someone else",
                message: "It was changed after you opened it and is now \(now.toString().lowercased()), so it was not \(change(to: wanted)). Look at the order as it is now, then try again if you still need to.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case .statusNotAllowed(let id, let now, let wanted):
            return ViewModel(
                heading: "Order \(id) cannot be \(change(to: wanted))",
                message: "It is \(now.toString().lowercased()). An order goes new, paid, packed, shipped, and can be cancelled until it is shipped. Nothing was changed.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case .itemsChangedMeanwhile(let id):
            return ViewModel(
                heading: "Order \(id) was changed by someone else",
                message: "It was changed after you opened it, so its items were not changed. Look at the order as it is now, then try again if you still need to.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case .itemsRefused(let id, let reason):
            return ViewModel(
                heading: "The items of order \(id) were not changed",
                message: "\(reason). Nothing was changed.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case .editRefused(let id, let reason):
            return ViewModel(
                heading: "Order \(id) was not changed",
                message: "\(reason). Nothing was changed.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case .productChangedMeanwhile(let id, let sku, let wantedActive):
            return ViewModel(
                heading: "Product \(sku) was changed by someone else",
                message: "It was changed after you opened its page, so it was not \(wantedActive ? "restored" : "archived"). Look at the product as it is now, then try again if you still need to.",
                orderURL: Paths.product(String(id)), orderLinkText: "Go to product \(sku)")
        case .accountChangeRefused(let username, let refusal):
            return ViewModel(
                heading: "Account \(username) was not changed", message: refusal.description,
                orderURL: Paths.editAccount(username), orderLinkText: "Go to account \(username)")
        case .passwordLinkExpired:
            return ViewModel(heading: "This link cannot be used", message: AccountChangeRefusal.linkExpired.description)
        case .cancelNeedsSupervisor(let id, let status):
            return ViewModel(
                heading: "Order \(id) is \(status.toString().lowercased()): a supervisor cancels it",
                message: "Only a supervisor may cancel a paid or packed order, so nothing was changed. On the order’s page, “Ask a supervisor to cancel” tells them why.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case .customerMerged(let name, let survivorID):
            return ViewModel(
                heading: "\(name) was merged into another customer",
                message: "Their orders are another customer's now, so nothing was merged. Merge that customer instead if you still need to.",
                orderURL: Paths.customer(String(survivorID)), orderLinkText: "Go to the customer \(name) was merged into")
        case .nothingToStartFrom(let id, let repeating):
            return ViewModel(
                heading: repeating ? "Order \(id) has no items to repeat" : "Order \(id) was not taken for a saved customer",
                message: repeating
                    ? "It was keyed before orders had items, so there is nothing to repeat. No order was started."
                    : "It has no customer record, so there are no saved details to copy. No order was started: start a new order and find the caller under “Who is calling?”.",
                orderURL: Paths.order(id), orderLinkText: "Go to order \(id)")
        case nil:
            break
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

    static func response(_ refusal: Refusal, pages: any PageRendering) -> Response {
        response(refusal.status, reason: refusal.reason, pages: pages)
    }
}
