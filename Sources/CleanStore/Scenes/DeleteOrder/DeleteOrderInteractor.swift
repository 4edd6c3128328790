protocol DeleteOrderBusinessLogic: AnyObject {
    func doSomething(request: DeleteOrder.Something.Request) async
}

protocol DeleteOrderDataStore: AnyObject {
    var result: String? { get }
}

final class DeleteOrderInteractor: DeleteOrderBusinessLogic, DeleteOrderDataStore {
    var presenter: DeleteOrderPresentationLogic?
    var worker: DeleteOrderWorker
    var result: String?

    init(worker: DeleteOrderWorker) {
        self.worker = worker
    }

    // MARK: Do something

    func doSomething(request: DeleteOrder.Something.Request) async {
        let result = await worker.doSomeWork()
        self.result = result
        presenter?.presentSomething(response: DeleteOrder.Something.Response(result: result))
    }
}
