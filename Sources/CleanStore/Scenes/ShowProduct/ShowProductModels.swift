enum ShowProduct {
    // MARK: Use cases

    enum GetProduct {
        /// The `{id}` of `/products/{id}`, as typed.
        struct Request {
            var id: String
            /// When given, the product is found by its SKU instead of `id` (the API's
            /// `/api/v1/products/{sku}`).
            var sku: String? = nil
            /// Who is asking: only a supervisor is offered to change, archive and restore.
            var signedIn: SignedIn? = nil
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            case found(Product, history: [ProductEvent], mayChange: Bool = false)
            case notFound
            case unavailable
        }

        enum ViewModel {
            case product(DisplayedProduct)
            case notFound
            case unavailable
        }
    }

    // MARK: View model

    struct DisplayedProduct {
        var sku: String
        var name: String
        var price: String
        var taxable: String
        /// "Archived", or nil for a product on sale.
        var status: String?
        /// nil when the product's stock is not tracked (`stockNotTracked` says so).
        var stock: DisplayedStock?
        var stockNotTracked: String?
        var events: [DisplayedEvent]
        var productsURL: String
        /// The link to change the product (supervisors only).
        var changeURL: String? = nil
        /// The button that archives or restores it (supervisors only).
        var activeForm: DisplayedActiveForm? = nil
        /// The page's title: the name and the SKU.
        var title: String { "\(name) (\(sku))" }
    }

    /// The archive (or restore) button's form: posted with the version the page shows, and the
    /// browser's CSRF token (the view controller's).
    struct DisplayedActiveForm {
        var action: String
        var version: String
        var button: String
        var csrfToken = ""
    }

    struct DisplayedStock {
        var onHand: String
        var committed: String
        var available: String
        var backorder: String
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
