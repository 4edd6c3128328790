protocol ExampleSceneBusinessLogic: AnyObject {
    func doSomething(request: ExampleScene.Something.Request) async
}

protocol ExampleSceneDataStore: AnyObject {
    var result: String? { get }
}

final class ExampleSceneInteractor: ExampleSceneBusinessLogic, ExampleSceneDataStore {
    var presenter: ExampleScenePresentationLogic?
    var worker: ExampleSceneWorker
    var result: String?

    init(worker: ExampleSceneWorker) {
        self.worker = worker
    }

    // MARK: Do something

    func doSomething(request: ExampleScene.Something.Request) async {
        let result = await worker.doSomeWork()
        self.result = result
        presenter?.presentSomething(response: .done(result: result))
    }
}
