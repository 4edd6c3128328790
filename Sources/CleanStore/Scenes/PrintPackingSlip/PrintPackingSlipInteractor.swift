protocol PrintPackingSlipBusinessLogic: AnyObject {
    func doSomething(request: PrintPackingSlip.Something.Request) async
}

protocol PrintPackingSlipDataStore: AnyObject {
    var result: String? { get }
}

final class PrintPackingSlipInteractor: PrintPackingSlipBusinessLogic, PrintPackingSlipDataStore {
    var presenter: PrintPackingSlipPresentationLogic?
    var worker: PrintPackingSlipWorker
    var result: String?

    init(worker: PrintPackingSlipWorker) {
        self.worker = worker
    }

    // MARK: Do something

    func doSomething(request: PrintPackingSlip.Something.Request) async {
        let result = await worker.doSomeWork()
        self.result = result
        presenter?.presentSomething(response: .done(result: result))
    }
}
