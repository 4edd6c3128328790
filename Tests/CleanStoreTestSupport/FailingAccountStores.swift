import Foundation

@testable import CleanStore

/// Accounts, sessions and sign-in attempts stores whose database is down: every call throws
/// `.unavailable`.
struct FailingAccountStores: AccountsStoreProtocol, SessionsStoreProtocol, SignInAttemptsStoreProtocol {
    static let error = AccountsStoreError.unavailable("connection refused")

    func createAccount(_ account: Account) async throws(AccountsStoreError) -> Account { throw Self.error }
    func createFirstSupervisor(_ account: Account) async throws(AccountsStoreError) -> Account { throw Self.error }
    func fetchAccount(username: String) async throws(AccountsStoreError) -> Account? { throw Self.error }
    func fetchAccounts() async throws(AccountsStoreError) -> [Account] { throw Self.error }
    func disableAccount(username: String, at now: Date) async throws(AccountsStoreError) -> Account { throw Self.error }
    func setPasswordHash(_ hash: String, username: String, at now: Date) async throws(AccountsStoreError) -> Account { throw Self.error }
    func countAccounts() async throws(AccountsStoreError) -> Int { throw Self.error }
    func countSupervisors() async throws(AccountsStoreError) -> Int { throw Self.error }

    func createSession(id: SessionID, username: String, now: Date) async throws(AccountsStoreError) -> Session { throw Self.error }
    func session(forID id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session? { throw Self.error }
    func account(forSession id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Account? { throw Self.error }
    func deleteSession(id: SessionID) async throws(AccountsStoreError) { throw Self.error }
    func deleteSessions(ofAccount username: String) async throws(AccountsStoreError) -> Int { throw Self.error }
    func deleteEndedSessions(at now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Int { throw Self.error }

    func reserveAttempt(username: String, address: String, at time: Date, throttle: SignInThrottle) async throws(AccountsStoreError)
        -> SignInReservation
    { throw Self.error }
    func releaseAttempt(username: String, address: String, at time: Date) async throws(AccountsStoreError) { throw Self.error }
    func recordFailure(username: String, address: String, at time: Date) async throws(AccountsStoreError) { throw Self.error }
    func countFailures(username: String, since: Date) async throws(AccountsStoreError) -> Int { throw Self.error }
    func countFailures(address: String, since: Date) async throws(AccountsStoreError) -> Int { throw Self.error }
    func clearFailures(username: String) async throws(AccountsStoreError) { throw Self.error }
    func deleteFailures(before: Date) async throws(AccountsStoreError) { throw Self.error }
}

extension SignInServices {
    /// Sign-in services whose database is down (`FailingAccountStores`), fast bcrypt.
    static func down(setupToken: SetupToken? = nil) -> SignInServices {
        let down = FailingAccountStores()
        return SignInServices(accounts: down, sessions: down, attempts: down, passwords: AccountSeeds.fastPasswords, setupToken: setupToken)
    }
}

/// A clock a test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date

    init(_ time: Date) {
        self.time = time
    }

    var now: Date { lock.withLock { time } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { time += seconds }
    }
}
