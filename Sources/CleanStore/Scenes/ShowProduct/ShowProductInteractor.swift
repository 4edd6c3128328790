protocol ShowProductBusinessLogic: AnyObject {
    func getProduct(request: ShowProduct.GetProduct.Request) async
}

protocol ShowProductDataStore: AnyObject {
    var product: Product? { get }
}

/// `GET /products/{id}` (and the API's `/api/v1/products/{sku}`): a product, its stock and its history.
final class ShowProductInteractor: ShowProductBusinessLogic, ShowProductDataStore {
    var presenter: ShowProductPresentationLogic?
    var worker: ShowProductWorker
    var product: Product?

    init(worker: ShowProductWorker) {
        self.worker = worker
    }

    // MARK: Get product

    func getProduct(request: ShowProduct.GetProduct.Request) async {
        do {
            let found: (Product, [ProductEvent])?
            if let sku = request.sku {
                // A SKU of a shape none has (too long, a control character) is asked of no store.
                let sku = sku.trimmingCharacters(in: .whitespaces)
                guard !sku.isEmpty, sku.count <= 200, !TextRules.containsControlCharacters(sku) else {
                    return presenter?.presentProduct(response: .notFound) ?? ()
                }
                found = try await worker.fetchProduct(sku: sku)
            } else {
                // An id is digits (`OrderID.rowID`'s rule); anything else names no product.
                guard let id = OrderID.rowID(request.id) else { return presenter?.presentProduct(response: .notFound) ?? () }
                found = try await worker.fetchProduct(id: id)
            }
            guard let (product, history) = found else {
                return presenter?.presentProduct(response: .notFound) ?? ()
            }
            self.product = product
            presenter?.presentProduct(
                response: .found(product, history: history, mayChange: request.signedIn.may(.changeCatalog)))
        } catch {
            presenter?.presentProduct(response: .unavailable)
        }
    }
}
