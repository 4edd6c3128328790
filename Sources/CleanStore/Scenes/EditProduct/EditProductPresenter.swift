protocol EditProductPresentationLogic: AnyObject {
    func presentForm(response: EditProduct.ShowForm.Response)
    func presentSavedProduct(response: EditProduct.SaveProduct.Response)
    func presentChangedActive(response: EditProduct.ChangeActive.Response)
}

/// The product form in words: GOV.UK's question page, errors by field; a stale form (409) shows
/// the product as stored now, with what was typed under each field that differs (as
/// `EditTaxRatePresenter`).
final class EditProductPresenter: EditProductPresentationLogic {
    weak var viewController: EditProductDisplayLogic?

    static let conflictMessage =
        "Someone else changed this product after you opened it, so your change was not saved. The form shows the product as it is now, with what you typed under each field that differs: make your change again, or leave it."
    static let unavailableMessage = "The catalog could not be reached, so nothing was saved. Try again in a moment."
    static let skuHint = "Letters A–Z, digits and - _ . /, like MUG-01"
    static let priceHint = "In dollars, like 12.50 or 1,234.50"
    static let onHandHint = "A whole number, counted when the stock is tracked"

    func presentForm(response: EditProduct.ShowForm.Response) {
        switch response {
        case .form(let id, let fields, let committed):
            var displayed = form(id: id, fields)
            displayed.committed = committed.map { "\($0) committed to placed orders" }
            viewController?.displayProduct(viewModel: .form(displayed, status: .ok))
        case .notFound: viewController?.displayProduct(viewModel: .notFound)
        case .unavailable: viewController?.displayProduct(viewModel: .unavailable)
        }
    }

    func presentSavedProduct(response: EditProduct.SaveProduct.Response) {
        switch response {
        case .saved(let product, let isNew):
            let named = "\(product.sku), \(product.name)"
            viewController?.displayProduct(
                viewModel: .saved(productID: product.id ?? 0, flash: isNew ? "Product added: \(named)." : "Product changed: \(named)."))
        case .invalid(let id, let fields, let problems):
            viewController?.displayProduct(viewModel: .form(form(id: id, fields, problems: problems), status: .invalid))
        case .conflict(let current, let typed):
            let stored = EditProduct.ProductFormFields(current)
            var displayed = form(id: current.id, stored)
            displayed.committed = current.stock.map { "\($0.committed) committed to placed orders" }
            displayed.formMessage = Self.conflictMessage
            for (field, storedValue, typedValue) in [
                (\EditProduct.DisplayedForm.sku, stored.sku, typed.sku), (\.name, stored.name, typed.name), (\.price, stored.price, typed.price),
                (\.onHand, stored.onHand, typed.onHand),
            ] where storedValue != typedValue {
                displayed[keyPath: field].typedValue = typedValue.isEmpty ? "(empty)" : typedValue
            }
            viewController?.displayProduct(viewModel: .form(displayed, status: .conflict))
        case .notFound:
            viewController?.displayProduct(viewModel: .notFound)
        case .unavailable(let id, let fields):
            var displayed = form(id: id, fields)
            displayed.formMessage = Self.unavailableMessage
            viewController?.displayProduct(viewModel: .form(displayed, status: .unavailable))
        }
    }

    func presentChangedActive(response: EditProduct.ChangeActive.Response) {
        switch response {
        case .changed(let product):
            let named = "\(product.sku), \(product.name)"
            viewController?.displayProduct(
                viewModel: .saved(productID: product.id ?? 0, flash: product.active ? "Product restored: \(named)." : "Product archived: \(named)."))
        case .conflict(let current, let wanted):
            viewController?.displayProduct(
                viewModel: .changedMeanwhile(.productChangedMeanwhile(productID: current.id ?? 0, sku: current.sku, wantedActive: wanted)))
        case .notFound: viewController?.displayProduct(viewModel: .notFound)
        case .unavailable: viewController?.displayProduct(viewModel: .unavailable)
        }
    }

    private func form(
        id: Int64?, _ fields: EditProduct.ProductFormFields, problems: [EditProduct.FieldProblem] = []
    ) -> EditProduct.DisplayedForm {
        func field(_ key: EditProduct.ProductFormFields.CodingKeys, _ value: String, hint: String? = nil) -> SignIn.DisplayedField {
            SignIn.DisplayedField(name: key.rawValue, value: value, errorMessage: problems.first { $0.field == key }?.message, hint: hint)
        }
        return EditProduct.DisplayedForm(
            heading: id == nil ? "Add a product" : "Change a product",
            action: id.map { Paths.editProduct(String($0)) } ?? Paths.newProduct.description, version: fields.version,
            errors: problems.map { SignIn.DisplayedError(field: $0.field.rawValue, message: $0.message) }, formMessage: nil,
            sku: field(.sku, fields.sku, hint: Self.skuHint), name: field(.name, fields.name), price: field(.price, fields.price, hint: Self.priceHint),
            taxable: fields.taxable == "on", trackStock: fields.trackStock == "on", onHand: field(.onHand, fields.onHand, hint: Self.onHandHint),
            committed: nil, allowBackorder: fields.allowBackorder == "on", button: id == nil ? "Add product" : "Save product",
            cancelURL: id.map { Paths.product(String($0)) } ?? Paths.products.description)
    }
}
