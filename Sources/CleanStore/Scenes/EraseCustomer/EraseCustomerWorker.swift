import Foundation
import Logging

/// The customers' store, as erasing asks it: the customer, how many orders they have, and the
/// erasure itself (decided by the store, `PersonalDataErasure`). Not final: tests subclass it into a spy.
class EraseCustomerWorker {
    let customers: any CustomersStoreProtocol
    let logger: Logger
    let now: @Sendable () -> Date

    init(customers: any CustomersStoreProtocol, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.customers = customers
        self.logger = logger
        self.now = now
    }

    /// The customer with `id` and how many orders they have; nil when there is none.
    func fetchSubject(id: Int64) async throws(CustomersStoreError) -> EraseCustomer.Subject? {
        try await logged { () throws(CustomersStoreError) in
            guard let customer = try await customers.fetchCustomer(id: id) else { return nil }
            let orders = try await customers.fetchSummaries(customerIDs: [id])[id]?.count ?? 0
            return EraseCustomer.Subject(customer: customer, orders: orders)
        }
    }

    func erase(id: Int64, version: Int, by: AccountName?) async throws(CustomersStoreError) -> CustomerErasure {
        let erasure = try await logged { () throws(CustomersStoreError) in
            try await customers.eraseCustomer(id: id, version: version, by: by, at: now())
        }
        // No erased value in the log: the ids and counts only.
        logger.notice(
            "Personal data erased",
            metadata: [
                "customers": "\(erasure.customerIDs.map(String.init).joined(separator: ","))", "orders": "\(erasure.orders)",
                "drafts": "\(erasure.drafts)",
            ])
        return erasure
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
