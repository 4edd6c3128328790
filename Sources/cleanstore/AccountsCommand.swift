import ArgumentParser
import CleanStore
import Foundation
import Logging

/// `cleanstore accounts …`: who may sign in, managed from the command line (the set-up page and
/// the supervisors' pages come on top of the same `AccountsWorker`).
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Add, list and disable accounts, and set their passwords.",
        discussion: """
            Accounts live in the orders database (--database). Passwords are at least \(PasswordWorker.minimumLength) \
            characters, not the username, and are stored as bcrypt hashes only. Disabling an account or setting its \
            password ends its sessions on every instance.
            """,
        subcommands: [AddAccountCommand.self, ListAccountsCommand.self, DisableAccountCommand.self, SetPasswordCommand.self])
}

extension AccountRole: ExpressibleByArgument {}

extension StoreOptions {
    /// Opens the database and runs `body` with an `AccountsWorker` on it, then closes it; each change
    /// is recorded in the accounts' audit log (`/accounts/log`) as the command line's, by the
    /// operating system's user who ran it. Accounts in `:memory:` would be forgotten at once: refused.
    func withAccounts<T: Sendable>(_ body: @escaping @Sendable (AccountsWorker) async throws -> T) async throws -> T {
        let logger = makeLogger()
        let database = try openDatabase(logger: logger)
        if database.description == "memory" {
            throw ValidationError("Accounts in :memory: would be forgotten at once: give --database an SQLite file or a PostgreSQL URL")
        }
        let worker = AccountsWorker(
            accounts: database.accounts, sessions: database.sessions,
            operatorLog: AccountsWorker.OperatorLog(changes: database.accountChanges, actor: .commandLine()))
        return try await database.use { try await body(worker) }
    }
}

/// How a new password is read: one line of standard input (`--password-stdin`, for scripts), or
/// typed twice on the terminal with echo off.
struct PasswordInputOptions: ParsableArguments {
    @Flag(help: "Read the password from the first line of standard input (for scripts) instead of asking on the terminal.")
    var passwordStdin = false

    func readPassword(for username: String) throws -> String {
        if passwordStdin {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ValidationError("No password on standard input (--password-stdin reads its first line)")
            }
            return line
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ValidationError("Standard input is not a terminal: type the password on one, or pass it on standard input with --password-stdin")
        }
        let first = try HiddenTerminalInput.readLine(prompt: "Password for \(username): ")
        let second = try HiddenTerminalInput.readLine(prompt: "The same password again: ")
        guard first == second else { throw AccountsWorkerError.weakPassword(.mismatch) }
        return first
    }
}

/// `cleanstore accounts add NAME --role …`
struct AddAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an account.")

    @Argument(help: "The username (letters, digits, . _ - @; unique regardless of case).")
    var name: String

    @Option(help: "What the account may do: viewer (read), clerk (also create and edit orders), supervisor (also delete, manage accounts).")
    var role: AccountRole

    @Option(help: "The name shown on pages (default: the username).")
    var displayName: String?

    @OptionGroup
    var password: PasswordInputOptions

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        // The rules are checked before asking for a password, so that no one types one for nothing.
        if let problem = AccountsWorker.usernameProblem(name) { throw AccountsWorkerError.invalidUsername(problem) }
        if let displayName, let problem = AccountsWorker.displayNameProblem(displayName) {
            throw AccountsWorkerError.invalidDisplayName(problem)
        }
        let (name, displayName, role, password) = (self.name, self.displayName, self.role, self.password)
        let account = try await store.withAccounts { worker in
            if try await worker.account(named: name) != nil { throw AccountsWorkerError.store(.duplicateUsername(name)) }
            let secret = try password.readPassword(for: name)
            return try await worker.addAccount(username: name, displayName: displayName, role: role, password: secret)
        }
        print("Added \(account.role.rawValue) \(account.username) (\(account.displayName)).")
    }
}

/// `cleanstore accounts list`
struct ListAccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every account: username, display name, role, and whether it is disabled.")

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let accounts = try await store.withAccounts { worker in try await worker.listAccounts() }
        guard !accounts.isEmpty else {
            print("No accounts yet: add one with `cleanstore accounts add NAME --role supervisor`.")
            return
        }
        let rows = [["USERNAME", "DISPLAY NAME", "ROLE", "STATUS"]]
            + accounts.map { [$0.username, $0.displayName, $0.role.rawValue, $0.isDisabled ? "disabled" : "active"] }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces))
        }
    }
}

/// `cleanstore accounts disable NAME`
struct DisableAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Disable an account: it can no longer sign in, and its sessions end.")

    @Argument(help: "The username.")
    var name: String

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let name = self.name
        let outcome = try await store.withAccounts { worker in try await worker.disableAccount(username: name) }
        print("Disabled \(outcome.account.username); \(outcome.endedSessions) session(s) ended.")
    }
}

/// `cleanstore accounts set-password NAME`
struct SetPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-password", abstract: "Set an account's password; its sessions end.")

    @Argument(help: "The username.")
    var name: String

    @OptionGroup
    var password: PasswordInputOptions

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let (name, password) = (self.name, self.password)
        let outcome = try await store.withAccounts { worker in
            // Said before anyone types a password for nothing.
            guard try await worker.account(named: name) != nil else { throw AccountsWorkerError.store(.unknownUsername(name)) }
            let secret = try password.readPassword(for: name)
            return try await worker.setPassword(username: name, password: secret)
        }
        print("Set the password of \(outcome.account.username); \(outcome.endedSessions) session(s) ended.")
    }
}

/// Reads a line from the terminal with echo off. Written by hand (termios): Foundation has no
/// hidden prompt on Linux (`getpass` is obsolete and limited to 128 bytes), and swift-argument-parser
/// reads no input. Echo comes back on however the read ends, Ctrl-C included.
enum HiddenTerminalInput {
    nonisolated(unsafe) private static var saved = termios()

    static func readLine(prompt: String) throws -> String {
        var hidden = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw ValidationError("Cannot read the terminal's settings") }
        hidden = saved
        hidden.c_lflag &= ~tcflag_t(ECHO)
        signal(SIGINT) { _ in
            tcsetattr(STDIN_FILENO, TCSANOW, &HiddenTerminalInput.saved)
            _exit(130)
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &hidden)
        // Echo is off before the prompt shows: nothing typed after it is echoed.
        FileHandle.standardError.write(Data(prompt.utf8))
        let line = Swift.readLine(strippingNewline: true)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        signal(SIGINT, SIG_DFL)
        FileHandle.standardError.write(Data("\n".utf8))
        guard let line, !line.isEmpty else { throw ValidationError("No password typed") }
        return line
    }
}
