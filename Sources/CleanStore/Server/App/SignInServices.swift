import Foundation

/// Everything that signs clerks in and keeps them signed in, as a scene environment carries it:
/// the stores (in the orders database, so every instance shares them), the timeouts, bcrypt, the
/// throttling rule, and where new session ids come from (tests inject fixed ones).
public struct SignInServices: Sendable {
    public var accounts: any AccountsStoreProtocol
    public var sessions: any SessionsStoreProtocol
    public var attempts: any SignInAttemptsStoreProtocol
    public var timeouts: SessionTimeouts
    public var throttle: SignInThrottle
    public var passwords: PasswordWorker
    public var newSessionID: @Sendable () -> SessionID
    /// The one-time token of the first-run set-up link (`/setup?token=…`), good while no supervisor
    /// exists; nil: no link (a server that found a supervisor at start).
    public var setupToken: SetupToken?

    public init(
        accounts: any AccountsStoreProtocol, sessions: any SessionsStoreProtocol, attempts: any SignInAttemptsStoreProtocol,
        timeouts: SessionTimeouts = .standard, throttle: SignInThrottle = .standard, passwords: PasswordWorker = PasswordWorker(),
        newSessionID: @escaping @Sendable () -> SessionID = { SessionID.random() }, setupToken: SetupToken? = nil
    ) {
        self.accounts = accounts
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
        SignInServices(accounts: database.accounts, sessions: database.sessions, attempts: database.signInAttempts)
    }
}

/// When sign-ins are refused for a while: after `maximumFailuresPerUsername` failed attempts for one
/// username within `window` (whether or not the account exists, so the refusal tells nothing), and
/// after `maximumFailuresPerAddress` from one address (someone trying many usernames). Counted in the
/// database, so it holds across instances.
public struct SignInThrottle: Equatable, Sendable {
    public var window: TimeInterval
    public var maximumFailuresPerUsername: Int
    public var maximumFailuresPerAddress: Int

    public init(window: TimeInterval = 15 * 60, maximumFailuresPerUsername: Int = 5, maximumFailuresPerAddress: Int = 50) {
        self.window = window
        self.maximumFailuresPerUsername = maximumFailuresPerUsername
        self.maximumFailuresPerAddress = maximumFailuresPerAddress
    }

    /// 5 failures for a username, or 50 from an address, in 15 minutes: refused for 15 minutes.
    public static let standard = SignInThrottle()
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
