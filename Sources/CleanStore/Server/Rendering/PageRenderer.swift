import Foundation
import Mustache

/// The page around a scene's template.
public enum PageLayout: String, Sendable, Equatable {
    /// `Views/layout.mustache`: the app's header (who is signed in, the links their role may use,
    /// Sign out) and the flash. Every page but the ones made to print.
    case site = "layout"
    /// `Views/print-layout.mustache`: the page alone, with no header, navigation or flash, for a
    /// page made to print (a packing slip).
    case print = "print-layout"
}

/// Renders a scene's template into the app's layout. View controllers talk to it through
/// `PageRendering`, so their tests can use a spy.
public protocol PageRendering: Sendable {
    /// Renders `Views/<template>.mustache` with `context`, inside `layout`'s template (the print
    /// layout prints no flash).
    func render(template: String, context: Any, title: String, flash: String?, layout: PageLayout) -> String
    /// The same renderer, its layout saying who is signed in on `browser` (with a Sign out button)
    /// and offering only the links their role may use.
    func `for`(_ browser: Browser) -> any PageRendering
}

extension PageRendering {
    /// Renders `Views/<template>.mustache` with `context`, inside the app's layout (`Views/layout.mustache`).
    public func render(template: String, context: Any, title: String, flash: String?) -> String {
        render(template: template, context: context, title: title, flash: flash, layout: .site)
    }

    /// A renderer with no layout of its own (a test's spy) renders the same for every browser.
    public func `for`(_ browser: Browser) -> any PageRendering { self }
}

/// The Mustache page renderer. swift-mustache parses `Views/` once, at start-up; `CompiledTemplates`
/// renders what it parsed (see there for why).
public struct PageRenderer: PageRendering {
    public struct MissingTemplate: Error, CustomStringConvertible {
        public let name: String
        public let directory: String
        public var description: String { "No template \(name).mustache in \(directory)" }
    }

    private let templates: CompiledTemplates
    /// Who the layout says is signed in (nil: no one, or not known, as on a static error page).
    private var header: Header?
    /// How long a session lasts unused: a signed-in page says when to warn that it is about to end
    /// (`Header.sessionWarnAfter`, `Public/js/app.js`). The server's (`--session-idle-minutes`).
    public var sessionTimeouts = SessionTimeouts.standard

    /// Templates every page needs; start-up fails early when one is missing, because a missing
    /// template would otherwise render as nothing.
    public static let requiredTemplates = [
        "ManageTokens/tokens", "ManageTokens/made", "ManageTokens/revoke",
        "EraseCustomer/form",
        "EditSavedViews/views", "EditSavedViews/form",
        "EditWebhooks/list", "EditWebhooks/form", "EditWebhooks/secret", "EditWebhooks/endpoint",
        "BulkMoveOrders/confirm", "BulkMoveOrders/result",
        "ListTaxRates/rates",
        "EditTaxRate/form",
        "EditProduct/form",
        "layout", "error", "field", "order-field", "error-summary", "ListOrders/list", "ShowOrder/show", "CreateOrder/form", "DeleteOrder/confirm", "SignIn/form",
        "SetUp/form", "ViewOrderHistory/history", "ChangeOrderStatus/cancel", "ChangeOrderStatus/ship", "ChangeOrderStatus/tracking", "AddOrderNote/form", "print-layout",
        "PrintPackingSlip/slip", "ListProducts/list", "ShowProduct/show",
        "EditDraft/draft", "PlaceDraft/check", "ListDrafts/list",
        "ListAccounts/list", "ListAccounts/log", "EditAccount/form", "EditAccount/link", "EditAccount/account", "SetPassword/form",
        "ListCustomers/list", "ShowCustomer/show", "EditCustomer/form", "MergeCustomers/pick", "MergeCustomers/preview",
    ]

    /// The renderer of `library`'s templates (`requiredTemplates` and the partials they use).
    public init(library: MustacheLibrary) throws {
        templates = try CompiledTemplates(library: library, names: Self.requiredTemplates)
    }

    /// Loads every `.mustache` file below `directory` (e.g. `Views`).
    public init(directory: String) async throws {
        HTMLEscaping.register()
        let library = try await MustacheLibrary(directory: directory)
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw MissingTemplate(name: name, directory: directory)
        }
        try self.init(library: library)
    }

    public func render(template: String, context: Any, title: String, flash: String?, layout: PageLayout) -> String {
        let body = templates.render(context, template: template) ?? ""
        let page = Layout(title: title, flash: flash, body: body, header: header)
        return templates.render(page as any TemplateValue, template: layout.rawValue) ?? body
    }

    public func `for`(_ browser: Browser) -> any PageRendering {
        var renderer = self
        renderer.header = browser.signedIn.map { Header(signedIn: $0, csrfToken: browser.csrfToken, timeouts: sessionTimeouts) }
        return renderer
    }

    /// What the layout prints around every page.
    struct Layout {
        var title: String
        var flash: String?
        var body: String
        var header: Header?
        var ordersURL = Paths.orders.description
    }

    /// The layout's header for a signed-in account: who, the links their role may use, Sign out.
    struct Header {
        var displayName: String
        var role: String
        var csrfToken: String
        var ordersURL = Paths.orders.description
        /// "New order": a button posting to `POST /drafts` (a draft first, its page next).
        var newOrderURL: String?
        /// The drafts being taken, for those who may take orders.
        var draftsURL: String?
        var customersURL = Paths.customers.description
        var productsURL = Paths.products.description
        var taxRatesURL = Paths.taxRates.description
        /// The accounts, for those who manage them.
        var accountsURL: String?
        var signOutURL = Paths.signOut.description
        /// Seconds from the page's arrival until its script warns that the session ends for want of
        /// use (WCAG 2.2.1: two minutes before), and until it has ended. The session's last use is
        /// written at most every `refreshInterval`, so it may be that much older than the page: both
        /// count from the earliest it can be.
        var sessionWarnAfter: Int
        var sessionEndsAfter: Int

        /// Two minutes: the warning's lead.
        static let sessionWarning: TimeInterval = 120

        init(signedIn: SignedIn, csrfToken: String, timeouts: SessionTimeouts = .standard) {
            let ends = max(0, timeouts.idle - timeouts.refreshInterval)
            sessionEndsAfter = Int(ends)
            sessionWarnAfter = Int(max(0, ends - Self.sessionWarning))
            displayName = signedIn.name.displayName
            role = signedIn.role.rawValue
            self.csrfToken = csrfToken
            newOrderURL = signedIn.may(OrderUse.create) ? Paths.drafts.description : nil
            draftsURL = newOrderURL
            accountsURL = signedIn.may(OrderUse.manageAccounts) ? Paths.accounts.description : nil
        }
    }
}

/// How `{{ }}` escapes text in the templates, which choose it with `{{% CONTENT_TYPE: HTML}}` on
/// their first line: swift-mustache's own characters (`< > & " '`, the same entities), but
/// escaped byte by byte over UTF-8 instead of by `Character` through a dictionary. That is
/// faster (most values need no escaping at all and are returned as they are), and it escapes a
/// quote that a combining mark follows, which a `Character` comparison takes for another letter.
struct HTMLEscaping: MustacheContentType {
    /// Makes the templates' `CONTENT_TYPE: HTML` this escaping (before any template is parsed).
    static func register() {
        _ = registered
    }

    private static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: "HTML")

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        let utf8 = text.utf8
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 32)
        // Bytes below 0x80 never occur inside a multi-byte UTF-8 sequence, so this is safe.
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Appends `text` escaped to `output`: as it is when nothing in it needs escaping (most values),
    /// without a string of its own.
    static func escape(_ text: String, into output: inout String) {
        if needsEscaping(text) {
            output += escape(text)
        } else {
            output += text
        }
    }

    private static func needsEscaping(_ text: String) -> Bool {
        // Over the string's own bytes where it has them (a native or small string: every string
        // a page prints), not through the UTF-8 view's iterator.
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(where: isEscaped) }
            ?? text.utf8.contains(where: isEscaped)
    }

    /// `< > & " '`: the bytes below 64 of this mask (a constant the compiler folds, not a global
    /// to look up).
    @inline(__always)
    private static var escapedBytes: UInt64 {
        1 << UInt64(UInt8(ascii: "<")) | 1 << UInt64(UInt8(ascii: ">")) | 1 << UInt64(UInt8(ascii: "&"))
            | 1 << UInt64(UInt8(ascii: "\"")) | 1 << UInt64(UInt8(ascii: "'"))
    }

    @inline(__always)
    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte < 64 && escapedBytes & (1 << UInt64(byte)) != 0
    }
}
