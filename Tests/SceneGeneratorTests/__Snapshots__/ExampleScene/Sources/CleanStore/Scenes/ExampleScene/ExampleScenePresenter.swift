protocol ExampleScenePresentationLogic: AnyObject {
    func presentSomething(response: ExampleScene.Something.Response)
}

final class ExampleScenePresenter: ExampleScenePresentationLogic {
    weak var viewController: ExampleSceneDisplayLogic?

    // MARK: Do something

    func presentSomething(response: ExampleScene.Something.Response) {
        let viewModel: ExampleScene.Something.ViewModel
        switch response {
        case .done(let result):
            viewModel = ExampleScene.Something.ViewModel(title: "ExampleScene", message: result)
        }
        viewController?.displaySomething(viewModel: viewModel)
    }
}
