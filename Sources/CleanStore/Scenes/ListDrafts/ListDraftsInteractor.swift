protocol ListDraftsBusinessLogic: AnyObject {
    func fetchDrafts(request: ListDrafts.FetchDrafts.Request) async
}

protocol ListDraftsDataStore: AnyObject {
    var drafts: [Draft] { get }
}

final class ListDraftsInteractor: ListDraftsBusinessLogic, ListDraftsDataStore {
    var presenter: ListDraftsPresentationLogic?
    var worker: DraftsWorker
    var drafts: [Draft] = []

    /// How many drafts the page lists.
    static let limit = 200

    init(worker: DraftsWorker) {
        self.worker = worker
    }

    func fetchDrafts(request: ListDrafts.FetchDrafts.Request) async {
        let response: ListDrafts.FetchDrafts.Response
        do {
            drafts = try await worker.drafts.fetchDrafts(mineFirst: request.signedIn, limit: Self.limit)
            response = .found(drafts, mine: request.signedIn)
        } catch {
            response = .storeUnavailable
        }
        presenter?.presentDrafts(response: response)
    }
}
