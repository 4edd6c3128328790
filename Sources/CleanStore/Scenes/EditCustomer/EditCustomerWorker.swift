import Foundation
import Logging

/// The customer form's rules and the customers' store: what a clerk typed becomes a `Customer` by
/// the order form's rules (`OrderValidationWorker.validateCustomer`) and the one free-text rule for
/// the note (`FreeTextRule`), or a problem per field. Not final: tests subclass it into a spy.
class EditCustomerWorker {
    /// The longest note a customer keeps (as an order's note).
    static let noteMaximumLength = 1_000

    let customers: any CustomersStoreProtocol
    let validation: OrderValidationWorker
    let logger: Logger
    let now: @Sendable () -> Date

    init(customers: any CustomersStoreProtocol, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.customers = customers
        self.validation = OrderValidationWorker(now: now)
        self.logger = logger
        self.now = now
    }

    /// The customer the form describes, with `id` and the form's version; or every field's problem,
    /// in the form's order, the note's last. An empty note is no note.
    func customer(from fields: EditCustomer.CustomerFormFields, id: Int64?) -> Result<Customer, Problems> {
        var problems: [EditCustomer.FieldProblem] = []
        var note = ""
        if !fields.note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            switch FreeTextRule.check(fields.note, maximumLength: Self.noteMaximumLength) {
            case .valid(let kept): note = kept
            case .invalid(let problem): problems.append(.note(problem))
            }
        }
        switch validation.validateCustomer(fields.contact) {
        case .failure(let errors): return .failure(Problems(problems: errors.errors.map { .field($0) } + problems))
        case .success(let valid):
            guard problems.isEmpty else { return .failure(Problems(problems: problems)) }
            let (contact, shipping, billing) = valid
            return .success(
                Customer(
                    id: id, firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone, email: contact.email,
                    shippingAddress: shipping, billingAddress: billing, note: note,
                    // A version that is no number is no version: the store answers a conflict.
                    version: Int(fields.version) ?? 0, createdAt: now()))
        }
    }

    struct Problems: Error, Equatable {
        var problems: [EditCustomer.FieldProblem]
    }

    // MARK: The store

    func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? {
        try await logged { () throws(CustomersStoreError) in try await customers.fetchCustomer(id: id) }
    }

    /// The customers a new `customer` would repeat (the same phone or email).
    func fetchCustomers(sharingContactWith customer: Customer) async throws(CustomersStoreError) -> [Customer] {
        try await logged { () throws(CustomersStoreError) in try await customers.fetchCustomers(sharingContactWith: customer) }
    }

    func createCustomer(_ customer: Customer, by: AccountName?) async throws(CustomersStoreError) -> Customer {
        try await logged { () throws(CustomersStoreError) in try await customers.createCustomer(customer, by: by, at: now()) }
    }

    func updateCustomer(_ customer: Customer, by: AccountName?) async throws(CustomersStoreError) -> Customer {
        try await logged { () throws(CustomersStoreError) in try await customers.updateCustomer(customer, by: by, at: now()) }
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
