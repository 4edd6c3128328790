import Logging

/// A page of customers, and whether there are pages on either side, from the customers' store,
/// with each one's last order. Not final: tests subclass it into a spy.
class ListCustomersWorker {
    let customers: any CustomersStoreProtocol
    let logger: Logger
    let pageSize: Int

    init(customers: any CustomersStoreProtocol, logger: Logger, pageSize: Int = ListCustomers.pageSize) {
        self.customers = customers
        self.logger = logger
        self.pageSize = pageSize
    }

    struct Page: Equatable {
        var customers: [Customer]
        /// Their orders in figures, by customer id (none for a customer without orders).
        var summaries: [Int64: CustomerOrdersSummary]
        var hasPrevious: Bool
        var hasNext: Bool
    }

    /// The page after the customer `after` (or before `before`; the first page with neither, or
    /// when the customer named is gone), by name. Each side is asked for one customer.
    func fetchPage(text: String, after: Int64?, before: Int64?) async throws(CustomersStoreError) -> Page {
        do {
            let found: [Customer]
            if let before, let cursor = try await cursor(before) {
                found = try await customers.fetchCustomers(matching: text, before: cursor, limit: pageSize)
            } else if let after, let cursor = try await cursor(after) {
                found = try await customers.fetchCustomers(matching: text, after: cursor, limit: pageSize)
            } else {
                found = try await customers.fetchCustomers(matching: text, after: nil, limit: pageSize)
            }
            guard let first = found.first, let last = found.last else {
                return Page(customers: [], summaries: [:], hasPrevious: false, hasNext: false)
            }
            let previous = try await customers.fetchCustomers(matching: text, before: CustomersCursor(at: first), limit: 1)
            let next = try await customers.fetchCustomers(matching: text, after: CustomersCursor(at: last), limit: 1)
            let summaries = try await customers.fetchSummaries(customerIDs: found.compactMap(\.id))
            return Page(customers: found, summaries: summaries, hasPrevious: !previous.isEmpty, hasNext: !next.isEmpty)
        } catch {
            logger.error("Store failed", metadata: ["error": "\(error)"])
            throw error
        }
    }

    private func cursor(_ id: Int64) async throws(CustomersStoreError) -> CustomersCursor? {
        try await customers.fetchCustomer(id: id).map(CustomersCursor.init(at:))
    }
}
