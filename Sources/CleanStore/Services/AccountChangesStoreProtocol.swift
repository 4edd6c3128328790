import Crypto
import Foundation

/// A supervisor's changes to accounts in the browser (`/accounts`), each recorded in the accounts'
/// audit log in the same transaction. Contract (`AccountChangesStoreContractTests`):
/// - `addAccount` inserts the account (its password hash unusable until its link is used), its
///   one-time set-password link and an `.added` event; `.duplicateUsername` for a taken name (any case);
/// - `change` reads, in one transaction, the account to change, the actor's account and how many
///   supervisors are not disabled, asks `AccountWrites.decide`, and writes what it decides with its
///   event; `.refused(…)` when it refuses (nothing written), `.unknownUsername` for no such account.
///   Two supervisors demoting or disabling each other at once leave one: the transactions are one
///   after the other (SQLite's single writer, PostgreSQL's advisory lock), so the second sees the first;
/// - a password reset replaces the hash with an unusable one and the link with a new one (one link
///   per account: an older one stops working);
/// - `passwordLink(tokenHash:now:)` finds the account of a link that has not expired (nil otherwise);
///   `setPassword(tokenHash:…)` sets the hash and deletes the link in one transaction, with a
///   `.passwordSet` event by the account itself; `.refused(.linkExpired)` for a used, unknown or
///   expired link;
/// - `recordSignIn` keeps when an account last signed in (`lastSignIns` lists them);
/// - `operatorChange` makes the command line's change (`cleanstore accounts add`, `disable`,
///   `set-password`) and its audit entry in one transaction, as `AccountWrites.decideOperator`
///   decides: the operator of the database is held to no supervisor's rule, so no actor's account
///   is read; `.duplicateUsername` for a taken name, `.unknownUsername` for no such account;
/// - `fetchEvents` lists the audit log, newest first (`limit` at most), each entry with its id (the
///   order entries were written in): from the newest, older than an entry, or the `limit` entries
///   just newer than one (still newest first); an id no entry has is a place all the same.
public protocol AccountChangesStoreProtocol: Sendable {
    func addAccount(_ account: Account, link: PasswordLink, by actor: AccountName, at now: Date) async throws(AccountsStoreError) -> Account
    func change(_ change: AccountChange, username: String, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    func passwordLink(tokenHash: Data, now: Date) async throws(AccountsStoreError) -> Account?
    func setPassword(tokenHash: Data, passwordHash: String, at now: Date) async throws(AccountsStoreError) -> Account
    func recordSignIn(username: String, at now: Date) async throws(AccountsStoreError)
    /// When each account last signed in, by `Account.key` (accounts that never did are absent).
    func lastSignIns() async throws(AccountsStoreError) -> [String: Date]
    func fetchEvents(_ position: AccountEventsPosition, limit: Int) async throws(AccountsStoreError) -> [LoggedAccountEvent]
    func operatorChange(_ change: OperatorAccountChange, username: String, by actor: AccountName, at now: Date)
        async throws(AccountsStoreError) -> Account
}

/// What the command line changes (`cleanstore accounts …`), recorded in the audit log as the
/// operator's (`AccountName.commandLine`).
public enum OperatorAccountChange: Equatable, Sendable {
    /// A new account, its password hash set (the operator typed the password).
    case add(Account)
    case disable
    /// A new password's hash, typed by the operator.
    case setPasswordHash(String)
}

extension AccountName {
    /// Who the command line's changes are by in the audit log: the operating system's user who ran
    /// it (`$USER`, `$LOGNAME`), named "command line".
    public static func commandLine(environment: [String: String] = ProcessInfo.processInfo.environment) -> AccountName {
        let user = [environment["USER"], environment["LOGNAME"]].compactMap { $0 }.first { !$0.isEmpty }
        return AccountName(username: user.map { String($0.prefix(64)) } ?? "command-line", displayName: "Command line")
    }
}

extension AccountChangesStoreProtocol {
    /// The newest `limit` entries of the audit log, newest first.
    public func fetchEvents(limit: Int) async throws(AccountsStoreError) -> [AccountEvent] {
        try await fetchEvents(.newest, limit: limit).map(\.event)
    }
}

/// Where a page of the accounts' audit log starts (keyset paging by the entry's id, as the list's
/// and the customers' pages are by their keys): the newest entries, the ones older than an entry
/// (`/accounts/log?after=ID`, the next page down) or just newer than one (`?before=ID`).
public enum AccountEventsPosition: Equatable, Sendable {
    case newest
    case olderThan(Int64)
    case newerThan(Int64)

    /// As the SQL stores ask for it: the entries newer than `id` (`WHERE id > ? ORDER BY id`,
    /// reversed by the store) or older than it (`WHERE id < ? ORDER BY id DESC`); the newest are
    /// those older than any id.
    public var bound: (newer: Bool, id: Int64) {
        switch self {
        case .newest: (false, Int64.max)
        case .olderThan(let id): (false, id)
        case .newerThan(let id): (true, id)
        }
    }

    /// Whether the entry `id` lies on this side of the position.
    public func admits(_ id: Int64) -> Bool {
        switch self {
        case .newest: true
        case .olderThan(let cursor): id < cursor
        case .newerThan(let cursor): id > cursor
        }
    }
}

/// An entry of the accounts' audit log with its id, which orders the log and pages it.
public struct LoggedAccountEvent: Equatable, Sendable {
    public var id: Int64
    public var event: AccountEvent

    public init(id: Int64, event: AccountEvent) {
        self.id = id
        self.event = event
    }

    /// The `limit` entries of `entries` (in any order) at `position`, newest first: what every store
    /// answers (the SQL stores by the same condition and order, `bound`).
    public static func page(_ entries: [LoggedAccountEvent], at position: AccountEventsPosition, limit: Int) -> [LoggedAccountEvent] {
        let admitted = entries.filter { position.admits($0.id) }
        if case .newerThan = position {
            return Array(admitted.sorted { $0.id < $1.id }.prefix(limit).reversed())
        }
        return Array(admitted.sorted { $0.id > $1.id }.prefix(limit))
    }
}

/// A one-time set-password link: good for `PasswordLink.lifetime` (24 hours), once. The token is in
/// the link alone (shown once to the supervisor who made it); the stores keep its SHA-256.
public struct PasswordLink: Equatable, Sendable {
    public static let lifetime: TimeInterval = 24 * 60 * 60

    public var tokenHash: Data
    public var expiresAt: Date

    public init(tokenHash: Data, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }

    /// The link of `token`, made at `now`.
    public init(token: String, madeAt now: Date) {
        self.init(tokenHash: Self.hash(token), expiresAt: now.addingTimeInterval(Self.lifetime))
    }

    public static func hash(_ token: String) -> Data { Data(SHA256.hash(data: Data(token.utf8))) }
}

/// What a supervisor does to an account.
public enum AccountChange: Equatable, Sendable {
    case role(AccountRole)
    case disable
    case enable
    /// A new one-time link; the password stops working (`unusableHash`: a hash of a random secret no
    /// one knows).
    case resetPassword(unusableHash: String, link: PasswordLink)
}

/// Why a change to an account is refused, in words for the supervisor.
public enum AccountChangeRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case demoteSelf, disableSelf
    case lastSupervisor
    /// The one asking is no longer a supervisor (or is disabled): another supervisor changed them meanwhile.
    case notSupervisor
    /// The set-password link was used already, expired, or was never made.
    case linkExpired

    public var description: String {
        switch self {
        case .demoteSelf: "You cannot change your own role. Ask another supervisor."
        case .disableSelf: "You cannot disable your own account. Ask another supervisor."
        case .lastSupervisor: "This is the only supervisor account in use: there must always be one. Make another supervisor first."
        case .notSupervisor: "Your account is no longer a supervisor's, so nothing was changed."
        case .linkExpired: "This link has been used or has expired. Ask a supervisor for a new one."
        }
    }
}

/// One line of the accounts' audit log: who did what to whom, when.
public struct AccountEvent: Equatable, Sendable {
    public enum Action: String, Sendable, CaseIterable {
        case added, roleChanged = "role_changed", disabled, enabled, passwordReset = "password_reset", passwordSet = "password_set"
        /// A password typed for the account by the operator (`cleanstore accounts set-password`).
        case passwordChanged = "password_changed"
        /// An API token made for the account, or revoked (`role`: the token's).
        case tokenMade = "token_made", tokenRevoked = "token_revoked"
    }

    public var at: Date
    public var actor: AccountName
    /// The account changed (its username as typed when made).
    public var username: String
    public var action: Action
    /// The role given (added, role changed).
    public var role: AccountRole?
    /// The role before (role changed).
    public var previousRole: AccountRole?

    public init(
        at: Date, actor: AccountName, username: String, action: Action, role: AccountRole? = nil, previousRole: AccountRole? = nil
    ) {
        self.at = at
        self.actor = actor
        self.username = username
        self.action = action
        self.role = role
        self.previousRole = previousRole
    }
}

/// The rules of a supervisor's change, decided once, on the rows as stored in the change's
/// transaction; every store executes the decision.
public enum AccountWrites {
    /// What to write: the account as changed and its event; nil when the change changes nothing
    /// (a role it has, disabling a disabled account): nothing is written.
    public static func decide(
        _ change: AccountChange, target: Account, actor: AccountName, actorAccount: Account?, activeSupervisors: Int, at now: Date
    ) throws(AccountChangeRefusal) -> (account: Account, event: AccountEvent)? {
        guard let actorAccount, actorAccount.role == .supervisor, !actorAccount.isDisabled else { throw .notSupervisor }
        let isSelf = target.key == actorAccount.key
        let isActiveSupervisor = target.role == .supervisor && !target.isDisabled
        var account = target
        let event: AccountEvent
        switch change {
        case .role(let role):
            guard role != target.role else { return nil }
            if isSelf { throw .demoteSelf }
            if isActiveSupervisor && activeSupervisors <= 1 { throw .lastSupervisor }
            account.role = role
            event = AccountEvent(at: now, actor: actor, username: target.username, action: .roleChanged, role: role, previousRole: target.role)
        case .disable:
            guard !target.isDisabled else { return nil }
            if isSelf { throw .disableSelf }
            if isActiveSupervisor && activeSupervisors <= 1 { throw .lastSupervisor }
            account.isDisabled = true
            event = AccountEvent(at: now, actor: actor, username: target.username, action: .disabled)
        case .enable:
            guard target.isDisabled else { return nil }
            account.isDisabled = false
            event = AccountEvent(at: now, actor: actor, username: target.username, action: .enabled)
        case .resetPassword(let hash, _):
            account.passwordHash = hash
            event = AccountEvent(at: now, actor: actor, username: target.username, action: .passwordReset)
        }
        account.updatedAt = now
        return (account, event)
    }

    /// What the command line's change writes over `target` (the account as stored in the change's
    /// transaction; nil when there is none): the account, and its audit entry unless it changes
    /// nothing an entry says (disabling a disabled account).
    public static func decideOperator(
        _ change: OperatorAccountChange, target: Account?, username: String, actor: AccountName, at now: Date
    ) throws(AccountsStoreError) -> (account: Account, event: AccountEvent?) {
        if case .add(let account) = change {
            guard target == nil else { throw .duplicateUsername(account.username) }
            return (account, AccountEvent(at: now, actor: actor, username: account.username, action: .added, role: account.role))
        }
        guard var account = target else { throw .unknownUsername(username) }
        account.updatedAt = now
        switch change {
        case .add: return (account, nil)
        case .disable:
            account.isDisabled = true
            return (account, target?.isDisabled == true ? nil : AccountEvent(at: now, actor: actor, username: account.username, action: .disabled))
        case .setPasswordHash(let hash):
            account.passwordHash = hash
            return (account, AccountEvent(at: now, actor: actor, username: account.username, action: .passwordChanged))
        }
    }

    /// The link a change makes, if any.
    public static func link(of change: AccountChange) -> PasswordLink? {
        if case .resetPassword(_, let link) = change { return link }
        return nil
    }
}
