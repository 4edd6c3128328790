extension ShowProduct.GetProduct {
    /// What the API answers: the product, or a problem.
    enum APIViewModel: Equatable {
        case product(Components.Schemas.Product)
        case problem(APIProblem)
    }
}

/// A product as the API's document (`OrderAPIFormatter.product`, as the catalog's list has it).
final class ShowProductAPIPresenter: ShowProductPresentationLogic {
    weak var viewController: ShowProductAPIDisplayLogic?
    let formatter = OrderAPIFormatter()

    func presentProduct(response: ShowProduct.GetProduct.Response) {
        let viewModel: ShowProduct.GetProduct.APIViewModel
        switch response {
        case .found(let product, _, _): viewModel = .product(formatter.product(product))
        case .notFound: viewModel = .problem(APIProblem(status: .notFound, title: "No such product"))
        case .unavailable: viewModel = .problem(.unavailable)
        }
        viewController?.displayProduct(viewModel: viewModel)
    }
}
