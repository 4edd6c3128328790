import Foundation

enum SignIn {
    // MARK: Form

    /// What the sign-in form posts, as typed. `return` is where the clerk was going; `draft`, an
    /// order form they had typed when their session ended (its fields as a form body, never the
    /// card number or security code).
    struct SignInFormFields: Equatable, Decodable, Sendable {
        var username = ""
        var password = ""
        var returnTo = ""
        var draft = ""

        enum CodingKeys: String, CodingKey {
            case username, password, draft
            case returnTo = "return"
        }

        init(username: String = "", password: String = "", returnTo: String = "", draft: String = "") {
            self.username = username
            self.password = password
            self.returnTo = returnTo
            self.draft = draft
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try container.decodeIfPresent(String.self, forKey: .username) ?? ""
            password = try container.decodeIfPresent(String.self, forKey: .password) ?? ""
            returnTo = try container.decodeIfPresent(String.self, forKey: .returnTo) ?? ""
            draft = try container.decodeIfPresent(String.self, forKey: .draft) ?? ""
        }
    }

    /// Where to go after signing in: a path on this site only (no open redirect).
    struct Destination: Equatable, Sendable {
        /// A local path (`/orders/7/edit`), checked by `SignInWorker.localPath`.
        var path: String
        /// An order form typed before the session ended, to come back filled in.
        var draft: OrderDraft?
    }

    /// Why the sign-in page is shown.
    enum Reason: Equatable, Sendable {
        /// The clerk asked for it, or went to a page that needs signing in.
        case signIn
        /// A form was posted without a session (it ended, or was never there): nothing was saved.
        case sessionEnded
        /// Just signed out.
        case signedOut
    }

    /// What a sign-in attempt was refused for.
    enum Refusal: Equatable, Sendable {
        /// Fields left empty.
        case missing(username: Bool, password: Bool)
        /// No such account, a wrong password, or a disabled account: the clerk is told none of which.
        case wrongCredentials
        /// Too many failures for this username (or from this address) lately.
        case throttled(minutes: Int)
    }

    // MARK: Use cases

    enum ShowForm {
        struct Request {
            var returnTo: String?
            var draft: OrderDraft?
            var reason: Reason
            /// Already signed in: the form is not needed.
            var isSignedIn: Bool
        }

        enum Response: Equatable {
            case form(Destination, reason: Reason)
            case alreadySignedIn(Destination)
        }

        enum ViewModel {
            case form(DisplayedForm)
            case redirect(to: String)
        }
    }

    enum SignIn {
        struct Request {
            var fields: SignInFormFields
            /// Where the request comes from (throttling counts by it).
            var client: String
            /// The session the browser had, if any: ended, so a new one replaces it (no fixation).
            var previousSession: SessionID?
        }

        enum Response: Equatable {
            case signedIn(SignedIn, session: SessionID, Destination)
            case refused(username: String, Refusal, Destination)
            case unavailable(username: String, Destination)
            /// Too many sign-ins at once: bcrypt's queue is full (`PasswordHashing`).
            case busy(username: String, Destination, retryAfterSeconds: Int)
        }

        enum ViewModel {
            case form(DisplayedForm, status: FormStatus)
            case signedIn(SignedIn, session: SessionID, Destination)
        }
    }

    enum SignOut {
        struct Request {
            var session: SessionID?
        }

        enum Response: Equatable {
            case signedOut
            case unavailable
        }

        enum ViewModel {
            case signedOut(flash: String)
            case unavailable
        }
    }

    // MARK: View model

    /// The status of a form page: what the view controller answers with.
    enum FormStatus: Equatable {
        /// Asked for (200).
        case ready
        /// Refused: fields missing or wrong credentials (422).
        case refused
        /// Too many attempts (429).
        case throttled
        /// A form posted signed out (403): nothing was done.
        case signInFirst
        /// The accounts could not be reached (503).
        case unavailable
        /// Too many sign-ins at once: try again after so many seconds (503 with `Retry-After`).
        case busy(retryAfterSeconds: Int)
    }

    struct DisplayedForm {
        var title: String
        var notice: String?
        var errors: [DisplayedError]
        var formMessage: String?
        var username: DisplayedField
        var password: DisplayedField
        /// Where to go after signing in (nil when a draft says it).
        var returnTo: String?
        var draft: String?
        var action = Paths.signIn.description
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
    }

    struct DisplayedField {
        var name: String
        var value: String
        var errorMessage: String?
        /// Shown under the label, outside it ("Must be at least 12 characters").
        var hint: String? = nil
        /// What `Views/field.mustache` shows as "You typed" under a value a form could not read
        /// (the order form's card expiry): no field of the forms made of these has one.
        var typedValue: String? = nil
        /// The ids of what describes the input, in GOV.UK's order: its hint, then its error.
        var describedBy: String? {
            let ids = [hint.map { _ in "\(name)-hint" }, errorMessage.map { _ in "\(name)-error" }].compactMap { $0 }
            return ids.isEmpty ? nil : ids.joined(separator: " ")
        }
    }

    struct DisplayedError: Equatable {
        var field: String
        var message: String
    }
}

/// An order form as typed, kept across signing in: its fields as a form body (the card number and
/// security code left out), and the path it was posted to (`/orders` or `/orders/{id}`).
struct OrderDraft: Equatable, Sendable {
    /// Form fields that never travel in a draft.
    static let leftOut: Set<String> = ["paymentMethodCreditCardNumber", "paymentMethodCVV", "_csrf"]

    var action: String
    var body: String

    /// The draft of a form posted to `action`: its body without the fields left out (by their names
    /// as a form decoder reads them: `payment%4DethodCVV` is `paymentMethodCVV`).
    init(action: String, postedBody: String) {
        self.action = action
        body = postedBody.split(separator: "&", omittingEmptySubsequences: true)
            .filter { pair in
                let name = String(pair.prefix { $0 != "=" })
                return !Self.leftOut.contains(name.removingPercentEncoding ?? name)
            }
            .joined(separator: "&")
    }

    /// As the sign-in form carries it in one hidden field: `<action>?<body>`.
    var text: String { "\(action)?\(body)" }

    /// A draft read back from the sign-in form; nil unless it names an order form's action.
    init?(text: String) {
        guard let mark = text.firstIndex(of: "?") else { return nil }
        let action = String(text[..<mark])
        guard Self.isOrderFormAction(action) || Self.isCustomerFormAction(action) else { return nil }
        self.init(action: action, postedBody: String(text[text.index(after: mark)...]))
    }

    /// `/orders` (a new order) or `/orders/{id}` (an edit), the id one the stores could hold (`OrderID`).
    static func isOrderFormAction(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return path == Paths.orders.description
            || (segments.count == 3 && segments[0].isEmpty && segments[1] == "orders" && OrderID.rowID(String(segments[2])) != nil)
    }

    /// `/customers/new` or `/customers/{id}/edit`: a customer's form, kept through signing in as an order's.
    static func isCustomerFormAction(_ path: String) -> Bool {
        path == Paths.newCustomer.description || customerID(in: path) != nil
    }

    /// The customer of `/customers/{id}/edit` (an id the stores could hold).
    private static func customerID(in path: String) -> Int64? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 4, segments[0].isEmpty, segments[1] == "customers", segments[3] == "edit" else { return nil }
        return OrderID.rowID(String(segments[2]))
    }

    /// Whether this is a customer's form (`EditCustomer`), not an order's.
    var isCustomerForm: Bool { Self.isCustomerFormAction(action) }

    /// The customer an edit's draft is for; nil for a new customer (or an order's draft).
    var customerID: Int64? { Self.customerID(in: action) }

    /// What the one signing in must be allowed to get the form back.
    var use: OrderUse { isCustomerForm ? .changeCustomers : orderID == nil ? .create : .edit }

    /// The order an edit's draft is for; nil for a new order.
    var orderID: String? {
        action == Paths.orders.description ? nil : String(action.split(separator: "/").last ?? "")
    }
}
