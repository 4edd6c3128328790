import Foundation

/// Where accounts live: in the orders database (SQLite, PostgreSQL), or in memory. Every store keeps
/// the same contract, checked by one suite (`AccountsStoreContractTests`):
/// - usernames are unique case-insensitively: `createAccount` throws `.duplicateUsername` for "AMY"
///   when "amy" exists, and looking up "AMY" finds "amy"; the username is kept as typed;
/// - `fetchAccounts` lists every account (disabled ones too) by username, case-insensitively;
/// - `disableAccount` and `setPasswordHash` set `updatedAt`; an unknown username is `.unknownUsername`;
/// - `countSupervisors` counts supervisors not disabled (the set-up link itself lasts only until a
///   first supervisor is made, disabled or not: `createFirstSupervisor`);
/// - `createFirstSupervisor` makes `account` (a supervisor) only while no supervisor was ever made
///   (a disabled one counts), deciding it in the transaction that inserts it, under a unique guard
///   (the SQL stores' one-row `first_supervisor` table): of set-up forms posted at once, one makes
///   the supervisor and the others get `.supervisorExists`, whatever time their hashes took.
public protocol AccountsStoreProtocol: Sendable {
    func createAccount(_ account: Account) async throws(AccountsStoreError) -> Account
    func createFirstSupervisor(_ account: Account) async throws(AccountsStoreError) -> Account
    func fetchAccount(username: String) async throws(AccountsStoreError) -> Account?
    func fetchAccounts() async throws(AccountsStoreError) -> [Account]
    func disableAccount(username: String, at now: Date) async throws(AccountsStoreError) -> Account
    func setPasswordHash(_ hash: String, username: String, at now: Date) async throws(AccountsStoreError) -> Account
    func countAccounts() async throws(AccountsStoreError) -> Int
    func countSupervisors() async throws(AccountsStoreError) -> Int
}

/// Server-side sessions, shared by every instance on the database. Contract (`SessionsStoreContractTests`):
/// - only the id's SHA-256 is stored; `session(forID:now:timeouts:)` finds a session by its id;
/// - a session that has ended (`SessionTimeouts.hasEnded`) is deleted and comes back nil;
/// - otherwise its `lastSeenAt` becomes `now` when `timeouts.needsRefresh` says so;
/// - `deleteSession` ends one session (signing out), `deleteSessions(ofAccount:)` all of an account's
///   (disabled, password changed), on every instance at once.
/// - `createSession` throws `.unknownUsername` for an account that does not exist.
public protocol SessionsStoreProtocol: Sendable {
    func createSession(id: SessionID, username: String, now: Date) async throws(AccountsStoreError) -> Session
    func session(forID id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session?
    /// The account of the session `id`, as `session(forID:now:timeouts:)` finds the session (ended:
    /// deleted and nil; last use refreshed), read together with it: one round trip for every page
    /// a signed-in clerk opens. Disabled accounts come back too (the caller refuses them).
    func account(forSession id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Account?
    func deleteSession(id: SessionID) async throws(AccountsStoreError)
    /// Returns how many sessions ended.
    @discardableResult
    func deleteSessions(ofAccount username: String) async throws(AccountsStoreError) -> Int
    /// Deletes every session that has ended at `now` (`SessionTimeouts.hasEnded`), whether or not
    /// its browser comes back (housekeeping: `SignInHousekeeping`); returns how many.
    @discardableResult
    func deleteEndedSessions(at now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Int
}

/// Failed sign-ins, counted in the database so that throttling holds across instances. Contract
/// (`SignInAttemptsStoreContractTests`):
/// - `reserveAttempt` is one atomic step: it counts the failures within the throttle's window (for
///   the username, the username from the address, the address), asks `SignInThrottle.refusal`, and
///   when there is none records the attempt, as a failure, before its password is checked; attempts
///   sent at once, on one instance or several, are counted one after the other (no two pass one
///   count). A refused attempt is not recorded;
/// - usernames count case-insensitively, known or not (the count must not tell which exist), by
///   their first 64 characters (`SignInThrottle.key`: no more is stored), as addresses;
/// - `releaseAttempt` forgets one attempt `reserveAttempt` recorded (the same username, address and
///   time), for a sign-in whose password could not be checked at all (bcrypt's queue was full): it
///   was no failure;
/// - `recordFailure` records a failure as it is (imports and tests; sign-ins reserve);
/// - `countFailures` counts failures at `since` or later;
/// - `clearFailures(username:)` forgets that username's failures (after a successful sign-in: the
///   reserved attempt with them), and only them: failures for other usernames from the same
///   address still count for the address;
/// - `deleteFailures(before:)` forgets failures older than any window (housekeeping:
///   `SignInHousekeeping`).
public protocol SignInAttemptsStoreProtocol: Sendable {
    func reserveAttempt(
        username: String, address: String, at time: Date, throttle: SignInThrottle
    ) async throws(AccountsStoreError) -> SignInReservation
    func releaseAttempt(username: String, address: String, at time: Date) async throws(AccountsStoreError)
    func recordFailure(username: String, address: String, at time: Date) async throws(AccountsStoreError)
    func countFailures(username: String, since: Date) async throws(AccountsStoreError) -> Int
    func countFailures(address: String, since: Date) async throws(AccountsStoreError) -> Int
    func clearFailures(username: String) async throws(AccountsStoreError)
    func deleteFailures(before: Date) async throws(AccountsStoreError)
}

/// What can go wrong in the accounts, sessions and sign-in attempts stores.
public enum AccountsStoreError: Error, Equatable, Sendable {
    case duplicateUsername(String)
    case unknownUsername(String)
    /// A supervisor exists already: the first one was made (`createFirstSupervisor`).
    case supervisorExists
    /// A supervisor's change that the accounts' rules refuse (`AccountWrites`): nothing written.
    case refused(AccountChangeRefusal)
    /// The database failed: why, never a password, hash or session id.
    case unavailable(String)
}

extension AccountsStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .duplicateUsername(let username): return "An account named \(username) exists already (usernames ignore case)"
        case .unknownUsername(let username): return "No account named \(username)"
        case .supervisorExists: return "A supervisor account exists already"
        case .refused(let refusal): return refusal.description
        case .unavailable(let reason): return reason
        }
    }

    /// A store error as it is; any other error as `.unavailable`, prefixed with what was being done.
    static func from(_ error: any Error, doing what: String) -> AccountsStoreError {
        (error as? AccountsStoreError) ?? .unavailable("\(what): \(String(reflecting: error))")
    }
}
