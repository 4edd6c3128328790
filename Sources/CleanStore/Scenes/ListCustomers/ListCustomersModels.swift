enum ListCustomers {
    /// Customers on a page.
    static let pageSize = 50

    // MARK: Use cases

    enum FetchCustomers {
        /// The list's URL, as typed: `q` (phone, email, name, city or an order's number), and a
        /// page's cursor (`after` or `before`: a customer's id).
        struct Request: Equatable {
            var text = ""
            var after: String?
            var before: String?
            /// Whether the one asking may add a customer (`OrderUse.changeCustomers`): the list offers it.
            var mayAdd = false
        }

        /// The search as the list applies it.
        struct Query: Equatable {
            var text: String
            var mayAdd = false
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            case page(ListCustomersWorker.Page, Query)
            case unavailable(Query)
        }

        struct ViewModel {
            var action: String
            var text: String
            var caption: String
            var customers: [DisplayedCustomer]
            var previousURL: String?
            var nextURL: String?
            /// No customer found by a search (or none at all, `emptyMessage`).
            var noMatchMessage: String?
            var emptyMessage: String?
            /// The customers could not be read (503).
            var errorMessage: String?
            /// "Add a customer", for whoever may (`OrderUse.changeCustomers`).
            var newCustomerURL: String? = nil
            var title: String { errorMessage == nil ? "Customers" : "Error: Customers" }
            var hasCustomers: Bool { !customers.isEmpty }
            var hasPagination: Bool { previousURL != nil || nextURL != nil }
        }
    }

    /// One row of the list: who, how to reach them, where they live, their last order.
    struct DisplayedCustomer: Equatable {
        var name: String
        var url: String
        var phone: String
        var email: String
        var city: String
        /// "#1042, 11/23/2026", or "No orders".
        var lastOrder: String
    }
}
