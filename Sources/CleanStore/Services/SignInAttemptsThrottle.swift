import Foundation

/// When sign-ins are refused for a while, decided once here, in plain Swift, on the failures as
/// stored (as `OrderWrites` does for orders); each `SignInAttemptsStoreProtocol` store counts them
/// and executes the decision in the same transaction as it reserves the attempt:
/// - `maximumFailuresPerPair` failures for one username from one address within `window` lock that
///   pair (the clerk at that address waits the window); someone else's typing elsewhere does not;
/// - `maximumFailuresPerUsername` failures for one username from anywhere (known or not, so the
///   refusal tells nothing) slow it down rather than lock it: each further attempt waits a delay
///   after the latest one, `slowDown` doubled with every failure beyond the limit, `window` at most;
/// - `maximumFailuresPerAddress` from one address (someone trying many usernames) lock the address.
/// An attempt in progress counts as a failure until it succeeds (`clearFailures`), so that attempts
/// sent at once cannot all pass one count.
public struct SignInThrottle: Equatable, Sendable {
    public var window: TimeInterval
    public var maximumFailuresPerUsername: Int
    public var maximumFailuresPerPair: Int
    public var maximumFailuresPerAddress: Int
    /// The first delay once a username has `maximumFailuresPerUsername` failures.
    public var slowDown: TimeInterval

    /// `maximumFailuresPerPair` is `maximumFailuresPerUsername` unless given.
    public init(
        window: TimeInterval = 15 * 60, maximumFailuresPerUsername: Int = 5, maximumFailuresPerPair: Int? = nil,
        maximumFailuresPerAddress: Int = 50, slowDown: TimeInterval = 60
    ) {
        self.window = window
        self.maximumFailuresPerUsername = maximumFailuresPerUsername
        self.maximumFailuresPerPair = maximumFailuresPerPair ?? maximumFailuresPerUsername
        self.maximumFailuresPerAddress = maximumFailuresPerAddress
        self.slowDown = slowDown
    }

    /// 5 failures for a username from one address, or 50 from an address, in 15 minutes: refused
    /// for 15 minutes; 5 for a username from anywhere: 1, 2, 4, 8, then 15 minutes between attempts.
    public static let standard = SignInThrottle()

    /// The most characters of a username or an address kept with a failure: a username typed at
    /// the form may be 64 KiB long, and the table must not keep that.
    public static let keptCharacters = 64

    /// The username as stored with a failure: its key (`Account.key`), its first 64 characters.
    /// A card number typed as a username is kept as its last four only (`[card …1111]`): the table
    /// is on disk, and a copy of the database reveals no card number.
    public static func key(_ username: String) -> String {
        String(TextRules.redactingCardNumbers(Account.key(username)).prefix(keptCharacters))
    }

    /// The address as stored with a failure: its first 64 characters.
    public static func address(_ address: String) -> String { String(address.prefix(keptCharacters)) }

    /// The failures a store counted within the window, before an attempt.
    public struct Failures: Equatable, Sendable {
        public var username: Int
        /// The latest failure for the username (from anywhere), if any.
        public var latestForUsername: Date?
        public var pair: Int
        public var address: Int
        /// How many usernames the address's failures were for.
        public var usernamesFromAddress: Int

        public init(username: Int, latestForUsername: Date?, pair: Int, address: Int, usernamesFromAddress: Int) {
            self.username = username
            self.latestForUsername = latestForUsername
            self.pair = pair
            self.address = address
            self.usernamesFromAddress = usernamesFromAddress
        }
    }

    /// Why an attempt is refused, and for how long.
    public enum Refusal: Equatable, Sendable {
        /// Too many failures for this username from this address.
        case pair(retryAfter: TimeInterval)
        /// Too many failures for this username from anywhere: the next attempt waits.
        case username(retryAfter: TimeInterval)
        /// Too many failures from this address; `usernames`: how many usernames they were for.
        case address(retryAfter: TimeInterval, usernames: Int)

        public var retryAfter: TimeInterval {
            switch self {
            case .pair(let seconds), .username(let seconds), .address(let seconds, _): return seconds
            }
        }
    }

    /// When the window of counted failures starts, for an attempt at `now`.
    public func since(_ now: Date) -> Date { now.addingTimeInterval(-window) }

    /// How long a username with `failures` failures waits after its latest one: nothing under the
    /// limit; then `slowDown`, doubled with each failure beyond it, `window` at most.
    public func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures >= maximumFailuresPerUsername else { return 0 }
        let doublings = min(failures - maximumFailuresPerUsername, 30)
        return min(slowDown * Double(1 << doublings), window)
    }

    /// Whether an attempt at `now` may go ahead, given the failures counted; nil: it may (and is
    /// counted).
    public func refusal(_ failures: Failures, at now: Date) -> Refusal? {
        if failures.pair >= maximumFailuresPerPair {
            return .pair(retryAfter: window)
        }
        if failures.address >= maximumFailuresPerAddress {
            return .address(retryAfter: window, usernames: failures.usernamesFromAddress)
        }
        if let latest = failures.latestForUsername {
            let wait = latest.addingTimeInterval(delay(afterFailures: failures.username)).timeIntervalSince(now)
            if failures.username >= maximumFailuresPerUsername, wait > 0 {
                return .username(retryAfter: wait)
            }
        }
        return nil
    }
}

/// What `SignInAttemptsStoreProtocol.reserveAttempt` decided, with the failures it counted before.
public enum SignInReservation: Equatable, Sendable {
    /// The attempt may check its password; it counts as a failure until it succeeds.
    case reserved(SignInThrottle.Failures)
    /// The attempt is refused without checking anything, and not counted.
    case refused(SignInThrottle.Refusal, SignInThrottle.Failures)
}
