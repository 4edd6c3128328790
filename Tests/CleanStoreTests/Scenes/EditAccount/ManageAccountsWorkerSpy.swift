import Foundation

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The accounts' worker as the accounts' scenes see it: answers set by the test, calls recorded.
final class ManageAccountsWorkerSpy: ManageAccountsWorking, @unchecked Sendable {
    var listed: [ManageAccountsWorker.Listed] = []
    var logged = ManageAccountsWorker.LogPage(entries: [])
    var failure: AccountsWorkerError?
    var linked: Account?
    var token = "spy-token"
    private(set) var calls: [String] = []

    func listAccounts() async throws(AccountsWorkerError) -> [ManageAccountsWorker.Listed] {
        calls.append("listAccounts")
        if let failure { throw failure }
        return listed
    }

    func account(named username: String) async throws(AccountsWorkerError) -> Account? {
        calls.append("account \(username)")
        if let failure { throw failure }
        return listed.first { $0.account.key == Account.key(username) }?.account
    }

    func events(_ position: AccountEventsPosition) async throws(AccountsWorkerError) -> ManageAccountsWorker.LogPage {
        calls.append("events \(position)")
        if let failure { throw failure }
        return logged
    }

    func addAccount(username: String, displayName: String?, role: AccountRole, by actor: AccountName) async throws(AccountsWorkerError)
        -> (account: Account, token: String)
    {
        calls.append("addAccount \(username) \(displayName ?? "-") \(role.rawValue) by \(actor.username)")
        if let failure { throw failure }
        return (Account(username: username, displayName: displayName ?? username, role: role, passwordHash: "x", createdAt: AccountSeeds.now), token)
    }

    func change(_ change: ManageAccountsWorker.Change, username: String, by actor: AccountName) async throws(AccountsWorkerError)
        -> (account: Account, token: String?)
    {
        calls.append("change \(change) \(username) by \(actor.username)")
        if let failure { throw failure }
        var account = AccountSeeds.amy
        if case .role(let role) = change { account.role = role }
        return (account, change == .resetPassword ? token : nil)
    }

    func linkAccount(token: String) async throws(AccountsWorkerError) -> Account? {
        calls.append("linkAccount \(token)")
        if let failure, failure != .store(.refused(.linkExpired)) { throw failure }
        return linked
    }

    func setPassword(token: String, password: String, username: String) async throws(AccountsWorkerError) -> Account {
        calls.append("setPassword \(token) \(username)")
        if let failure { throw failure }
        return linked ?? AccountSeeds.amy
    }
}
