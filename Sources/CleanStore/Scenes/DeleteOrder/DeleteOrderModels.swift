enum DeleteOrder {
    // MARK: Use cases

    /// The confirmation page: what will be deleted.
    enum GetOrderToDelete {
        struct Request {
            var orderID: String
        }

        struct Response {
            /// nil when there is no such order.
            var order: Order?
            var error: OrdersStoreError? = nil
        }

        struct ViewModel {
            struct DisplayedOrder: Equatable {
                var id: String
                var date: String
                var name: String
                var email: String
                var total: String
            }

            /// nil when there is no such order.
            var displayedOrder: DisplayedOrder?
            var errorMessage: String? = nil
        }
    }

    enum DeleteOrder {
        struct Request {
            var orderID: String
        }

        struct Response {
            /// The order that was deleted; nil when there was no such order (or the store failed).
            var order: Order?
            var error: OrdersStoreError? = nil
        }

        struct ViewModel {
            /// "Order 7 was deleted.": passed to the list. nil when nothing was deleted.
            var message: String?
            var errorMessage: String? = nil
        }
    }
}
