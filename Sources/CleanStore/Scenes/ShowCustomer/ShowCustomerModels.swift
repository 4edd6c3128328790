enum ShowCustomer {
    /// The most orders a customer's page lists, newest first.
    static let orderLimit = 100

    /// What the store has of a customer.
    struct Found: Equatable {
        var customer: Customer
        /// Newest first, at most `orderLimit`.
        var orders: [CustomerOrder]
        /// nil when they have no order.
        var summary: CustomerOrdersSummary?
        /// Newest first.
        var history: [CustomerEvent]
        /// Whether the one asking may change the customer (`OrderUse.changeCustomers`): the page offers it.
        var mayChange = false
        /// Whether the one asking may merge customers (`OrderUse.mergeCustomers`): the page offers it.
        var mayMerge = false
        /// Whether the one asking may erase a customer's personal data (`OrderUse.eraseCustomers`).
        var mayErase = false
        /// The customer this one was merged into (`Customer.mergedInto`), when it was.
        var survivor: Customer? = nil
    }

    // MARK: Use cases

    enum GetCustomer {
        /// The `{id}` of `/customers/{id}`, as typed.
        struct Request {
            var id: String
            /// Whether the one asking may change customers (`OrderUse.changeCustomers`).
            var mayChange = false
            /// Whether the one asking may merge customers (`OrderUse.mergeCustomers`).
            var mayMerge = false
            /// Whether the one asking may erase a customer's personal data (`OrderUse.eraseCustomers`).
            var mayErase = false
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            case found(Found)
            case notFound
            case unavailable
        }

        enum ViewModel {
            case customer(DisplayedCustomer)
            case notFound
            case unavailable
        }
    }

    // MARK: View model

    struct DisplayedCustomer {
        var name: String
        var phone: String
        var email: String
        /// The lines of each address; empty when not known (`noAddress` says so).
        var shippingLines: [String]
        var billingLines: [String]
        var noAddress: String
        var note: String?
        var since: String
        /// "3 orders", "1 order", "No orders yet".
        var orderCount: String
        /// "$41.97 (cancelled orders not counted)", nil with no order.
        var spend: String?
        var orders: [DisplayedOrder]
        /// "The 100 newest of 240 orders", when not all are listed.
        var ordersCaption: String
        var events: [DisplayedEvent]
        var customersURL: String
        /// "Change", for whoever may (`OrderUse.changeCustomers`); never for a merged customer.
        var changeURL: String? = nil
        /// "Merge with another customer", for whoever may (`OrderUse.mergeCustomers`); never for a merged customer.
        var mergeURL: String? = nil
        /// "Erase personal data", for whoever may (`OrderUse.eraseCustomers`).
        var eraseURL: String? = nil
        /// Where a merged customer went.
        var mergedInto: DisplayedSurvivor? = nil
        var hasOrders: Bool { !orders.isEmpty }
    }

    /// The customer a merged one was merged into: "This customer was merged into Jane Doe (customer 1)".
    struct DisplayedSurvivor {
        var name: String
        var url: String
    }

    struct DisplayedOrder {
        var id: String
        var url: String
        var date: String
        var status: String
        var statusClass: String
        var total: String
    }

    /// One entry of the history: what happened, by whom, when, and each field that changed.
    struct DisplayedEvent {
        var title: String
        var by: String
        var date: String
        var machineDate: String
        var changes: [DisplayedChange]
        var hasChanges: Bool { !changes.isEmpty }
    }

    /// A field that changed: its name, what it was and what it became.
    struct DisplayedChange: Equatable {
        var field: String
        var old: String
        var new: String
    }
}
