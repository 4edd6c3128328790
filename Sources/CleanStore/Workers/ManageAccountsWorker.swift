import Foundation
import Logging

/// What else signs an account in besides its sessions (the API's tokens): told when an account is
/// disabled or its password reset, so that whatever it holds stops working. The one hook: a store
/// of such credentials conforms and is added to `SceneEnvironment.credentialRevokers`.
public protocol AccountCredentialsRevoking: Sendable {
    /// Ends every credential of the account `username` (any case) but its sessions, which the
    /// accounts' worker ends itself.
    func revokeCredentials(ofAccount username: String) async throws
}

/// A supervisor's accounts in the browser (`/accounts`, `/set-password`): the accounts' rules
/// (`AccountsWorker`'s for names, `PasswordWorker`'s for passwords), one-time set-password links
/// (the token shown once; its SHA-256 stored), and an account's sessions and other credentials
/// ended when it is disabled or its password reset or set. The store decides each change in its
/// transaction (`AccountWrites`) and records it in the audit log.
public struct ManageAccountsWorker: Sendable {
    /// The audit log's page shows at most this many changes, newest first.
    public static let logPageSize = 50

    let changes: any AccountChangesStoreProtocol
    let accounts: any AccountsStoreProtocol
    let sessions: any SessionsStoreProtocol
    let passwords: PasswordWorker
    let revokers: [any AccountCredentialsRevoking]
    let newToken: @Sendable () -> String
    let now: @Sendable () -> Date
    let logger: Logger
    let logPageSize: Int

    public init(
        changes: any AccountChangesStoreProtocol, accounts: any AccountsStoreProtocol, sessions: any SessionsStoreProtocol,
        passwords: PasswordWorker, revokers: [any AccountCredentialsRevoking] = [],
        newToken: @escaping @Sendable () -> String = { RequestSecurity.randomBrowserID() }, now: @escaping @Sendable () -> Date,
        logger: Logger, logPageSize: Int = ManageAccountsWorker.logPageSize
    ) {
        self.logPageSize = logPageSize
        self.changes = changes
        self.accounts = accounts
        self.sessions = sessions
        self.passwords = passwords
        self.revokers = revokers
        self.newToken = newToken
        self.now = now
        self.logger = logger
    }

    /// An account as the list shows it.
    public struct Listed: Equatable, Sendable {
        public var account: Account
        public var lastSignIn: Date?
    }

    /// Every account, by username, with when each last signed in.
    public func listAccounts() async throws(AccountsWorkerError) -> [Listed] {
        let all = try await store { try await accounts.fetchAccounts() }
        let signIns = try await store { try await changes.lastSignIns() }
        return all.map { Listed(account: $0, lastSignIn: signIns[$0.key]) }
    }

    public func account(named username: String) async throws(AccountsWorkerError) -> Account? {
        try await store { try await accounts.fetchAccount(username: username) }
    }

    /// A page of the audit log, newest first, and whether there are entries on either side.
    public struct LogPage: Equatable, Sendable {
        public var entries: [LoggedAccountEvent]
        public var hasNewer: Bool
        public var hasOlder: Bool

        public init(entries: [LoggedAccountEvent], hasNewer: Bool = false, hasOlder: Bool = false) {
            self.entries = entries
            self.hasNewer = hasNewer
            self.hasOlder = hasOlder
        }
    }

    /// The page of the audit log at `position` (keyset paging by the entry's id), newest first; each
    /// side is asked for one entry. A page of newer entries that comes back short (the newest ones
    /// were reached) is the newest page, so its pages stay whole.
    public func events(_ position: AccountEventsPosition) async throws(AccountsWorkerError) -> LogPage {
        try await store {
            var entries = try await changes.fetchEvents(position, limit: logPageSize)
            if case .newerThan = position, entries.count < logPageSize {
                entries = try await changes.fetchEvents(.newest, limit: logPageSize)
            }
            guard let first = entries.first, let last = entries.last else { return LogPage(entries: []) }
            let newer = try await changes.fetchEvents(.newerThan(first.id), limit: 1)
            let older = try await changes.fetchEvents(.olderThan(last.id), limit: 1)
            return LogPage(entries: entries, hasNewer: !newer.isEmpty, hasOlder: !older.isEmpty)
        }
    }

    /// Adds an account with no password yet: the one-time link's token (shown once) sets it.
    public func addAccount(username: String, displayName: String?, role: AccountRole, by actor: AccountName) async throws(AccountsWorkerError)
        -> (account: Account, token: String)
    {
        if let problem = AccountsWorker.usernameProblem(username) { throw .invalidUsername(problem) }
        let displayName = displayName ?? username
        if let problem = AccountsWorker.displayNameProblem(displayName) { throw .invalidDisplayName(problem) }
        if try await account(named: username) != nil { throw .store(.duplicateUsername(username)) }
        let time = now()
        let unusable = try await unusableHash()
        let account = Account(username: username, displayName: displayName, role: role, passwordHash: unusable, createdAt: time)
        let token = newToken()
        let added = try await store {
            try await changes.addAccount(account, link: PasswordLink(token: token, madeAt: time), by: actor, at: time)
        }
        logger.notice("Account added", metadata: ["username": "\(added.username)", "role": "\(role.rawValue)", "by": "\(actor.username)"])
        return (added, token)
    }

    /// What a supervisor does to an account on its page.
    public enum Change: Equatable, Sendable {
        case role(AccountRole), disable, enable, resetPassword
    }

    /// Makes `change` (the store decides it against the accounts as stored); a disabled account or
    /// a reset password ends the account's sessions and other credentials. The token of a reset's
    /// new link, to show once.
    public func change(_ change: Change, username: String, by actor: AccountName) async throws(AccountsWorkerError)
        -> (account: Account, token: String?)
    {
        let time = now()
        let stored: AccountChange
        var token: String?
        switch change {
        case .role(let role): stored = .role(role)
        case .disable: stored = .disable
        case .enable: stored = .enable
        case .resetPassword:
            let new = newToken()
            token = new
            let unusable = try await unusableHash()
            stored = .resetPassword(unusableHash: unusable, link: PasswordLink(token: new, madeAt: time))
        }
        let account = try await store { try await changes.change(stored, username: username, by: actor, at: time) }
        logger.notice("Account changed", metadata: ["username": "\(account.username)", "change": "\(change)", "by": "\(actor.username)"])
        if change == .disable || change == .resetPassword { try await endCredentials(of: account.username) }
        return (account, token)
    }

    /// The account a set-password link is for, while the link is good.
    public func linkAccount(token: String) async throws(AccountsWorkerError) -> Account? {
        try await store { try await changes.passwordLink(tokenHash: PasswordLink.hash(token), now: now()) }
    }

    /// Sets the password of the link's account (the rules checked first), uses the link up and ends
    /// the account's sessions.
    public func setPassword(token: String, password: String, username: String) async throws(AccountsWorkerError) -> Account {
        if let refusal = passwords.refusal(of: password, username: username) { throw .weakPassword(refusal) }
        let hash = try await hash(password)
        let account = try await store { try await changes.setPassword(tokenHash: PasswordLink.hash(token), passwordHash: hash, at: now()) }
        logger.notice("Password set through a link", metadata: ["username": "\(account.username)"])
        try await endCredentials(of: account.username)
        return account
    }

    private func endCredentials(of username: String) async throws(AccountsWorkerError) {
        _ = try await store { try await sessions.deleteSessions(ofAccount: username) }
        for revoker in revokers {
            try await store { try await revoker.revokeCredentials(ofAccount: username) }
        }
    }

    /// A hash of a random secret no one is told: the account cannot sign in until its link is used.
    private func unusableHash() async throws(AccountsWorkerError) -> String {
        try await hash(RequestSecurity.randomBrowserID())
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

    private func store<T>(_ body: () async throws -> T) async throws(AccountsWorkerError) -> T {
        do {
            return try await body()
        } catch let error as AccountsStoreError {
            throw .store(error)
        } catch {
            throw .store(.from(error, doing: "The accounts store failed"))
        }
    }
}

/// What the accounts' scenes ask of `ManageAccountsWorker` (their tests give them a spy).
protocol ManageAccountsWorking: Sendable {
    func listAccounts() async throws(AccountsWorkerError) -> [ManageAccountsWorker.Listed]
    func account(named username: String) async throws(AccountsWorkerError) -> Account?
    func events(_ position: AccountEventsPosition) async throws(AccountsWorkerError) -> ManageAccountsWorker.LogPage
    func addAccount(username: String, displayName: String?, role: AccountRole, by actor: AccountName) async throws(AccountsWorkerError)
        -> (account: Account, token: String)
    func change(_ change: ManageAccountsWorker.Change, username: String, by actor: AccountName) async throws(AccountsWorkerError)
        -> (account: Account, token: String?)
    func linkAccount(token: String) async throws(AccountsWorkerError) -> Account?
    func setPassword(token: String, password: String, username: String) async throws(AccountsWorkerError) -> Account
}

extension ManageAccountsWorker: ManageAccountsWorking {}
