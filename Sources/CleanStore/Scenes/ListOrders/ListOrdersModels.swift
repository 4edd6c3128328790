enum ListOrders {
    // MARK: Use cases

    enum FetchOrders {
        struct Request {
            /// The page of orders after this cursor token (`?after=`) in the list's order, if any.
            var after: String? = nil
            /// The page of orders before this cursor token (`?before=`), if any.
            var before: String? = nil
            /// Who is asking: the page offers only what their role may do.
            var signedIn: SignedIn? = nil
            /// The search, filters and sort the URL names, as they came.
            var filters = OrdersFilterParameters()
        }

        enum Response: Equatable {
            /// One page of the orders the filters find, in their sort, and where the pages before
            /// (`newerPage`) and after it (`olderPage`) start, when there are such pages.
            /// `mayCreateOrders`: whether the one asking may create orders (the page offers it then);
            /// `mayExport`: whether they may download the list.
            /// `filters`: what was applied; `problems`: what of the URL was not, and why.
            case fetched(
                [Order], newerPage: OrdersCursor?, olderPage: OrdersCursor?, mayCreateOrders: Bool = false,
                filters: OrdersFilters = OrdersFilters(), problems: [OrdersFilterProblem] = [], mayExport: Bool = false)
            /// The store could not be read.
            case storeUnavailable(mayCreateOrders: Bool = false, filters: OrdersFilters = OrdersFilters())
        }

        struct ViewModel {
            struct DisplayedOrder: Equatable {
                var id: String
                var url: String
                var date: String
                var email: String
                var name: String
                var total: String
                /// The status in words ("Paid"), shown as a tag (text, never colour alone).
                var status: String
                /// The tag's class (`status-paid`): its colour, beside its word.
                var statusClass: String
                /// A shipped order's row details: "Shipped 6/30/07, UPS 1Z999AA10123456784".
                var shipped: String? = nil
            }

            /// Links to the neighbouring pages: the one before (`rel="prev"`) and after (`rel="next"`)
            /// in the list's order, when there is one, with the words for the list's sort.
            struct Pagination: Equatable {
                var newerPageURL: String?
                var olderPageURL: String?
                var newerPageLabel = "Newer orders"
                var olderPageLabel = "Older orders"
            }

            /// A column heading: a sortable one links to the list sorted by it (`aria-sort` says how
            /// the list is sorted now).
            struct Column: Equatable {
                var label: String
                /// nil for a column that does not sort.
                var sortURL: String?
                /// `ascending`, `descending` or `none`; nil for a column that does not sort.
                var ariaSort: String?
                var className: String?
            }

            /// One choice of a filter's radios.
            struct Option: Equatable {
                var id: String
                var value: String
                var label: String
                var checked: Bool
            }

            /// A filter in force, shown as a tag that removes it.
            struct Tag: Equatable {
                var label: String
                var removeURL: String
            }

            /// The search and filter form (a GET to the list) with what is in force.
            struct Filters: Equatable {
                var action: String
                var text: String
                var textError: String?
                var shippingOptions: [Option]
                var statusOptions: [Option]
                var from: String
                var fromError: String?
                var to: String
                var toError: String?
                /// The sort, kept by the form as a hidden field; nil for the default.
                var sort: String?
                /// What is in force, each removable; empty when nothing is.
                var tags: [Tag]
                /// The list without search or filters (its sort kept); nil when there are none.
                var clearURL: String?
            }

            var displayedOrders: [DisplayedOrder]
            /// nil when all the orders fit on one page.
            var pagination: Pagination? = nil
            /// A sentence for the clerk when the orders could not be loaded (the page is then a 503).
            var errorMessage: String? = nil
            /// nil when the one asking may not create orders.
            var newOrderURL: String? = nil
            var filters: Filters? = nil
            var columns: [Column] = []
            /// What the table holds, in which order ("Orders, newest first").
            var caption = "Orders, newest first"
            /// When no order matches the search or filters: says so (the page then tells how to clear them).
            var noMatchMessage: String? = nil
            /// The CSV of every order the list finds; nil for who may not download it.
            var exportURL: String? = nil
        }
    }
}
