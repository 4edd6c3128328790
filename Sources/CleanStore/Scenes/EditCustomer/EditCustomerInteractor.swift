protocol EditCustomerBusinessLogic: AnyObject {
    func showForm(request: EditCustomer.ShowForm.Request) async
    func saveCustomer(request: EditCustomer.SaveCustomer.Request) async
}

protocol EditCustomerDataStore: AnyObject {
    var customer: Customer? { get }
}

/// Adding and changing a customer (clerks: the route table's rule, `OrderUse.changeCustomers`).
/// A change is saved over the version the form was opened at only (`CustomerWrites`); a new
/// customer whose phone or email is known is saved only when the clerk says so (`saveAsNew`),
/// having seen who has them.
final class EditCustomerInteractor: EditCustomerBusinessLogic, EditCustomerDataStore {
    var presenter: EditCustomerPresentationLogic?
    var worker: EditCustomerWorker
    var customer: Customer?

    init(worker: EditCustomerWorker) {
        self.worker = worker
    }

    // MARK: Show form

    func showForm(request: EditCustomer.ShowForm.Request) async {
        if let resumed = request.resumed, request.id == nil {
            return presenter?.presentForm(response: .resumed(id: nil, resumed)) ?? ()
        }
        guard let id = request.id else {
            // A new customer: billed where their orders go, until said otherwise.
            var contact = CreateOrder.OrderFormFields()
            contact.billingAddressSameAsShipping = "on"
            return presenter?.presentForm(response: .form(id: nil, EditCustomer.CustomerFormFields(contact: contact))) ?? ()
        }
        do {
            guard let stored = try await worker.fetchCustomer(id: id) else { return presenter?.presentForm(response: .notFound) ?? () }
            customer = stored
            // A kept form keeps the version it was opened at: saved over a newer one, it is the 409.
            presenter?.presentForm(
                response: request.resumed.map { .resumed(id: id, $0) } ?? .form(id: id, EditCustomer.CustomerFormFields(stored)))
        } catch {
            presenter?.presentForm(response: .unavailable)
        }
    }

    // MARK: Save customer

    func saveCustomer(request: EditCustomer.SaveCustomer.Request) async {
        presenter?.presentSavedCustomer(response: await save(request))
    }

    private func save(_ request: EditCustomer.SaveCustomer.Request) async -> EditCustomer.SaveCustomer.Response {
        let fields = request.fields
        let typed: Customer
        switch worker.customer(from: fields, id: request.id) {
        case .failure(let problems): return .invalid(id: request.id, fields, problems.problems)
        case .success(let customer): typed = customer
        }
        do {
            if request.id == nil && fields.saveAsNew != "on" {
                let known = try await worker.fetchCustomers(sharingContactWith: typed)
                if !known.isEmpty { return .duplicates(known, typed: fields) }
            }
            let saved =
                request.id == nil
                ? try await worker.createCustomer(typed, by: request.by) : try await worker.updateCustomer(typed, by: request.by)
            customer = saved
            return .saved(saved, isNew: request.id == nil)
        } catch {
            switch error {
            case .notFound: return .notFound
            case .conflict(let current): return .conflict(current: current, typed: fields)
            case .unavailable: return .unavailable(id: request.id, fields)
            }
        }
    }
}
