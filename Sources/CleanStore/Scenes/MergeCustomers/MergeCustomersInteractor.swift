protocol MergeCustomersBusinessLogic: AnyObject {
    func pickOther(request: MergeCustomers.PickOther.Request) async
    func preview(request: MergeCustomers.Preview.Request) async
    func merge(request: MergeCustomers.Merge.Request) async
}

protocol MergeCustomersDataStore: AnyObject {
    /// The survivor as the last use case found or saved it.
    var survivor: Customer? { get }
}

/// Merging two customers (supervisors, by the route table): the other one found by a search, a
/// preview of which values win, then the merge, version-checked on both by the store.
final class MergeCustomersInteractor: MergeCustomersBusinessLogic, MergeCustomersDataStore {
    var presenter: MergeCustomersPresentationLogic?
    var worker: MergeCustomersWorker
    var survivor: Customer?

    init(worker: MergeCustomersWorker) {
        self.worker = worker
    }

    // MARK: Pick the other

    func pickOther(request: MergeCustomers.PickOther.Request) async {
        guard let id = OrderID.rowID(request.id) else { return presenter?.presentPick(response: .notFound) ?? () }
        do throws(CustomersStoreError) {
            guard let found = try await worker.fetchCustomer(id: id) else { return presenter?.presentPick(response: .notFound) ?? () }
            guard found.mergedInto == nil else { return presenter?.presentPick(response: .alreadyMerged(found)) ?? () }
            survivor = found
            let text = request.text.trimmingCharacters(in: .whitespacesAndNewlines)
            var results: [Customer]?
            if !text.isEmpty {
                // One more than listed: the survivor itself may be among them.
                results = Array(
                    try await worker.search(text, limit: MergeCustomers.resultLimit + 1).filter { $0.id != id }
                        .prefix(MergeCustomers.resultLimit))
            }
            presenter?.presentPick(response: .found(survivor: found, text: text, results: results))
        } catch {
            presenter?.presentPick(response: .unavailable)
        }
    }

    // MARK: Preview

    func preview(request: MergeCustomers.Preview.Request) async {
        presenter?.presentPreview(response: await pair(id: request.id, otherID: request.otherID, taken: []))
    }

    /// The two customers as stored, or why there is no preview of them.
    private func pair(id: String, otherID: String, taken: Set<CustomerMergeField>) async -> MergeCustomers.Preview.Response {
        guard let id = OrderID.rowID(id), let otherID = OrderID.rowID(otherID), id != otherID else { return .notFound }
        do throws(CustomersStoreError) {
            guard let found = try await worker.fetchCustomer(id: id), let other = try await worker.fetchCustomer(id: otherID) else {
                return .notFound
            }
            if found.mergedInto != nil { return .alreadyMerged(found) }
            if other.mergedInto != nil { return .alreadyMerged(other) }
            survivor = found
            return .preview(
                MergeCustomers.Pair(survivor: found, other: other, otherOrders: try await worker.orderCount(customerID: otherID), taken: taken))
        } catch {
            return .unavailable
        }
    }

    // MARK: Merge

    func merge(request: MergeCustomers.Merge.Request) async {
        guard let id = OrderID.rowID(request.id), let otherID = OrderID.rowID(request.otherID), id != otherID else {
            return presenter?.presentMerge(response: .notFound) ?? ()
        }
        guard let version = Int(request.fields.version), let otherVersion = Int(request.fields.otherVersion),
            let taken = request.fields.taken
        else { return presenter?.presentMerge(response: .badRequest) ?? () }
        do throws(CustomersStoreError) {
            guard let stored = try await worker.fetchCustomer(id: id), let other = try await worker.fetchCustomer(id: otherID) else {
                return presenter?.presentMerge(response: .notFound) ?? ()
            }
            // The survivor as the preview showed it (its version), with the other's values where taken.
            var previewed = stored
            previewed.version = version
            let merge = try await worker.merge(
                CustomerMergeField.taking(taken, from: other, into: previewed), merging: otherID, otherVersion: otherVersion, by: request.by)
            survivor = merge.survivor
            presenter?.presentMerge(response: .done(merge))
        } catch {
            switch error {
            case .conflict:
                // Nothing merged: the two as they are now, the choices as posted.
                switch await pair(id: request.id, otherID: request.otherID, taken: taken) {
                case .preview(let pair): presenter?.presentMerge(response: .conflict(pair))
                case .alreadyMerged(let customer): presenter?.presentMerge(response: .alreadyMerged(customer))
                case .notFound: presenter?.presentMerge(response: .notFound)
                case .unavailable: presenter?.presentMerge(response: .unavailable)
                }
            case .notFound: presenter?.presentMerge(response: .notFound)
            case .unavailable: presenter?.presentMerge(response: .unavailable)
            }
        }
    }
}
