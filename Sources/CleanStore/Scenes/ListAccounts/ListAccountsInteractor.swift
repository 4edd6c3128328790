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
        guard let position = Self.position(after: request.after, before: request.before) else {
            presenter?.presentLog(response: .badCursor)
            return
        }
        do {
            presenter?.presentLog(response: .page(try await worker.events(position)))
        } catch {
            presenter?.presentLog(response: .unavailable)
        }
    }

    /// Where the page starts: an entry's id (digits, above 0) on one side; nil for anything else
    /// (both sides, an empty or signed number, letters, one too large).
    static func position(after: String?, before: String?) -> AccountEventsPosition? {
        func id(_ text: String) -> Int64? { OrderID.rowID(text).flatMap { $0 > 0 ? $0 : nil } }
        switch (after, before) {
        case (nil, nil): return .newest
        case (let after?, nil): return id(after).map(AccountEventsPosition.olderThan)
        case (nil, let before?): return id(before).map(AccountEventsPosition.newerThan)
        default: return nil
        }
    }
}
