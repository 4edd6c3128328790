import Foundation
import Logging

/// Signing in and out: throttling counted in the database (so it holds across instances), bcrypt
/// through `PasswordWorker` (off the executor), a new session for every sign-in (no fixation), and
/// the same answer and about the same time for an unknown username, a wrong password and a
/// disabled account (a dummy hash is checked when there is no account).
/// Not final: the interactor's tests subclass it into a spy.
class SignInWorker: @unchecked Sendable {
    enum Outcome: Equatable {
        case signedIn(SignedIn, SessionID)
        case wrongCredentials
        case throttled(minutes: Int)
    }

    struct Unavailable: Error {
        /// Set when bcrypt's queue was full (`PasswordHashing`): try again after so many seconds.
        var retryAfterSeconds: Int? = nil
    }

    let services: SignInServices
    let now: @Sendable () -> Date
    let logger: Logger

    init(services: SignInServices, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.services = services
        self.now = now
        self.logger = logger
    }

    func signIn(username: String, password: String, client: String, previousSession: SessionID?) async throws(Unavailable) -> Outcome {
        let time = now()
        let throttle = services.throttle
        let minutes = Int((throttle.window / 60).rounded(.up))
        do {
            let since = time.addingTimeInterval(-throttle.window)
            let byUsername = try await services.attempts.countFailures(username: username, since: since)
            let byAddress = try await services.attempts.countFailures(address: client, since: since)
            if byUsername >= throttle.maximumFailuresPerUsername || byAddress >= throttle.maximumFailuresPerAddress {
                logger.warning(
                    "Sign-in refused: too many failures",
                    metadata: ["username": "\(username)", "client": "\(client)", "failures_username": "\(byUsername)",
                        "failures_client": "\(byAddress)"])
                return .throttled(minutes: minutes)
            }
            let account = try await services.accounts.fetchAccount(username: username)
            let hash = account?.passwordHash ?? services.passwords.dummyHash
            let matches = try await services.passwords.verify(password, hash: hash)
            guard let account, matches, !account.isDisabled else {
                try await services.attempts.recordFailure(username: username, address: client, at: time)
                logger.notice(
                    "Sign-in failed", metadata: ["username": "\(username)", "client": "\(client)", "failures_username": "\(byUsername + 1)"])
                return .wrongCredentials
            }
            try await services.attempts.clearFailures(username: username)
            if let previousSession {
                try await services.sessions.deleteSession(id: previousSession)
            }
            let id = services.newSessionID()
            _ = try await services.sessions.createSession(id: id, username: account.username, now: time)
            logger.info("Signed in", metadata: ["username": "\(account.username)", "client": "\(client)"])
            return .signedIn(SignedIn(name: account.name, role: account.role), id)
        } catch {
            if let seconds = (error as? PasswordHashingError)?.retryAfterSeconds {
                logger.warning("Sign-in refused: bcrypt's queue is full", metadata: ["username": "\(username)", "client": "\(client)"])
                throw Unavailable(retryAfterSeconds: seconds)
            }
            logger.error("Accounts store failed", metadata: ["error": "\(error)"])
            throw Unavailable()
        }
    }

    /// Ends the session (on every instance: it is deleted from the shared store).
    func signOut(session: SessionID) async throws(Unavailable) {
        do {
            try await services.sessions.deleteSession(id: session)
        } catch {
            logger.error("Sessions store failed", metadata: ["error": "\(error)"])
            throw Unavailable()
        }
    }

    /// `path` when it is a path on this site a clerk can be sent to, else nil: it starts with one
    /// `/` (not `//` or `/\`, which browsers read as another host), holds no control character,
    /// space or backslash, and is not the sign-in or sign-out page itself.
    static func localPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), path.utf8.count <= 2048,
            !path.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" || !$0.isASCII })
        else { return nil }
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard bare != Paths.signIn.description, bare != Paths.signOut.description, bare != Paths.setup.description else { return nil }
        return path
    }
}
