protocol ListAccountsBusinessLogic: AnyObject {
    func fetchAccounts(request: ListAccounts.FetchAccounts.Request) async
    func fetchLog(request: ListAccounts.FetchLog.Request) async
}

protocol ListAccountsDataStore: AnyObject {
    var accounts: [ManageAccountsWorker.Listed] { get }
}

/// The accounts and their audit log, as the store has them (the route table lets supervisors only in).
final class ListAccountsInteractor: ListAccountsBusinessLogic, ListAccountsDataStore {
    var presenter: ListAccountsPresentationLogic?
    var worker: ManageAccountsWorking
    var accounts: [ManageAccountsWorker.Listed] = []

    init(worker: ManageAccountsWorking) {
        self.worker = worker
    }

    func fetchAccounts(request: ListAccounts.FetchAccounts.Request) async {
        do {
            accounts = try await worker.listAccounts()
            presenter?.presentAccounts(response: .accounts(accounts))
        } catch {
            presenter?.presentAccounts(response: .unavailable)
        }
    }

    func fetchLog(request: ListAccounts.FetchLog.Request) async {
        do {
            presenter?.presentLog(response: .events(try await worker.events()))
        } catch {
            presenter?.presentLog(response: .unavailable)
        }
    }
}
