import Foundation
import Hummingbird

/// The app's paths (HTTP.md), each written once: the route table matches their patterns, routers
/// redirect to them and presenters put them into view models for the templates' links and forms.
public struct AppPath: Sendable, CustomStringConvertible {
    /// As the router matches it, with `{id}` for an order's id: `/orders/{id}/edit`.
    public let pattern: String
    /// The pattern around its `{id}`, split once: a list page fills in a hundred paths, and
    /// Foundation's `replacingOccurrences` per path was 5% of its CPU (BENCHMARKS.md).
    private let beforeID: String
    private let afterID: String?
    /// What follows `{id}` around its `{key}` (a line's paths), split once too: the order page of
    /// 20 lines fills in 40, and `replacingOccurrences` was 7% of its CPU (BENCHMARKS.md, issue 31).
    private let afterIDBeforeKey: String?
    private let afterKey: String?

    init(_ pattern: String) {
        self.pattern = pattern
        if let range = pattern.range(of: "{id}") {
            beforeID = String(pattern[..<range.lowerBound])
            let after = String(pattern[range.upperBound...])
            afterID = after
            if let key = after.range(of: "{key}") {
                afterIDBeforeKey = String(after[..<key.lowerBound])
                afterKey = String(after[key.upperBound...])
            } else {
                afterIDBeforeKey = nil
                afterKey = nil
            }
        } else {
            beforeID = pattern
            afterID = nil
            afterIDBeforeKey = nil
            afterKey = nil
        }
    }

    /// The path of one order (the pattern with `{id}` filled in).
    public func callAsFunction(_ id: String) -> String {
        guard let afterID else { return pattern }
        return beforeID + id + afterID
    }

    /// The path of one line of one order: the pattern with `{id}` and `{key}` filled in
    /// (`/orders/1042/lines/l7/price`).
    public func callAsFunction(_ id: String, key: String) -> String {
        guard let afterIDBeforeKey, let afterKey else { return self(id) }
        return beforeID + id + afterIDBeforeKey + key + afterKey
    }

    /// The path itself, for a pattern with no parameter.
    public var description: String { pattern }

    var routerPath: RouterPath { RouterPath(stringLiteral: pattern) }
}

public enum Paths {
    public static let root = AppPath("/")
    public static let healthz = AppPath("/healthz")
    public static let orders = AppPath("/orders")
    public static let newOrder = AppPath("/orders/new")
    public static let order = AppPath("/orders/{id}")
    public static let editOrder = AppPath("/orders/{id}/edit")
    public static let deleteOrder = AppPath("/orders/{id}/delete")
    public static let signIn = AppPath("/sign-in")
    public static let signOut = AppPath("/sign-out")
    public static let setup = AppPath("/setup")
    public static let orderHistory = AppPath("/orders/{id}/history")
    public static let orderStatus = AppPath("/orders/{id}/status")
    /// The tax table, and a rate's forms (`{id}` is a rate's).
    public static let taxRates = AppPath("/tax-rates")
    public static let newTaxRate = AppPath("/tax-rates/new")
    public static let editTaxRate = AppPath("/tax-rates/{id}/edit")
    public static let cancelOrder = AppPath("/orders/{id}/cancel")
    /// An order's page starts a draft from it (`EditDraft.StartDraft`): "New order for this
    /// customer" (the order's customer's details copied, as *Use* copies them) and "Repeat this
    /// order" (its caller, addresses and lines, at today's prices).
    public static let orderNewDraft = AppPath("/orders/{id}/new-draft")
    public static let orderRepeat = AppPath("/orders/{id}/repeat")
    /// Shipping an order: the confirmation page (the carrier, a tracking number) that posts to
    /// `orderStatus`; and a shipped order's tracking number form (POST only).
    public static let shipOrder = AppPath("/orders/{id}/ship")
    public static let orderTracking = AppPath("/orders/{id}/tracking")
    /// The list's bulk moves (`BulkMoveOrders`, issue 28): the form posts to `bulkMoves` (POST
    /// only); a batch's result page is `bulkMove` (`{id}` is the batch's).
    public static let bulkMoves = AppPath("/orders/bulk")
    public static let bulkMove = AppPath("/orders/bulk/{id}")
    /// Undoing the latest move to paid or packed, from the order page's banner (POST only).
    public static let undoStatus = AppPath("/orders/{id}/undo")
    /// Where the order page's "Add a note" form posts (POST only).
    public static let orderNotes = AppPath("/orders/{id}/notes")
    public static let packingSlip = AppPath("/orders/{id}/slip")
    /// A new order's item forms (POST only): add a line by SKU; every quantity at once; a line's
    /// typed price; remove a line (a form of its own, so Enter in a quantity box never removes).
    public static let orderLines = AppPath("/orders/{id}/lines")
    public static let orderLineQuantities = AppPath("/orders/{id}/lines/quantities")
    public static let orderLinePrice = AppPath("/orders/{id}/lines/{key}/price")
    public static let orderLineRemove = AppPath("/orders/{id}/lines/{key}/remove")

    public static let ordersCSV = AppPath("/orders.csv")
    /// A clerk's saved searches of the list (`EditSavedViews`): their page, the save form (the
    /// list's query carried), and one view's changes (POST only; `{id}` is a view's).
    public static let savedViews = AppPath("/orders/views")
    public static let newSavedView = AppPath("/orders/views/new")
    public static let savedView = AppPath("/orders/views/{id}")
    /// Webhooks (`EditWebhooks`, supervisors): the endpoints, the register form, an endpoint's
    /// deliveries and its disable/enable button.
    public static let webhooks = AppPath("/webhooks")
    public static let newWebhook = AppPath("/webhooks/new")
    public static let webhook = AppPath("/webhooks/{id}")
    public static let webhookEnabled = AppPath("/webhooks/{id}/enabled")
    /// The catalog (`ListProducts`) and a product's page (`ShowProduct`).
    public static let products = AppPath("/products")
    public static let product = AppPath("/products/{id}")
    /// A product's forms (`EditProduct`) and buttons (`ArchiveProduct`), for supervisors.
    public static let newProduct = AppPath("/products/new")
    public static let editProduct = AppPath("/products/{id}/edit")
    public static let archiveProduct = AppPath("/products/{id}/archive")
    public static let restoreProduct = AppPath("/products/{id}/restore")

    /// The accounts (`ListAccounts`, `EditAccount`), for supervisors: `{id}` is a username.
    public static let accounts = AppPath("/accounts")
    public static let accountsLog = AppPath("/accounts/log")
    public static let newAccount = AppPath("/accounts/new")
    public static let editAccount = AppPath("/accounts/{id}/edit")
    public static let accountRole = AppPath("/accounts/{id}/role")
    public static let disableAccount = AppPath("/accounts/{id}/disable")
    public static let enableAccount = AppPath("/accounts/{id}/enable")
    public static let resetPassword = AppPath("/accounts/{id}/reset-password")
    /// An account's own page and API tokens (`ManageTokens`); a supervisor's page of any account's.
    public static let ownAccount = AppPath("/account")
    public static let ownTokens = AppPath("/account/tokens")
    public static let ownTokenRevoke = AppPath("/account/tokens/{id}/revoke")
    public static let accountTokens = AppPath("/accounts/{id}/tokens")
    public static let accountTokenRevoke = AppPath("/accounts/{id}/tokens/{key}/revoke")
    /// A one-time set-password link's page (`SetPassword`): `/set-password?token=…`.
    public static let setPassword = AppPath("/set-password")

    /// The catalog with these query items (a search, a page): `/products?q=mug&after=MUG-01`.
    static func products(_ items: [(name: String, value: String)]) -> String {
        products.description + query(items)
    }

    /// Customers (`ListCustomers`) and a customer's page (`ShowCustomer`).
    public static let customers = AppPath("/customers")
    public static let customer = AppPath("/customers/{id}")
    /// A customer's form (`EditCustomer`), for clerks.
    public static let newCustomer = AppPath("/customers/new")
    public static let editCustomer = AppPath("/customers/{id}/edit")
    /// Merging customers (`MergeCustomers`), for supervisors: the other customer chosen by a search
    /// (`?q=`), then the preview of the merge of `{key}` into `{id}`, posted to merge them.
    public static let mergeCustomer = AppPath("/customers/{id}/merge")
    public static let mergePreview = AppPath("/customers/{id}/merge/{key}")
    /// Erasing a customer's personal data (`EraseCustomer`), for supervisors: the confirmation
    /// page, posted with the customer's name typed again.
    public static let eraseCustomer = AppPath("/customers/{id}/erase")

    /// The customers with these query items (a search, a page): `/customers?q=0100&after=12`.
    static func customers(_ items: [(name: String, value: String)]) -> String {
        customers.description + query(items)
    }

    /// Drafts (orders being taken, `EditDraft`): `POST` starts one; `{id}` is a draft's reference.
    public static let drafts = AppPath("/drafts")
    public static let draft = AppPath("/drafts/{id}")
    /// *Use* on "Who is calling?": a saved customer's details copied into the draft.
    public static let draftCustomer = AppPath("/drafts/{id}/customer")
    public static let draftCaller = AppPath("/drafts/{id}/caller")
    public static let draftDelivery = AppPath("/drafts/{id}/delivery")
    public static let draftLines = AppPath("/drafts/{id}/lines")
    public static let draftQuantities = AppPath("/drafts/{id}/lines/quantities")
    public static let draftRemoveLine = AppPath("/drafts/{id}/lines/remove")
    public static let draftLinePrice = AppPath("/drafts/{id}/lines/price")
    /// The check page (`PlaceDraft`), where a changed price is decided, and where the draft is placed.
    public static let draftCheck = AppPath("/drafts/{id}/check")
    public static let draftPrices = AppPath("/drafts/{id}/prices")
    public static let draftPlace = AppPath("/drafts/{id}/place")

    /// The JSON API (`openapi.yaml`): its operations' paths are the spec's, under this prefix
    /// (`Server/API/APIRoutes.swift`); the spec itself is served beside them.
    public static let api = AppPath("/api/v1")
    public static let apiSpec = AppPath("/api/v1/openapi.yaml")

    /// Where the API answers a draft and an order (a `Location`): `/api/v1/drafts/D-7KX2QM`.
    static func apiDraft(_ ref: String) -> String { api.pattern + "/drafts/" + ref }
    static func apiOrder(_ id: String) -> String { api.pattern + "/orders/" + id }

    /// The list with these query items (a search, filters, a sort, a page): `/orders?q=jos%C3%A9`.
    static func orders(_ items: [(name: String, value: String)]) -> String {
        orders.description + query(items)
    }

    /// The CSV of the orders these query items find.
    static func ordersCSV(_ items: [(name: String, value: String)]) -> String {
        ordersCSV.description + query(items)
    }

    /// `?name=value&…`, each percent-encoded as a form's GET would (a space as `%20`); empty for none.
    static func query(_ items: [(name: String, value: String)]) -> String {
        if items.isEmpty { return "" }
        return "?" + items.map { "\(encoded($0.name))=\(encoded($0.value))" }.joined(separator: "&")
    }

    private static let queryValueCharacters: CharacterSet = {
        var characters = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        characters.insert(charactersIn: "-._~")
        return characters
    }()

    private static func encoded(_ text: String) -> String {
        // Most names and values (statuses, sorts, days, cursors) are all unreserved characters:
        // they are their own encoding, without Foundation's pass over them (1.8 % of a list page's
        // CPU, which makes a dozen of these for its tabs, return path and page links).
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? ""
    }

    /// `queryValueCharacters`, byte by byte: an ASCII letter or digit, `-`, `.`, `_` or `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
