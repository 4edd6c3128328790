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
            /// Why the list's bulk form was not taken (`POST /orders/bulk` with nothing, or too
            /// much, selected): the list shows it in an error summary.
            var bulkProblem: String? = nil
            /// Whether the orders' card numbers are decrypted: neither the HTML list nor the API's
            /// (whose `OrderSummary` has no card) shows one, so each reads a card as its last four
            /// digits only (`OrdersPageRequest.opensCards`).
            var opensCards = true
        }

        /// How many orders the list finds and how many there are in all, each counted exactly up to
        /// `ListOrdersInteractor.countLimit`: a number above it means "more than" the limit.
        struct Counts: Equatable {
            var found: Int
            var inAll: Int
        }

        /// The bulk move a list offers (issue 28): with a status filter that a move leads on from
        /// (new → paid, paid → packed, packed → shipped), to someone who may make it; and why its form
        /// was not taken, when it was posted with nothing or too much selected.
        struct Bulk: Equatable {
            var action: OrderStatus.Action?
            var problem: String? = nil
        }

        enum Response: Equatable {
            /// One page of the orders the filters find, in their sort, and where the pages before
            /// (`newerPage`) and after it (`olderPage`) start, when there are such pages.
            /// `mayCreateOrders`: whether the one asking may create orders (the page offers it then);
            /// `mayExport`: whether they may download the list.
            /// `filters`: what was applied; `problems`: what of the URL was not, and why; `counts`: how
            /// many orders the filters find, and how many there are (nil when they were not counted); `bulk`: the bulk move the list offers, and why its form was not taken.
            case fetched(
                [Order], newerPage: OrdersCursor?, olderPage: OrdersCursor?, mayCreateOrders: Bool = false,
                filters: OrdersFilters = OrdersFilters(), problems: [OrdersFilterProblem] = [], mayExport: Bool = false,
                counts: Counts? = nil, bulk: Bulk? = nil)
            /// The store could not be read.
            case storeUnavailable(mayCreateOrders: Bool = false, filters: OrdersFilters = OrdersFilters())
        }

        struct ViewModel {
            struct DisplayedOrder: Equatable {
                var id: String
                var url: String
                /// When it was ordered, in the shop's time zone: "25 Nov 2026, 2:05pm".
                var date: String
                /// The same moment for `<time datetime>`.
                var machineDate: String
                var name: String
                var phone: String
                var total: String
                /// The status in words ("Paid"), shown as a tag (text, never colour alone).
                var status: String
                /// The tag's class (`status-paid`): its colour, beside its word.
                var statusClass: String
                /// A shipped order's row details: "Shipped 30 Jun 2007, UPS 1Z999AA10123456784".
                var shipped: String? = nil
                /// With a bulk move offered: the row's checkbox, its value the id and the version the
                /// list shows (`1042.7`), its label for screen readers ("Select order 1042, Jane Doe").
                var selectValue: String? = nil
                var selectLabel: String? = nil
            }

            /// The list's bulk form around its table (`POST /orders/bulk`): the move, the list's query
            /// (to come back to), the button, and what stops it (an error summary).
            struct BulkForm: Equatable {
                var action: String
                var move: String
                var list: String
                /// "Mark selected as shipped".
                var button: String
                /// "Select up to 50 orders…": one page per move, said on the page.
                var hint: String
                /// The error summary (`Views/error-summary.mustache`): the problem, linked to the first checkbox.
                var errors: [ErrorLink]
                var hasErrors: Bool { !errors.isEmpty }
                var formMessage: String? = nil
                /// The browser's CSRF token (the view controller's to fill in).
                var csrfToken = ""
            }

            /// An error summary's line, linked to the field it is about.
            struct ErrorLink: Equatable {
                var field: String
                var message: String
            }

            /// Links to the neighbouring pages: the one before (`rel="prev"`) and after (`rel="next"`)
            /// in the list's order, when there is one, with the words for the list's sort.
            struct Pagination: Equatable {
                var newerPageURL: String?
                var olderPageURL: String?
                var newerPageLabel = "Newer orders"
                var olderPageLabel = "Older orders"
            }

            /// A column heading; the one the list is sorted by says how (`aria-sort`).
            struct Column: Equatable {
                var label: String
                /// `ascending` or `descending` for the column the list is sorted by; nil for the others.
                var ariaSort: String?
                var className: String?
            }

            /// One choice of a filter's radios, or of the sort's list (`checked`: the one chosen).
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
                /// The "Cancellation requested" box: checked when that filter is in force.
                var cancellationRequested: Bool = false
                var from: String
                var fromError: String?
                var to: String
                var toError: String?
                /// Each way the list sorts ("Newest first", …), the one in force chosen.
                var sortOptions: [Option]
                /// Whether the folded filters start open: when a filter or a sort is in force, or a
                /// value of theirs was refused.
                var open: Bool
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
            /// "6 orders found (324 in all)", "324 orders": the heading over the results; nil when the
            /// orders were not counted.
            var resultCount: String? = nil
            /// Whether the heading takes focus when the page opens: after a search or a filter, so a
            /// screen reader says what was found and Tab goes on into the results.
            var focusResultCount = false
            /// When no order matches the search or filters: says so (the page then tells how to clear them).
            var noMatchMessage: String? = nil
            /// The CSV of every order the list finds; nil for who may not download it.
            var exportURL: String? = nil
            /// The tabs above the list (built-in and saved views); nil when they were not read.
            var tabs: ListOrders.FetchTabs.ViewModel.Tabs? = nil
            /// The bulk form around the table; nil when the list offers no bulk move.
            var bulk: BulkForm? = nil
            /// The bulk form's problem without a form to show it in (the list offers no move now).
            var bulkProblem: BulkForm? = nil
        }
    }

    /// The tabs above the list (issue 28): All, New, Paid, Packed, each counted, Drafts, then the
    /// account's saved views in its order; and the list it opens on when no query is given.
    enum FetchTabs {
        struct Request {
            var signedIn: SignedIn? = nil
            /// The list's search, filters and sort, as the URL names them.
            var filters = OrdersFilterParameters()
            /// Whether the URL had a query at all: without one, the account's default view opens.
            var queryGiven = true
        }

        /// Each built-in status tab's count, exactly up to `ListOrdersInteractor.countLimit` (a
        /// number above it means "more than"), kept a few seconds by `OrdersCountCache`.
        struct Counts: Equatable {
            var all: Int
            var new: Int
            var paid: Int
            var packed: Int
            /// The orders waiting for a supervisor's cancellation decision; nil when not counted
            /// (the tab is a supervisor's).
            var cancellationRequests: Int? = nil
        }

        enum Response: Equatable {
            /// `views`: the account's saved views, in order (none when they could not be read);
            /// `counts`: nil when the orders could not be counted; `current`: the list's query as the
            /// list reads it (`SavedViewsWorker.query`); `mayTakeOrders`: whether to offer Drafts;
            /// `mayDecideCancellations`: whether to offer "Cancellation requests" (supervisors).
            case tabs(views: [SavedView], counts: Counts?, current: String, mayTakeOrders: Bool, mayDecideCancellations: Bool = false)
            /// No query was given and the account has a default view: the list opens on it.
            case openDefault(SavedView)
        }

        struct ViewModel: Equatable {
            /// One tab: a link, `current` for the list being shown (`aria-current="page"`).
            struct Tab: Equatable {
                var label: String
                /// "12", "10,000+": the count beside a built-in status tab; nil for others.
                var count: String?
                var url: String
                var current: Bool
            }

            struct Tabs: Equatable {
                var tabs: [Tab]
                /// "Save this search", for a list no tab shows; nil otherwise.
                var saveURL: String?
                /// The account's saved searches (reorder, delete, the default); nil when it has none.
                var manageURL: String?
            }

            var tabs: Tabs?
            /// Where the list opens instead (the account's default view): a 303.
            var redirectURL: String?
        }
    }
}
