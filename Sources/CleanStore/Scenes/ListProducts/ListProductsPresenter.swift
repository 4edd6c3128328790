protocol ListProductsPresentationLogic: AnyObject {
    func presentProducts(response: ListProducts.FetchProducts.Response)
}

/// The catalog in words: a search form, a table (SKU, name, price, stock), pages "Previous" and
/// "Next".
final class ListProductsPresenter: ListProductsPresentationLogic {
    weak var viewController: ListProductsDisplayLogic?

    static let unavailableMessage = "The catalog could not be read just now. Try again in a moment."

    // MARK: Fetch products

    func presentProducts(response: ListProducts.FetchProducts.Response) {
        switch response {
        case .page(let page, let query):
            var viewModel = Self.viewModel(query)
            viewModel.products = page.products.map(Self.displayed)
            if let first = page.products.first, page.hasPrevious {
                viewModel.previousURL = Paths.products(Self.items(query) + [("before", first.sku)])
            }
            if let last = page.products.last, page.hasNext {
                viewModel.nextURL = Paths.products(Self.items(query) + [("after", last.sku)])
            }
            if page.products.isEmpty {
                if query.text.isEmpty {
                    viewModel.emptyMessage = "There are no products yet."
                } else {
                    viewModel.noMatchMessage = "No product matches \u{201C}\(query.text)\u{201D}"
                }
            }
            viewController?.displayProducts(viewModel: viewModel)
        case .unavailable(let query):
            var viewModel = Self.viewModel(query)
            viewModel.errorMessage = Self.unavailableMessage
            viewController?.displayProducts(viewModel: viewModel)
        }
    }

    private static func viewModel(_ query: ListProducts.FetchProducts.Query) -> ListProducts.FetchProducts.ViewModel {
        ListProducts.FetchProducts.ViewModel(
            action: Paths.products.description, text: query.text, includeArchived: query.includeArchived,
            caption: query.includeArchived ? "Products, archived ones included, by SKU" : "Products on sale, by SKU", products: [],
            previousURL: nil, nextURL: nil, noMatchMessage: nil, emptyMessage: nil, errorMessage: nil,
            newProductURL: query.mayAdd ? Paths.newProduct.description : nil)
    }

    /// The query items of a search, for the pages' links.
    private static func items(_ query: ListProducts.FetchProducts.Query) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        if !query.text.isEmpty { items.append(("q", query.text)) }
        if query.includeArchived { items.append(("archived", "yes")) }
        return items
    }

    static func displayed(_ product: Product) -> ListProducts.DisplayedProduct {
        ListProducts.DisplayedProduct(
            sku: product.sku, name: product.name, url: Paths.product(String(product.id ?? 0)), price: Money.text(cents: product.priceCents),
            stock: stockText(product.stock), status: product.active ? nil : "Archived")
    }

    /// "3 available", "Not tracked".
    static func stockText(_ stock: Product.Stock?) -> String {
        guard let stock else { return "Not tracked" }
        return "\(stock.available) available"
    }
}
