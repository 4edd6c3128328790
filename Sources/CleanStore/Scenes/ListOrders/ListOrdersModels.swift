enum ListOrders {
    // MARK: Use cases

    enum FetchOrders {
        struct Request {
            /// The page of orders older than this cursor token (`?after=`), if any.
            var after: String? = nil
            /// The page of orders newer than this cursor token (`?before=`), if any.
            var before: String? = nil
        }

        struct Response {
            var orders: [Order]
            /// Where the newer and older pages start, when there are such pages.
            var newerPage: OrdersCursor? = nil
            var olderPage: OrdersCursor? = nil
            /// Set when the store could not be read.
            var error: OrdersStoreError? = nil
        }

        struct ViewModel {
            struct DisplayedOrder: Equatable {
                var id: String
                var date: String
                var email: String
                var name: String
                var total: String
            }

            /// Links to the neighbouring pages: cursor tokens of the newer (`rel="prev"`) and older
            /// (`rel="next"`) page, when there is one.
            struct Pagination: Equatable {
                var newerPage: String?
                var olderPage: String?
            }

            var displayedOrders: [DisplayedOrder]
            /// nil when all the orders fit on one page.
            var pagination: Pagination? = nil
            /// A sentence for the clerk when the orders could not be loaded.
            var errorMessage: String? = nil
        }
    }
}
