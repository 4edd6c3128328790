protocol DeleteOrderPresentationLogic: AnyObject {
    func presentSomething(response: DeleteOrder.Something.Response)
}

final class DeleteOrderPresenter: DeleteOrderPresentationLogic {
    weak var viewController: DeleteOrderDisplayLogic?

    // MARK: Do something

    func presentSomething(response: DeleteOrder.Something.Response) {
        let viewModel = DeleteOrder.Something.ViewModel(title: "DeleteOrder", message: response.result)
        viewController?.displaySomething(viewModel: viewModel)
    }
}
