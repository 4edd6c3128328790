import Foundation

enum EditAccount {
    // MARK: Forms

    /// What the add-an-account form posts, as typed.
    struct AccountFormFields: Equatable, Decodable, Sendable {
        var username = ""
        var displayName = ""
        var role = ""

        init(username: String = "", displayName: String = "", role: String = "") {
            self.username = username
            self.displayName = displayName
            self.role = role
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try container.decodeIfPresent(String.self, forKey: .username) ?? ""
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? ""
            role = try container.decodeIfPresent(String.self, forKey: .role) ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case username, displayName, role
        }
    }

    /// What the role form on an account's page posts.
    struct RoleFormFields: Equatable, Decodable, Sendable {
        var role = ""

        init(role: String = "") {
            self.role = role
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            role = try container.decodeIfPresent(String.self, forKey: .role) ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case role
        }
    }

    /// A field's problem, in words already (they come from the accounts' rules).
    struct FieldProblem: Equatable, Sendable {
        var field: AccountFormFields.CodingKeys
        var message: String
    }

    /// What a button on an account's page asks for, as posted.
    enum ChangeAsked: Equatable, Sendable {
        case role(RoleFormFields), disable, enable, resetPassword
    }

    // MARK: Use cases

    /// `GET /accounts/new`
    enum ShowNewForm {
        struct Request {}
        enum Response: Equatable { case form }
        enum ViewModel { case form(DisplayedForm) }
    }

    /// `POST /accounts/new`: the account, with a one-time set-password link shown once.
    enum AddAccount {
        struct Request {
            var fields: AccountFormFields
            /// `https://shop.example` (the link shown is absolute: it is given to someone else).
            var origin: String
        }

        enum Response: Equatable {
            case added(Account, token: String, origin: String, expires: Date)
            case invalid(AccountFormFields, [FieldProblem])
            case unavailable(AccountFormFields)
            case busy(AccountFormFields, retryAfterSeconds: Int)
        }

        enum ViewModel {
            case link(DisplayedLink)
            case form(DisplayedForm, invalid: Bool)
            case unavailable(DisplayedForm)
            case busy(DisplayedForm, retryAfterSeconds: Int)
        }
    }

    /// `GET /accounts/{id}/edit`: an account, and the changes a supervisor may make to it.
    enum GetAccount {
        struct Request {
            var username: String
        }

        enum Response: Equatable {
            /// `isSelf`: the supervisor looking (who may not demote or disable themselves).
            case account(Account, lastSignIn: Date?, isSelf: Bool)
            case notFound
            case unavailable
        }

        enum ViewModel {
            case account(DisplayedAccount)
            case notFound
            case unavailable
        }
    }

    /// `POST /accounts/{id}/role`, `/disable`, `/enable`, `/reset-password`.
    enum ChangeAccount {
        struct Request {
            var username: String
            var change: ChangeAsked
            var origin: String
        }

        enum Response: Equatable {
            case changed(Account, ManageAccountsWorker.Change)
            case reset(Account, token: String, origin: String, expires: Date)
            case refused(username: String, AccountChangeRefusal)
            case notFound
            /// A role that is none of the three (no form of the app's posts it).
            case badRequest
            case unavailable
            case busy(retryAfterSeconds: Int)
        }

        enum ViewModel {
            case changed(username: String, flash: String)
            case link(DisplayedLink)
            case refused(ErrorPage.Reason)
            case notFound
            case badRequest
            case unavailable
        }
    }

    // MARK: View models

    struct DisplayedForm {
        var title: String
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        var username: SignIn.DisplayedField
        var displayName: SignIn.DisplayedField
        var roles: [DisplayedRole]
        var roleError: String?
        var action = Paths.newAccount.description
        var cancelURL = Paths.accounts.description
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
    }

    struct DisplayedRole: Equatable {
        var id: String
        var value: String
        var label: String
        var hint: String
        var checked: Bool
    }

    /// The page that shows a one-time link, once.
    struct DisplayedLink {
        var title: String
        var heading: String
        var link: String
        var instructions: String
        var accountURL: String
        var accountLinkText: String
        var accountsURL = Paths.accounts.description
    }

    struct DisplayedAccount {
        var title: String
        var username: String
        var displayName: String
        var role: String
        var status: String
        var lastSignIn: String
        var added: String
        /// nil for the supervisor's own account (they may not change their own role or disable it).
        var roleForm: RoleForm?
        var statusForm: ButtonForm?
        var resetForm: ButtonForm
        var selfNote: String?
        var accountsURL = Paths.accounts.description
        /// The account's API tokens (`ManageTokens`).
        var tokensURL: String { Paths.accountTokens(username) }
    }

    struct RoleForm {
        var action: String
        var roles: [DisplayedRole]
    }

    struct ButtonForm {
        var action: String
        var button: String
        var hint: String
        var isWarning: Bool
    }
}
