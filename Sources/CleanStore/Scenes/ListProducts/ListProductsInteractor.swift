protocol ListProductsBusinessLogic: AnyObject {
    func fetchProducts(request: ListProducts.FetchProducts.Request) async
}

protocol ListProductsDataStore: AnyObject {
    var page: ListProductsWorker.Page? { get }
}

/// `GET /products`: the catalog, searched by SKU or name, in keyset pages by SKU; archived products
/// only when asked.
final class ListProductsInteractor: ListProductsBusinessLogic, ListProductsDataStore {
    var presenter: ListProductsPresentationLogic?
    var worker: ListProductsWorker
    var page: ListProductsWorker.Page?

    /// A search longer than this is cut (each word is one more condition of the query).
    static let maximumTextLength = 200

    init(worker: ListProductsWorker) {
        self.worker = worker
    }

    // MARK: Fetch products

    func fetchProducts(request: ListProducts.FetchProducts.Request) async {
        // What no store may be asked: control characters (PostgreSQL refuses a NUL) are dropped,
        // and a cursor that is no SKU (`ProductRules.sku`) is no cursor: the first page.
        let text = String(
            String.UnicodeScalarView(request.text.unicodeScalars.filter { $0.properties.generalCategory != .control })
                .prefix(Self.maximumTextLength)
        ).trimmingCharacters(in: .whitespaces)
        let query = ListProducts.FetchProducts.Query(
            text: text, includeArchived: request.includeArchived, mayAdd: request.signedIn.may(.changeCatalog))
        func cursor(_ typed: String?) -> String? { typed.flatMap { try? ProductRules.sku($0).get() } }
        do {
            let page = try await worker.fetchPage(
                text: text, includeArchived: request.includeArchived, after: cursor(request.after), before: cursor(request.before))
            self.page = page
            presenter?.presentProducts(response: .page(page, query))
        } catch {
            presenter?.presentProducts(response: .unavailable(query))
        }
    }
}
