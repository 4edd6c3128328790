import ArgumentParser
import CleanStore
import Foundation

/// `cleanstore tokens …`: API tokens (`Authorization: Bearer csk_…`), made, listed and revoked
/// from the command line through `APITokensWorker`.
struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Add, list and revoke API tokens.",
        discussion: """
            A token acts for an account with a role no higher than the account's, and never as a supervisor. \
            Its secret is printed once, when it is made: only its SHA-256 is kept. A disabled account's tokens \
            stop working.
            """,
        subcommands: [AddTokenCommand.self, ListTokensCommand.self, RevokeTokenCommand.self])
}

extension StoreOptions {
    /// Opens the database and runs `body` with an `APITokensWorker` on it, then closes it; each token
    /// made or revoked is recorded in the accounts' audit log as the command line's (`AccountName.commandLine`).
    func withTokens<T: Sendable>(_ body: @escaping @Sendable (APITokensWorker) async throws -> T) async throws -> T {
        let logger = makeLogger()
        let database = try openDatabase(logger: logger)
        if database.description == "memory" {
            throw ValidationError("Tokens in :memory: would be forgotten at once: give --database an SQLite file or a PostgreSQL URL")
        }
        let worker = APITokensWorker(tokens: database.apiTokens, accounts: database.accounts)
        return try await database.use { try await body(worker) }
    }
}

/// `cleanstore tokens add --account USERNAME --name LABEL --role clerk|viewer [--expires-days N]`
struct AddTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Make a token and print its secret, once.")

    @Option(help: "The account it acts for.")
    var account: String

    @Option(help: "What it is for (\"Warehouse\"), shown in lists.")
    var name: String

    @Option(help: "clerk or viewer, no higher than the account's.")
    var role: AccountRole

    @Option(help: "Days until it expires (1 to 3650); none: it does not expire.")
    var expiresDays: Int?

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let (account, name, role, days) = (self.account, self.name, self.role, expiresDays)
        let made = try await store.withTokens { worker in
            try await worker.addToken(username: account, name: name, role: role, expiresInDays: days, by: .commandLine())
        }
        print("Made \(made.token.role.rawValue) token \(made.token.prefix) (\(made.token.name)) for \(made.token.accountKey).")
        print("Its secret, shown this once (send it as `Authorization: Bearer …`):")
        print(made.secret.text)
    }
}

/// `cleanstore tokens list [--account USERNAME]`
struct ListTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List tokens: prefix, account, name, role, expiry, last use, revocation.")

    @Option(help: "Only this account's.")
    var account: String?

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let account = self.account
        let tokens = try await store.withTokens { worker in try await worker.listTokens(username: account) }
        guard !tokens.isEmpty else {
            print("No API tokens: make one with `cleanstore tokens add --account USERNAME --name LABEL --role clerk`.")
            return
        }
        let format = ISO8601DateFormatter()
        let rows = [["PREFIX", "ACCOUNT", "NAME", "ROLE", "EXPIRES", "LAST USED", "REVOKED"]]
            + tokens.map {
                [
                    $0.prefix, $0.accountKey, $0.name, $0.role.rawValue, $0.expiresAt.map(format.string(from:)) ?? "never",
                    $0.lastUsedAt.map(format.string(from:)) ?? "never", $0.revokedAt.map(format.string(from:)) ?? "-",
                ]
            }
        let widths = (0..<7).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces))
        }
    }
}

/// `cleanstore tokens revoke PREFIX`
struct RevokeTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke a token: it stops working at once.")

    @Argument(help: "The token's prefix, as listed (csk_ and 8 characters).")
    var prefix: String

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let prefix = self.prefix
        let token = try await store.withTokens { worker in try await worker.revokeToken(prefix: prefix, by: .commandLine()) }
        print("Revoked \(token.prefix) (\(token.name)) of \(token.accountKey).")
    }
}
