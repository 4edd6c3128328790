import Foundation

protocol EraseCustomerBusinessLogic: AnyObject {
    func showForm(request: EraseCustomer.ShowForm.Request) async
    func erase(request: EraseCustomer.Erase.Request) async
}

protocol EraseCustomerDataStore: AnyObject {
    /// What the last erasure changed.
    var erasure: CustomerErasure? { get }
}

/// Erasing a customer's personal data (supervisors, by the route table): a confirmation page that
/// asks for their name typed exactly, then the erasure, version-checked by the store.
final class EraseCustomerInteractor: EraseCustomerBusinessLogic, EraseCustomerDataStore {
    var presenter: EraseCustomerPresentationLogic?
    var worker: EraseCustomerWorker
    var erasure: CustomerErasure?

    init(worker: EraseCustomerWorker) {
        self.worker = worker
    }

    // MARK: Show the form

    func showForm(request: EraseCustomer.ShowForm.Request) async {
        guard let id = OrderID.rowID(request.id) else { return presenter?.presentForm(response: .notFound) ?? () }
        do throws(CustomersStoreError) {
            guard let subject = try await worker.fetchSubject(id: id) else { return presenter?.presentForm(response: .notFound) ?? () }
            presenter?.presentForm(response: .form(subject))
        } catch {
            presenter?.presentForm(response: .unavailable)
        }
    }

    // MARK: Erase

    /// The name to type: the customer's as their page shows it.
    static func expectedName(_ customer: Customer) -> String {
        customer.name.isEmpty ? "(no name)" : customer.name
    }

    func erase(request: EraseCustomer.Erase.Request) async {
        guard let id = OrderID.rowID(request.id) else { return presenter?.presentErase(response: .notFound) ?? () }
        guard let version = Int(request.fields.version) else { return presenter?.presentErase(response: .badRequest) ?? () }
        do throws(CustomersStoreError) {
            guard let subject = try await worker.fetchSubject(id: id) else { return presenter?.presentErase(response: .notFound) ?? () }
            let typed = request.fields.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard typed == Self.expectedName(subject.customer) else {
                return presenter?.presentErase(response: .wrongName(subject, typed: request.fields.name)) ?? ()
            }
            let erasure = try await worker.erase(id: id, version: version, by: request.by)
            self.erasure = erasure
            presenter?.presentErase(response: .erased(erasure))
        } catch {
            switch error {
            case .conflict(let current):
                let orders = (try? await worker.fetchSubject(id: id))??.orders ?? 0
                presenter?.presentErase(response: .conflict(EraseCustomer.Subject(customer: current, orders: orders)))
            case .notFound: presenter?.presentErase(response: .notFound)
            case .unavailable: presenter?.presentErase(response: .unavailable)
            }
        }
    }
}
