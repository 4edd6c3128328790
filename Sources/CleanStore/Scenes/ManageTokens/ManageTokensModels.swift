import Foundation

/// API tokens in the browser (issue 30): an account's own (`/account`) and, for a supervisor, any
/// account's (`/accounts/{id}/tokens`): the list, making one (its secret shown once, on the page
/// that answers the POST) and revoking one after a confirmation. The rules are the command line's
/// (`APITokensWorker`, `APITokenRules`).
enum ManageTokens {
    /// Whose tokens: the signed-in account's own, or (a supervisor's page) the account named.
    enum Owner: Equatable {
        case own(String)
        case account(String)

        var username: String {
            switch self {
            case .own(let username), .account(let username): username
            }
        }

        /// The tokens' page.
        var pageURL: String {
            switch self {
            case .own: Paths.ownAccount.description
            case .account(let username): Paths.accountTokens(username)
            }
        }

        /// Where the form to make one posts.
        var makeURL: String {
            switch self {
            case .own: Paths.ownTokens.description
            case .account(let username): Paths.accountTokens(username)
            }
        }

        /// A token's revoke page (GET: the confirmation; POST: the revoke).
        func revokeURL(prefix: String) -> String {
            switch self {
            case .own: Paths.ownTokenRevoke(prefix)
            case .account(let username): Paths.accountTokenRevoke(username, key: prefix)
            }
        }
    }

    /// The form that makes a token, as posted.
    struct TokenFormFields: Decodable, Equatable {
        var name = ""
        var role = ""
        /// Days until it expires; empty: it does not expire.
        var expiresDays = ""

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, role, expiresDays
        }

        init(name: String = "", role: String = "", expiresDays: String = "") {
            self.name = name
            self.role = role
            self.expiresDays = expiresDays
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            role = try container.decodeIfPresent(String.self, forKey: .role) ?? ""
            expiresDays = try container.decodeIfPresent(String.self, forKey: .expiresDays) ?? ""
        }

        /// What the form shows first: the highest role the account may give, 90 days.
        static func blank(for account: Account) -> TokenFormFields {
            TokenFormFields(role: APITokenRules.roles(for: account).first?.rawValue ?? "", expiresDays: "90")
        }
    }

    // MARK: Use cases

    /// `GET /account`, `GET /accounts/{id}/tokens`
    enum ShowTokens {
        struct Request {
            var owner: Owner
        }

        enum Response: Equatable {
            case tokens(owner: Owner, account: Account, tokens: [APIToken])
            case notFound
            case unavailable
        }

        enum ViewModel {
            case page(DisplayedPage)
            case notFound
            case unavailable
        }
    }

    /// `POST /account/tokens`, `POST /accounts/{id}/tokens`
    enum MakeToken {
        struct Request {
            var owner: Owner
            var fields: TokenFormFields
            /// Who makes it (the audit log's "by").
            var actor: AccountName
        }

        enum Response: Equatable {
            /// Made: its secret, for this page only.
            case made(owner: Owner, token: APIToken, secret: String)
            case invalid(owner: Owner, account: Account, tokens: [APIToken], fields: TokenFormFields, refusal: APITokenRules.Refusal)
            case notFound
            case unavailable
        }

        enum ViewModel {
            case made(DisplayedSecret)
            case invalid(DisplayedPage)
            case notFound
            case unavailable
        }
    }

    /// `GET /account/tokens/{id}/revoke`, `GET /accounts/{id}/tokens/{key}/revoke`: the confirmation.
    enum GetTokenToRevoke {
        struct Request {
            var owner: Owner
            var prefix: String
        }

        enum Response: Equatable {
            case token(owner: Owner, token: APIToken)
            case notFound
            case unavailable
        }

        enum ViewModel {
            case confirm(DisplayedRevoke)
            case notFound
            case unavailable
        }
    }

    /// `POST /account/tokens/{id}/revoke`, `POST /accounts/{id}/tokens/{key}/revoke`
    enum RevokeToken {
        struct Request {
            var owner: Owner
            var prefix: String
            var actor: AccountName
        }

        enum Response: Equatable {
            case revoked(owner: Owner, token: APIToken)
            case notFound
            case unavailable
        }

        enum ViewModel {
            case revoked(url: String, flash: String)
            case notFound
            case unavailable
        }
    }

    // MARK: View models

    struct DisplayedPage {
        var title: String
        var heading: String
        /// "Username: amy", "Role: Clerk" … of the account whose tokens these are.
        var username: String
        var displayName: String
        var role: String
        var tokens: [DisplayedToken]
        var emptyMessage: String?
        var form: DisplayedForm
        /// A supervisor's page links back to the account's page.
        var accountURL: String?
    }

    struct DisplayedToken: Equatable {
        var name: String
        var prefix: String
        var role: String
        var expires: String
        var lastUsed: String
        /// "Active", "Expired" or "Revoked on …".
        var status: String
        /// The revoke confirmation; nil once revoked.
        var revokeURL: String?
        /// "Revoke Warehouse (csk_…)", for screen readers.
        var revokeLabel: String
    }

    struct DisplayedForm {
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        var name: SignIn.DisplayedField
        var roles: [EditAccount.DisplayedRole]
        var roleError: String?
        var expiresDays: SignIn.DisplayedField
        var action: String
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
    }

    /// The page that shows a new token's secret, once.
    struct DisplayedSecret {
        var title: String
        var heading: String
        var secret: String
        var instructions: String
        var backURL: String
    }

    struct DisplayedRevoke {
        var title: String
        var heading: String
        var details: String
        var action: String
        var cancelURL: String
    }
}
