protocol ExampleScenePresentationLogic: AnyObject {
    func presentSomething(response: ExampleScene.Something.Response)
}

final class ExampleScenePresenter: ExampleScenePresentationLogic {
    weak var viewController: ExampleSceneDisplayLogic?

    // MARK: Do something

    func presentSomething(response: ExampleScene.Something.Response) {
        let viewModel = ExampleScene.Something.ViewModel(title: "ExampleScene", message: response.result)
        viewController?.displaySomething(viewModel: viewModel)
    }
}
