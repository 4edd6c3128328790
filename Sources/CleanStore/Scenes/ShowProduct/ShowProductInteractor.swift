protocol ShowProductBusinessLogic: AnyObject {
    func getProduct(request: ShowProduct.GetProduct.Request) async
}

protocol ShowProductDataStore: AnyObject {
    var product: Product? { get }
}

/// `GET /products/{id}`: a product, its stock and its history.
final class ShowProductInteractor: ShowProductBusinessLogic, ShowProductDataStore {
    var presenter: ShowProductPresentationLogic?
    var worker: ShowProductWorker
    var product: Product?

    init(worker: ShowProductWorker) {
        self.worker = worker
    }

    // MARK: Get product

    func getProduct(request: ShowProduct.GetProduct.Request) async {
        // An id is digits (`OrderID.rowID`'s rule); anything else names no product.
        guard let id = OrderID.rowID(request.id) else { return presenter?.presentProduct(response: .notFound) ?? () }
        do {
            guard let (product, history) = try await worker.fetchProduct(id: id) else {
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
