protocol EditProductBusinessLogic: AnyObject {
    func showForm(request: EditProduct.ShowForm.Request) async
    func saveProduct(request: EditProduct.SaveProduct.Request) async
    func changeActive(request: EditProduct.ChangeActive.Request) async
}

protocol EditProductDataStore: AnyObject {
    var product: Product? { get }
}

/// Adding and changing a product (supervisors: the route table's rule, `OrderUse.changeCatalog`).
/// A change is saved over the version the form was opened at only (`ProductWrites`).
final class EditProductInteractor: EditProductBusinessLogic, EditProductDataStore {
    var presenter: EditProductPresentationLogic?
    var worker: EditProductWorker
    var product: Product?

    init(worker: EditProductWorker) {
        self.worker = worker
    }

    // MARK: Show form

    func showForm(request: EditProduct.ShowForm.Request) async {
        guard let id = request.id else {
            // A new product: taxed, its stock not counted, until said otherwise.
            return presenter?.presentForm(response: .form(id: nil, EditProduct.ProductFormFields(taxable: "on"), committed: nil)) ?? ()
        }
        do {
            guard let stored = try await worker.fetchProduct(id: id) else { return presenter?.presentForm(response: .notFound) ?? () }
            product = stored
            presenter?.presentForm(response: .form(id: id, EditProduct.ProductFormFields(stored), committed: stored.stock?.committed))
        } catch {
            presenter?.presentForm(response: .unavailable)
        }
    }

    // MARK: Save product

    func saveProduct(request: EditProduct.SaveProduct.Request) async {
        presenter?.presentSavedProduct(response: await save(request))
    }

    private func save(_ request: EditProduct.SaveProduct.Request) async -> EditProduct.SaveProduct.Response {
        let fields = request.fields
        let typed: Product
        switch worker.product(from: fields, id: request.id) {
        case .failure(let problems): return .invalid(id: request.id, fields, problems.problems)
        case .success(let product): typed = product
        }
        do {
            let saved =
                request.id == nil
                ? try await worker.createProduct(typed, by: request.by) : try await worker.updateProduct(typed, by: request.by)
            product = saved
            return .saved(saved, isNew: request.id == nil)
        } catch {
            switch error {
            case .notFound: return .notFound
            case .conflict(let current): return .conflict(current: current, typed: fields)
            case .skuTaken(let existing):
                return .invalid(
                    id: request.id, fields,
                    [.init(field: .sku, message: "\(existing.sku) is the SKU of \(existing.name) already: choose another")])
            case .unavailable: return .unavailable(id: request.id, fields)
            }
        }
    }

    // MARK: Archive and restore

    func changeActive(request: EditProduct.ChangeActive.Request) async {
        presenter?.presentChangedActive(response: await changeActive(request))
    }

    private func changeActive(_ request: EditProduct.ChangeActive.Request) async -> EditProduct.ChangeActive.Response {
        do {
            // A version that is no number is no version: the store answers a conflict.
            let saved = try await worker.setActive(
                id: request.id, active: request.active, expectedVersion: Int(request.version) ?? 0, by: request.by)
            product = saved
            return .changed(saved)
        } catch {
            switch error {
            case .notFound: return .notFound
            case .conflict(let current): return .conflict(current: current, wanted: request.active)
            case .skuTaken, .unavailable: return .unavailable
            }
        }
    }
}
