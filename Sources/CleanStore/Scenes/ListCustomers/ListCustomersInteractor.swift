protocol ListCustomersBusinessLogic: AnyObject {
    func fetchCustomers(request: ListCustomers.FetchCustomers.Request) async
}

protocol ListCustomersDataStore: AnyObject {
    var page: ListCustomersWorker.Page? { get }
}

/// `GET /customers`: customers found by phone, email, name or an order's number, in keyset pages
/// by name.
final class ListCustomersInteractor: ListCustomersBusinessLogic, ListCustomersDataStore {
    var presenter: ListCustomersPresentationLogic?
    var worker: ListCustomersWorker
    var page: ListCustomersWorker.Page?

    /// A search longer than this is cut (each word is one more condition of the query).
    static let maximumTextLength = 200

    init(worker: ListCustomersWorker) {
        self.worker = worker
    }

    // MARK: Fetch customers

    func fetchCustomers(request: ListCustomers.FetchCustomers.Request) async {
        // What no store may be asked: control characters (PostgreSQL refuses a NUL) are dropped,
        // and a cursor that is no customer's id (`OrderID.rowID`'s digits) is no cursor: the first page.
        let text = String(
            String.UnicodeScalarView(request.text.unicodeScalars.filter { $0.properties.generalCategory != .control })
                .prefix(Self.maximumTextLength)
        ).trimmingCharacters(in: .whitespaces)
        let query = ListCustomers.FetchCustomers.Query(text: text, mayAdd: request.mayAdd)
        do {
            let page = try await worker.fetchPage(
                text: text, after: request.after.flatMap(OrderID.rowID), before: request.before.flatMap(OrderID.rowID))
            self.page = page
            presenter?.presentCustomers(response: .page(page, query))
        } catch {
            presenter?.presentCustomers(response: .unavailable(query))
        }
    }
}
