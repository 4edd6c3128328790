enum ListProducts {
    /// Products on a page.
    static let pageSize = 50

    // MARK: Use cases

    enum FetchProducts {
        /// The list's URL, as typed: `q` (SKU or name), `archived=yes`, and a page's cursor
        /// (`after` or `before`: a SKU).
        struct Request: Equatable {
            var text = ""
            var includeArchived = false
            var after: String?
            var before: String?
            /// Who is asking: only a supervisor is offered to add a product (`OrderUse.changeCatalog`).
            var signedIn: SignedIn? = nil
        }

        /// The search as the list applies it (the cursor dropped when it is no SKU).
        struct Query: Equatable {
            var text: String
            var includeArchived: Bool
            /// Whether the one asking may add a product (the link is offered).
            var mayAdd = false
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            case page(ListProductsWorker.Page, Query)
            case unavailable(Query)
        }

        struct ViewModel {
            var action: String
            var text: String
            var includeArchived: Bool
            var caption: String
            var products: [DisplayedProduct]
            var previousURL: String?
            var nextURL: String?
            /// No product found by a search (or none at all, `emptyMessage`).
            var noMatchMessage: String?
            var emptyMessage: String?
            /// The catalog could not be read (503).
            var errorMessage: String?
            /// The link to add a product (supervisors only).
            var newProductURL: String? = nil
            var title: String { errorMessage == nil ? "Products" : "Error: Products" }
            var hasProducts: Bool { !products.isEmpty }
            var hasPagination: Bool { previousURL != nil || nextURL != nil }
        }
    }

    /// One row of the list.
    struct DisplayedProduct: Equatable {
        var sku: String
        var name: String
        var url: String
        var price: String
        var stock: String
        /// "Archived", or nil for a product on sale.
        var status: String?
    }
}
