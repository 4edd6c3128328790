enum ListOrders {
    // MARK: Use cases

    enum FetchOrders {
        struct Request {}

        struct Response {
            var orders: [Order]
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

            var displayedOrders: [DisplayedOrder]
            /// A sentence for the clerk when the orders could not be loaded.
            var errorMessage: String? = nil
        }
    }
}
