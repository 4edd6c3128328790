protocol AddOrderNotePresentationLogic: AnyObject {
    func presentSomething(response: AddOrderNote.Something.Response)
}

final class AddOrderNotePresenter: AddOrderNotePresentationLogic {
    weak var viewController: AddOrderNoteDisplayLogic?

    // MARK: Do something

    func presentSomething(response: AddOrderNote.Something.Response) {
        let viewModel: AddOrderNote.Something.ViewModel
        switch response {
        case .done(let result):
            viewModel = AddOrderNote.Something.ViewModel(title: "AddOrderNote", message: result)
        }
        viewController?.displaySomething(viewModel: viewModel)
    }
}
