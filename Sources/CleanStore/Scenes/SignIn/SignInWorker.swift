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
        do {
            // Counted and recorded in one step, before bcrypt: attempts sent at once are counted
            // in turn, and each counts as a failure until it succeeds.
            let counted: SignInThrottle.Failures
            switch try await services.attempts.reserveAttempt(username: username, address: client, at: time, throttle: services.throttle) {
            case .refused(let refusal, let failures):
                return refused(refusal, failures, username: username, client: client)
            case .reserved(let failures):
                counted = failures
            }
            let account = try await services.accounts.fetchAccount(username: username)
            let hash = account?.passwordHash ?? services.passwords.dummyHash
            let matches: Bool
            do {
                matches = try await services.passwords.verify(password, hash: hash)
            } catch .busy(let seconds) {
                // bcrypt's queue is full: the password was never checked, so the attempt reserved
                // for it was no failure (SignInBurstHTTPTests).
                try await services.attempts.releaseAttempt(username: username, address: client, at: time)
                throw PasswordHashingError.busy(retryAfterSeconds: seconds)
            }
            guard let account, matches, !account.isDisabled else {
                logger.notice(
                    "Sign-in failed",
                    metadata: ["username": "\(username)", "client": "\(client)", "failures_username": "\(counted.username + 1)"])
                return .wrongCredentials
            }
            try await services.attempts.clearFailures(username: username)
            if let previousSession {
                try await services.sessions.deleteSession(id: previousSession)
            }
            let id = services.newSessionID()
            _ = try await services.sessions.createSession(id: id, username: account.username, now: time)
            logger.info("Signed in", metadata: ["username": "\(account.username)", "client": "\(client)"])
            // For the accounts page's "last sign-in": not worth refusing a sign-in over.
            do {
                try await services.accountChanges.recordSignIn(username: account.username, at: time)
            } catch {
                logger.warning("Could not record the sign-in", metadata: ["username": "\(account.username)", "error": "\(error)"])
            }
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

    /// A refused attempt, logged: the minutes to wait (rounded up, 1 at least) for the page.
    private func refused(_ refusal: SignInThrottle.Refusal, _ failures: SignInThrottle.Failures, username: String, client: String) -> Outcome {
        let minutes = max(1, Int((refusal.retryAfter / 60).rounded(.up)))
        var metadata: Logger.Metadata = [
            "username": "\(username)", "client": "\(client)", "failures_username": "\(failures.username)",
            "failures_pair": "\(failures.pair)", "failures_client": "\(failures.address)", "retry_after": "\(Int(refusal.retryAfter.rounded(.up)))",
        ]
        switch refusal {
        case .pair:
            logger.warning("Sign-in refused: too many failures for this username from this client", metadata: metadata)
        case .username:
            logger.warning("Sign-in slowed down: too many failures for this username", metadata: metadata)
        case .address(_, let usernames):
            metadata["usernames_client"] = "\(usernames)"
            logger.warning("Sign-in refused: too many failures from this client", metadata: metadata)
            // Many usernames failing from one address are many clerks (or someone guessing): when
            // no proxy is trusted to name the client, all of them may be behind one proxy address.
            let throttle = services.throttle
            let many = max(2, throttle.maximumFailuresPerAddress / max(1, throttle.maximumFailuresPerPair))
            if !services.hasTrustedProxies, usernames >= many, services.addressNotice.first() {
                logger.notice(
                    "Sign-ins from \(client) failed for \(usernames) usernames and are refused for all of them: if every client reaches this server through one proxy, start it with --trusted-proxy naming that proxy, or the proxy's address stops everyone behind it",
                    metadata: ["client": "\(client)"])
            }
        }
        return .throttled(minutes: minutes)
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
