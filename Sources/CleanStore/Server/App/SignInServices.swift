import Foundation
import Synchronization

/// Everything that signs clerks in and keeps them signed in, as a scene environment carries it:
/// the stores (in the orders database, so every instance shares them), the timeouts, bcrypt, the
/// throttling rule, and where new session ids come from (tests inject fixed ones).
public struct SignInServices: Sendable {
    public var accounts: any AccountsStoreProtocol
    public var sessions: any SessionsStoreProtocol
    public var attempts: any SignInAttemptsStoreProtocol
    /// A supervisor's changes to accounts (`/accounts`), their audit log, set-password links and
    /// last sign-ins: in the accounts' database.
    public var accountChanges: any AccountChangesStoreProtocol
    public var timeouts: SessionTimeouts
    public var throttle: SignInThrottle
    public var passwords: PasswordWorker
    public var newSessionID: @Sendable () -> SessionID
    /// The one-time token of the first-run set-up link (`/setup?token=…`), good while no supervisor
    /// exists; nil: no link (a server that found a supervisor at start).
    public var setupToken: SetupToken?
    /// Whether the server was told which proxies name the client (`--trusted-proxy`): without, every
    /// client behind one proxy shares its address, and the address limit (`SignInThrottle`) stops
    /// them all at once; the log says so, once (`addressNotice`).
    public var hasTrustedProxies = false
    /// Whether that notice was logged (shared by every request's worker).
    public let addressNotice = LoggedOnce()

    public init(
        accounts: any AccountsStoreProtocol, sessions: any SessionsStoreProtocol, attempts: any SignInAttemptsStoreProtocol,
        timeouts: SessionTimeouts = .standard, throttle: SignInThrottle = .standard, passwords: PasswordWorker = PasswordWorker(),
        newSessionID: @escaping @Sendable () -> SessionID = { SessionID.random() }, setupToken: SetupToken? = nil,
        accountChanges: (any AccountChangesStoreProtocol)? = nil
    ) {
        self.accounts = accounts
        // Memory accounts' changes are their database's (tests, until given); the app passes its database's.
        self.accountChanges =
            accountChanges ?? AccountChangesMemStore(database: (accounts as? AccountsMemStore)?.database ?? MemoryAppDatabase())
        self.sessions = sessions
        self.attempts = attempts
        self.timeouts = timeouts
        self.throttle = throttle
        self.passwords = passwords
        self.newSessionID = newSessionID
        self.setupToken = setupToken
    }

    /// Memory stores with no account (a server started without a database, and tests).
    public static func inMemory() -> SignInServices {
        let database = MemoryAppDatabase()
        return SignInServices(
            accounts: AccountsMemStore(database: database), sessions: SessionsMemStore(database: database),
            attempts: SignInAttemptsMemStore())
    }

    /// Whether the set-up page is still open: no supervisor account was ever made (a disabled one
    /// counts: disabling the last supervisor does not reopen it; `cleanstore accounts add` is the
    /// way then).
    public func needsFirstSupervisor() async throws -> Bool {
        try await !accounts.fetchAccounts().contains { $0.role == .supervisor }
    }

    /// The stores of `database`.
    public static func of(_ database: OrdersDatabase) -> SignInServices {
        SignInServices(
            accounts: database.accounts, sessions: database.sessions, attempts: database.signInAttempts,
            accountChanges: database.accountChanges)
    }
}

/// The first-run set-up link's token: 256 random bits, made at start when no supervisor exists,
/// printed once to the log, compared in constant time.
public struct SetupToken: Sendable, Equatable {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public static func random() -> SetupToken {
        SetupToken(text: RequestSecurity.randomBrowserID())
    }

    /// Whether `given` is this token (in time that does not depend on where they differ).
    public func matches(_ given: String) -> Bool {
        let a = Array(text.utf8), b = Array(given.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Something logged once per server, whichever request comes first.
public final class LoggedOnce: Sendable {
    private let logged = Mutex(false)

    public init() {}

    /// True the first time only.
    public func first() -> Bool {
        logged.withLock { logged in
            defer { logged = true }
            return !logged
        }
    }
}
