extension ListProducts.FetchProducts {
    /// What the API answers: a page of products, or a problem.
    enum APIViewModel: Equatable {
        case page(Components.Schemas.ProductPage)
        case problem(APIProblem)
    }
}

/// The catalog's page as the API's document: the products, and the SKUs the pages after (`next`)
/// and before (`previous`) it start from, as the page's links carry them.
final class ListProductsAPIPresenter: ListProductsPresentationLogic {
    weak var viewController: ListProductsAPIDisplayLogic?
    let formatter = OrderAPIFormatter()

    func presentProducts(response: ListProducts.FetchProducts.Response) {
        let viewModel: ListProducts.FetchProducts.APIViewModel
        switch response {
        case .page(let page, _):
            viewModel = .page(
                Components.Schemas.ProductPage(
                    products: page.products.map(formatter.product),
                    next: page.hasNext ? page.products.last?.sku : nil,
                    previous: page.hasPrevious ? page.products.first?.sku : nil))
        case .unavailable:
            viewModel = .problem(APIProblem(status: .serviceUnavailable, title: ListProductsPresenter.unavailableMessage, headers: [.retryAfter: "5"]))
        }
        viewController?.displayProducts(viewModel: viewModel)
    }
}
