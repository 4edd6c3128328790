protocol ShowCustomerBusinessLogic: AnyObject {
    func getCustomer(request: ShowCustomer.GetCustomer.Request) async
}

protocol ShowCustomerDataStore: AnyObject {
    var customer: Customer? { get }
}

/// `GET /customers/{id}`: a customer, their orders and their history.
final class ShowCustomerInteractor: ShowCustomerBusinessLogic, ShowCustomerDataStore {
    var presenter: ShowCustomerPresentationLogic?
    var worker: ShowCustomerWorker
    var customer: Customer?

    init(worker: ShowCustomerWorker) {
        self.worker = worker
    }

    // MARK: Get customer

    func getCustomer(request: ShowCustomer.GetCustomer.Request) async {
        // An id is digits (`OrderID.rowID`'s rule); anything else names no customer.
        guard let id = OrderID.rowID(request.id) else { return presenter?.presentCustomer(response: .notFound) ?? () }
        do {
            guard var found = try await worker.fetchCustomer(id: id) else {
                return presenter?.presentCustomer(response: .notFound) ?? ()
            }
            found.mayChange = request.mayChange
            found.mayMerge = request.mayMerge
            found.mayErase = request.mayErase
            customer = found.customer
            presenter?.presentCustomer(response: .found(found))
        } catch {
            presenter?.presentCustomer(response: .unavailable)
        }
    }
}
