import Foundation

/// Failed sign-ins in memory (one instance only): an actor, so a reservation's count and record
/// are one step.
public actor SignInAttemptsMemStore: SignInAttemptsStoreProtocol {
    private struct Failure {
        var usernameKey: String
        var address: String
        var time: Date
    }

    private var failures: [Failure] = []

    public init() {}

    public func reserveAttempt(username: String, address: String, at time: Date, throttle: SignInThrottle) -> SignInReservation {
        let key = SignInThrottle.key(username), address = SignInThrottle.address(address), since = throttle.since(time)
        let recent = failures.filter { $0.time >= since }
        let forUsername = recent.filter { $0.usernameKey == key }
        let fromAddress = recent.filter { $0.address == address }
        let counted = SignInThrottle.Failures(
            username: forUsername.count, latestForUsername: forUsername.map(\.time).max(),
            pair: forUsername.filter { $0.address == address }.count, address: fromAddress.count,
            usernamesFromAddress: Set(fromAddress.map(\.usernameKey)).count)
        if let refusal = throttle.refusal(counted, at: time) { return .refused(refusal, counted) }
        failures.append(Failure(usernameKey: key, address: address, time: time))
        return .reserved(counted)
    }

    public func releaseAttempt(username: String, address: String, at time: Date) {
        let key = SignInThrottle.key(username), address = SignInThrottle.address(address)
        if let index = failures.firstIndex(where: { $0.usernameKey == key && $0.address == address && $0.time == time }) {
            failures.remove(at: index)
        }
    }

    public func recordFailure(username: String, address: String, at time: Date) {
        failures.append(Failure(usernameKey: SignInThrottle.key(username), address: SignInThrottle.address(address), time: time))
    }

    public func countFailures(username: String, since: Date) -> Int {
        let key = SignInThrottle.key(username)
        return failures.filter { $0.usernameKey == key && $0.time >= since }.count
    }

    public func countFailures(address: String, since: Date) -> Int {
        let address = SignInThrottle.address(address)
        return failures.filter { $0.address == address && $0.time >= since }.count
    }

    public func clearFailures(username: String) {
        let key = SignInThrottle.key(username)
        failures.removeAll { $0.usernameKey == key }
    }

    public func deleteFailures(before: Date) {
        failures.removeAll { $0.time < before }
    }
}
