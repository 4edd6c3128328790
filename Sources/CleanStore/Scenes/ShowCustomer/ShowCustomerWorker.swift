import Logging

/// A customer, their orders, the figures of all of them and their history, from the customers'
/// store. Not final: tests subclass it into a spy.
class ShowCustomerWorker {
    let customers: any CustomersStoreProtocol
    let logger: Logger
    /// The most orders a customer's page lists (the figures count them all).
    let orderLimit: Int

    init(customers: any CustomersStoreProtocol, logger: Logger, orderLimit: Int = ShowCustomer.orderLimit) {
        self.customers = customers
        self.logger = logger
        self.orderLimit = orderLimit
    }

    /// The customer with `id`, or nil when there is none; a merged one with the customer it was merged into.
    func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> ShowCustomer.Found? {
        do {
            guard let customer = try await customers.fetchCustomer(id: id) else { return nil }
            let orders = try await customers.fetchOrders(customerID: id, limit: orderLimit)
            let summary = try await customers.fetchSummaries(customerIDs: [id])[id]
            let history = try await customers.fetchHistory(customerID: id)
            var survivor: Customer?
            if let mergedInto = customer.mergedInto { survivor = try await customers.fetchCustomer(id: mergedInto) }
            return ShowCustomer.Found(customer: customer, orders: orders, summary: summary, history: history, survivor: survivor)
        } catch {
            logger.error("Store failed", metadata: ["error": "\(error)"])
            throw error
        }
    }
}
