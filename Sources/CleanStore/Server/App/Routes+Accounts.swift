import Foundation
import Hummingbird

extension Routes {
    /// The accounts' routes (supervisors: `/accounts…`), and the set-password link's page (anyone
    /// with the link's token).
    static func accountRoutes(environment: SceneEnvironment) -> [Route] {
        @Sendable func flash(_ request: Request, _ context: AppRequestContext) -> String? {
            environment.flash(for: context.browser).message(in: request)
        }
        @Sendable func username(_ context: AppRequestContext) throws -> String {
            try context.parameters.require("id")
        }
        @Sendable func listAccounts(_ context: AppRequestContext) -> ListAccountsViewController {
            ListAccountsViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func editAccount(_ context: AppRequestContext) -> EditAccountViewController {
            EditAccountViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func setPassword(_ context: AppRequestContext) -> SetPasswordViewController {
            SetPasswordViewController(environment: environment.serving(context), browser: context.browser)
        }
        /// `http(s)://host`: where a one-time link shown to a supervisor leads (the host the
        /// supervisor's own browser asked for; https when cookies are secure, that is, over TLS).
        @Sendable func origin(_ request: Request) -> String {
            (environment.security.secureCookies ? "https://" : "http://") + (request.head.authority ?? "127.0.0.1")
        }
        /// A button on an account's page; signed out, back to the account's page after signing in.
        @Sendable func accountChange(
            _ path: AppPath, _ change: @escaping @Sendable (AppRequestContext) throws -> EditAccount.ChangeAsked
        ) -> Route {
            Route(method: .post, path: path, access: .signedIn(.manageAccounts), returnsTo: Paths.editAccount) { request, context in
                await editAccount(context).changeAccount(username: try username(context), change: try change(context), origin: origin(request))
            }
        }
        @Sendable func noFields(_ context: AppRequestContext) throws {
            _ = try FormDecoding.decode(FormDecoding.NoFields.self, context: context)
        }
        @Sendable func manageTokens(_ context: AppRequestContext) -> ManageTokensViewController {
            ManageTokensViewController(environment: environment.serving(context), browser: context.browser)
        }
        /// The signed-in account's own tokens (the route table lets only a signed-in account in).
        @Sendable func own(_ context: AppRequestContext) -> ManageTokens.Owner {
            .own(context.browser.signedIn?.name.username ?? "")
        }
        @Sendable func tokenFields(_ context: AppRequestContext) throws -> ManageTokens.TokenFormFields {
            try FormDecoding.decode(ManageTokens.TokenFormFields.self, context: context)
        }
        return [
            // API tokens: an account's own (every role), and a supervisor's for any account.
            Route(method: .get, path: Paths.ownAccount, access: .signedIn(.view)) { request, context in
                await manageTokens(context).showTokens(owner: own(context), flash: flash(request, context))
            },
            Route(method: .post, path: Paths.ownTokens, access: .signedIn(.view), returnsTo: Paths.ownAccount) { _, context in
                await manageTokens(context).makeToken(owner: own(context), fields: try tokenFields(context))
            },
            Route(method: .get, path: Paths.ownTokenRevoke, access: .signedIn(.view)) { _, context in
                await manageTokens(context).getTokenToRevoke(owner: own(context), prefix: try context.parameters.require("id"))
            },
            Route(method: .post, path: Paths.ownTokenRevoke, access: .signedIn(.view), returnsTo: Paths.ownAccount) { _, context in
                try noFields(context)
                return await manageTokens(context).revokeToken(owner: own(context), prefix: try context.parameters.require("id"))
            },
            Route(method: .get, path: Paths.accountTokens, access: .signedIn(.manageAccounts)) { request, context in
                await manageTokens(context).showTokens(owner: .account(try username(context)), flash: flash(request, context))
            },
            Route(method: .post, path: Paths.accountTokens, access: .signedIn(.manageAccounts), returnsTo: Paths.accountTokens) { _, context in
                await manageTokens(context).makeToken(owner: .account(try username(context)), fields: try tokenFields(context))
            },
            Route(method: .get, path: Paths.accountTokenRevoke, access: .signedIn(.manageAccounts)) { _, context in
                await manageTokens(context).getTokenToRevoke(owner: .account(try username(context)), prefix: try context.parameters.require("key"))
            },
            Route(method: .post, path: Paths.accountTokenRevoke, access: .signedIn(.manageAccounts), returnsTo: Paths.accountTokens) { _, context in
                try noFields(context)
                return await manageTokens(context).revokeToken(owner: .account(try username(context)), prefix: try context.parameters.require("key"))
            },
            Route(method: .get, path: Paths.accounts, access: .signedIn(.manageAccounts)) { request, context in
                await listAccounts(context).showAccounts(flash: flash(request, context))
            },
            Route(method: .get, path: Paths.accountsLog, access: .signedIn(.manageAccounts)) { request, context in
                let query = FormQuery(request.uri.query)
                return await listAccounts(context).showLog(after: query["after"], before: query["before"])
            },
            Route(method: .get, path: Paths.newAccount, access: .signedIn(.manageAccounts)) { _, context in
                editAccount(context).showNewForm()
            },
            Route(method: .post, path: Paths.newAccount, access: .signedIn(.manageAccounts), returnsTo: Paths.newAccount) { request, context in
                await editAccount(context).addAccount(
                    fields: try FormDecoding.decode(EditAccount.AccountFormFields.self, context: context), origin: origin(request))
            },
            Route(method: .get, path: Paths.editAccount, access: .signedIn(.manageAccounts)) { request, context in
                await editAccount(context).getAccount(username: try username(context), flash: flash(request, context))
            },
            accountChange(Paths.accountRole) { .role(try FormDecoding.decode(EditAccount.RoleFormFields.self, context: $0)) },
            accountChange(Paths.disableAccount) { try noFields($0); return .disable },
            accountChange(Paths.enableAccount) { try noFields($0); return .enable },
            accountChange(Paths.resetPassword) { try noFields($0); return .resetPassword },
            Route(method: .get, path: Paths.setPassword, access: .anyone) { request, context in
                await setPassword(context).showForm(token: FormQuery(request.uri.query)["token"] ?? "")
            },
            Route(method: .post, path: Paths.setPassword, access: .anyone) { _, context in
                await setPassword(context).setPassword(fields: try FormDecoding.decode(SetPassword.PasswordFormFields.self, context: context))
            },
        ]
    }
}
extension EditAccount.RoleFormFields: SingleLineForm {}
extension ManageTokens.TokenFormFields: SingleLineForm {}
