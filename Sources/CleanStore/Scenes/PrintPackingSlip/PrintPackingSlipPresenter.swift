protocol PrintPackingSlipPresentationLogic: AnyObject {
    func presentSomething(response: PrintPackingSlip.Something.Response)
}

final class PrintPackingSlipPresenter: PrintPackingSlipPresentationLogic {
    weak var viewController: PrintPackingSlipDisplayLogic?

    // MARK: Do something

    func presentSomething(response: PrintPackingSlip.Something.Response) {
        let viewModel: PrintPackingSlip.Something.ViewModel
        switch response {
        case .done(let result):
            viewModel = PrintPackingSlip.Something.ViewModel(title: "PrintPackingSlip", message: result)
        }
        viewController?.displaySomething(viewModel: viewModel)
    }
}
