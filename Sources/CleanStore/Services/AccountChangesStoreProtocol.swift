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
/// - `fetchEvents` lists the audit log, newest first (`limit` at most).
public protocol AccountChangesStoreProtocol: Sendable {
    func addAccount(_ account: Account, link: PasswordLink, by actor: AccountName, at now: Date) async throws(AccountsStoreError) -> Account
    func change(_ change: AccountChange, username: String, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    func passwordLink(tokenHash: Data, now: Date) async throws(AccountsStoreError) -> Account?
    func setPassword(tokenHash: Data, passwordHash: String, at now: Date) async throws(AccountsStoreError) -> Account
    func recordSignIn(username: String, at now: Date) async throws(AccountsStoreError)
    /// When each account last signed in, by `Account.key` (accounts that never did are absent).
    func lastSignIns() async throws(AccountsStoreError) -> [String: Date]
    func fetchEvents(limit: Int) async throws(AccountsStoreError) -> [AccountEvent]
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

    /// The link a change makes, if any.
    public static func link(of change: AccountChange) -> PasswordLink? {
        if case .resetPassword(_, let link) = change { return link }
        return nil
    }
}
