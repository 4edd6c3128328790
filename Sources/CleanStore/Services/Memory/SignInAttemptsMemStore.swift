import Foundation

/// Failed sign-ins in memory (one instance only).
public actor SignInAttemptsMemStore: SignInAttemptsStoreProtocol {
    private struct Failure {
        var usernameKey: String
        var address: String
        var time: Date
    }

    private var failures: [Failure] = []

    public init() {}

    public func recordFailure(username: String, address: String, at time: Date) {
        failures.append(Failure(usernameKey: Account.key(username), address: address, time: time))
    }

    public func countFailures(username: String, since: Date) -> Int {
        let key = Account.key(username)
        return failures.filter { $0.usernameKey == key && $0.time >= since }.count
    }

    public func countFailures(address: String, since: Date) -> Int {
        failures.filter { $0.address == address && $0.time >= since }.count
    }

    public func clearFailures(username: String) {
        let key = Account.key(username)
        failures.removeAll { $0.usernameKey == key }
    }

    public func deleteFailures(before: Date) {
        failures.removeAll { $0.time < before }
    }
}
