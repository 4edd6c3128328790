protocol AddOrderNoteBusinessLogic: AnyObject {
    func doSomething(request: AddOrderNote.Something.Request) async
}

protocol AddOrderNoteDataStore: AnyObject {
    var result: String? { get }
}

final class AddOrderNoteInteractor: AddOrderNoteBusinessLogic, AddOrderNoteDataStore {
    var presenter: AddOrderNotePresentationLogic?
    var worker: AddOrderNoteWorker
    var result: String?

    init(worker: AddOrderNoteWorker) {
        self.worker = worker
    }

    // MARK: Do something

    func doSomething(request: AddOrderNote.Something.Request) async {
        let result = await worker.doSomeWork()
        self.result = result
        presenter?.presentSomething(response: .done(result: result))
    }
}
