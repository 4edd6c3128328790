enum ListOrders {
    // MARK: Use cases

    enum FetchOrders {
        struct Request {
            /// The page of orders older than this cursor token (`?after=`), if any.
            var after: String? = nil
            /// The page of orders newer than this cursor token (`?before=`), if any.
            var before: String? = nil
            /// Who is asking: the page offers only what their role may do.
            var signedIn: SignedIn? = nil
        }

        enum Response: Equatable {
            /// One page of orders, newest first, and where the newer and older pages start, when
            /// there are such pages.
            /// `mayCreateOrders`: whether the one asking may create orders (the page offers it then).
            case fetched([Order], newerPage: OrdersCursor?, olderPage: OrdersCursor?, mayCreateOrders: Bool = false)
            /// The store could not be read.
            case storeUnavailable(mayCreateOrders: Bool = false)
        }

        struct ViewModel {
            struct DisplayedOrder: Equatable {
                var id: String
                var url: String
                var date: String
                var email: String
                var name: String
                var total: String
            }

            /// Links to the neighbouring pages: the newer (`rel="prev"`) and older (`rel="next"`)
            /// page, when there is one.
            struct Pagination: Equatable {
                var newerPageURL: String?
                var olderPageURL: String?
            }

            var displayedOrders: [DisplayedOrder]
            /// nil when all the orders fit on one page.
            var pagination: Pagination? = nil
            /// A sentence for the clerk when the orders could not be loaded (the page is then a 503).
            var errorMessage: String? = nil
            /// nil when the one asking may not create orders.
            var newOrderURL: String? = nil
        }
    }
}
