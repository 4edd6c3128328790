enum ShowOrder {
    // MARK: Use cases

    enum GetOrder {
        struct Request {
            var orderID: String
        }

        struct Response {
            /// nil when there is no order with the requested id.
            var order: Order?
            var error: OrdersStoreError? = nil
        }

        struct ViewModel {
            struct DisplayedOrder: Equatable {
                var id: String
                var date: String
                var email: String
                var name: String
                var total: String
                var phone: String
                var shipmentAddress: [String]
                var shipmentMethod: String
                var billingAddress: [String]
                var cardNumber: String
                var expirationDate: String
            }

            /// nil when there is no such order.
            var displayedOrder: DisplayedOrder?
            /// A sentence for the clerk when the order could not be loaded.
            var errorMessage: String? = nil
        }
    }
}
