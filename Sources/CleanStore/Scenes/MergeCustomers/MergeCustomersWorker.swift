import Foundation
import Logging

/// The customers' store, as merging asks it: a customer, a search for the other, how many orders
/// move, and the merge itself (decided by the store, `CustomerWrites.merged`). Not final: tests
/// subclass it into a spy.
class MergeCustomersWorker {
    let customers: any CustomersStoreProtocol
    let logger: Logger
    let now: @Sendable () -> Date

    init(customers: any CustomersStoreProtocol, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.customers = customers
        self.logger = logger
        self.now = now
    }

    func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? {
        try await logged { () throws(CustomersStoreError) in try await customers.fetchCustomer(id: id) }
    }

    /// The first `limit` customers `text` finds, in the list's order (merged ones are found by no search).
    func search(_ text: String, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        try await logged { () throws(CustomersStoreError) in try await customers.fetchCustomers(matching: text, after: nil, limit: limit) }
    }

    /// How many orders the customer has (0 for none).
    func orderCount(customerID: Int64) async throws(CustomersStoreError) -> Int {
        try await logged { () throws(CustomersStoreError) in try await customers.fetchSummaries(customerIDs: [customerID])[customerID]?.count ?? 0 }
    }

    func merge(_ survivor: Customer, merging otherID: Int64, otherVersion: Int, by: AccountName?) async throws(CustomersStoreError) -> CustomersMerge {
        try await logged { () throws(CustomersStoreError) in
            try await customers.mergeCustomers(survivor, merging: otherID, mergedVersion: otherVersion, by: by, at: now())
        }
    }

    /// `call`, its failure to reach the store logged (a conflict is an answer).
    private func logged<T>(_ call: () async throws(CustomersStoreError) -> T) async throws(CustomersStoreError) -> T {
        do {
            return try await call()
        } catch {
            if case .unavailable = error { logger.error("Store failed", metadata: ["error": "\(error)"]) }
            throw error
        }
    }
}
