import Foundation

/// Why an account cannot be made or changed, in words for the person at the keyboard (never a
/// password or a hash).
public enum AccountsWorkerError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidUsername(String)
    case invalidDisplayName(String)
    case weakPassword(PasswordRefusal)
    case store(AccountsStoreError)
    /// The password could not be hashed (the thread pool is shutting down).
    case cannotHash
    /// Too many passwords are being hashed at once: try again in `retryAfterSeconds`.
    case busy(retryAfterSeconds: Int)

    public var description: String {
        switch self {
        case .invalidUsername(let reason), .invalidDisplayName(let reason): return reason
        case .weakPassword(let refusal): return refusal.description
        case .store(let error): return error.description
        case .cannotHash: return "The password could not be hashed: the server is shutting down"
        case .busy(let seconds): return "Too many passwords are being checked at once: try again in \(seconds) seconds"
        }
    }
}

/// Managing accounts, for the command line now and the set-up page next: the rules for usernames
/// and display names, passwords hashed by `PasswordWorker`, and an account's sessions ended when it
/// is disabled or its password changes.
public struct AccountsWorker: Sendable {
    public static let maximumUsernameLength = 64
    public static let maximumDisplayNameLength = 100

    let accounts: any AccountsStoreProtocol
    let sessions: any SessionsStoreProtocol
    let passwords: PasswordWorker
    let now: @Sendable () -> Date
    /// Where an operator's changes are recorded (the command line's): each add, disable and password
    /// is made through `AccountChangesStoreProtocol.operatorChange`, with its audit entry in the same
    /// transaction. nil: no entry (the set-up page's first supervisor).
    let operatorLog: OperatorLog?

    /// The accounts' audit log and who the entries are by (`AccountName.commandLine()`).
    public struct OperatorLog: Sendable {
        public var changes: any AccountChangesStoreProtocol
        public var actor: AccountName

        public init(changes: any AccountChangesStoreProtocol, actor: AccountName) {
            self.changes = changes
            self.actor = actor
        }
    }

    public init(
        accounts: any AccountsStoreProtocol, sessions: any SessionsStoreProtocol, passwords: PasswordWorker = PasswordWorker(),
        now: @escaping @Sendable () -> Date = Date.init, operatorLog: OperatorLog? = nil
    ) {
        self.accounts = accounts
        self.sessions = sessions
        self.passwords = passwords
        self.now = now
        self.operatorLog = operatorLog
    }

    /// Letters, digits, `.`, `_`, `-` and `@`, 1 to 64 of them: what fits a log line and a URL unescaped.
    public static func usernameProblem(_ username: String) -> String? {
        if username.isEmpty { return "A username is needed" }
        if username.count > maximumUsernameLength { return "A username is at most \(maximumUsernameLength) characters long" }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-@")
        if !username.allSatisfy(allowed.contains) {
            return "A username holds only letters a–z, digits and . _ - @ (not \"\(username.filter { !allowed.contains($0) }.prefix(1))\")"
        }
        // Shown beside a display name on pages and in the history: never a card number.
        if TextRules.containsCardNumber(username) { return "A username cannot be a card number" }
        return nil
    }

    public static func displayNameProblem(_ displayName: String) -> String? {
        if displayName.trimmingCharacters(in: .whitespaces).isEmpty { return "A display name cannot be blank" }
        if TextRules.isTooLong(displayName, maximum: maximumDisplayNameLength) { return "A display name is at most \(maximumDisplayNameLength) characters long" }
        if TextRules.containsControlCharacters(displayName) {
            return "A display name cannot hold control characters"
        }
        // The rules of every field a clerk types (`TextRules`), in the order form's order: a name is
        // shown on every page and in the history.
        if TextRules.containsCardNumber(displayName) { return "A display name cannot hold a card number" }
        if TextRules.containsInvisibleCharacters(displayName) {
            return "A display name cannot hold hidden formatting characters, such as text direction marks"
        }
        return nil
    }

    /// Makes an account (its display name the username unless given), after checking every rule.
    public func addAccount(username: String, displayName: String?, role: AccountRole, password: String) async throws(AccountsWorkerError)
        -> Account
    {
        let account = try await newAccount(username: username, displayName: displayName, role: role, password: password)
        if let operatorLog {
            return try await store { try await operatorLog.changes.operatorChange(.add(account), username: username, by: operatorLog.actor, at: now()) }
        }
        return try await store { try await accounts.createAccount(account) }
    }

    /// Makes the first supervisor (the set-up page), after checking every rule, only while no
    /// supervisor was ever made: decided by the store in the transaction that inserts it
    /// (`AccountsStoreProtocol.createFirstSupervisor`), after the slow hash; `.store(.supervisorExists)`
    /// when another form made one meanwhile.
    public func addFirstSupervisor(username: String, displayName: String?, password: String) async throws(AccountsWorkerError) -> Account {
        let account = try await newAccount(username: username, displayName: displayName, role: .supervisor, password: password)
        return try await store { try await accounts.createFirstSupervisor(account) }
    }

    /// The account to store (its display name the username unless given), every rule checked and
    /// its password hashed.
    private func newAccount(username: String, displayName: String?, role: AccountRole, password: String) async throws(AccountsWorkerError)
        -> Account
    {
        if let problem = Self.usernameProblem(username) { throw .invalidUsername(problem) }
        let displayName = displayName ?? username
        if let problem = Self.displayNameProblem(displayName) { throw .invalidDisplayName(problem) }
        if let refusal = passwords.refusal(of: password, username: username) { throw .weakPassword(refusal) }
        // Before the slow hash: a duplicate is said at once.
        if try await account(named: username) != nil {
            throw .store(.duplicateUsername(username))
        }
        let hash = try await hash(password)
        return Account(username: username, displayName: displayName, role: role, passwordHash: hash, createdAt: now())
    }

    /// The account named `username` (any case), if there is one.
    public func account(named username: String) async throws(AccountsWorkerError) -> Account? {
        try await store { try await accounts.fetchAccount(username: username) }
    }

    /// Every account, by username.
    public func listAccounts() async throws(AccountsWorkerError) -> [Account] {
        try await store { try await accounts.fetchAccounts() }
    }

    /// Disables the account and ends its sessions; returns the account and how many sessions ended.
    public func disableAccount(username: String) async throws(AccountsWorkerError) -> (account: Account, endedSessions: Int) {
        let account =
            if let operatorLog {
                try await store { try await operatorLog.changes.operatorChange(.disable, username: username, by: operatorLog.actor, at: now()) }
            } else {
                try await store { try await accounts.disableAccount(username: username, at: now()) }
            }
        let ended = try await store { try await sessions.deleteSessions(ofAccount: username) }
        return (account, ended)
    }

    /// Sets a new password (after checking the rules) and ends the account's sessions.
    public func setPassword(username: String, password: String) async throws(AccountsWorkerError) -> (account: Account, endedSessions: Int) {
        guard let account = try await account(named: username) else {
            throw .store(.unknownUsername(username))
        }
        if let refusal = passwords.refusal(of: password, username: account.username) { throw .weakPassword(refusal) }
        let hash = try await hash(password)
        let changed =
            if let operatorLog {
                try await store {
                    try await operatorLog.changes.operatorChange(.setPasswordHash(hash), username: username, by: operatorLog.actor, at: now())
                }
            } else {
                try await store { try await accounts.setPasswordHash(hash, username: username, at: now()) }
            }
        let ended = try await store { try await sessions.deleteSessions(ofAccount: username) }
        return (changed, ended)
    }

    private func hash(_ password: String) async throws(AccountsWorkerError) -> String {
        do {
            return try await passwords.hash(password)
        } catch .busy(let seconds) {
            throw .busy(retryAfterSeconds: seconds)
        } catch {
            throw .cannotHash
        }
    }

    /// A store's call, its error as the worker's.
    private func store<T>(_ body: () async throws -> T) async throws(AccountsWorkerError) -> T {
        do {
            return try await body()
        } catch {
            throw .store(.from(error, doing: "The accounts store failed"))
        }
    }
}
