enum DeleteOrder {
    // MARK: Use cases

    /// The confirmation page: what will be deleted.
    enum GetOrderToDelete {
        struct Request {
            var orderID: String
        }

        enum Response: Equatable {
            case found(Order)
            /// A shipped or cancelled order: kept, not offered for deleting.
            case readOnly(Order)
            case notFound
            /// The store could not be read.
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            struct DisplayedOrder: Equatable {
                var id: String
                var date: String
                var name: String
                var email: String
                var total: String
                var title: String
                /// Where the confirmation posts, and where "Cancel" goes.
                var deleteURL: String
                var orderURL: String
            }

            case order(DisplayedOrder)
            case refused(ErrorPage.Reason)
            case notFound
            case unavailable
        }
    }

    enum DeleteOrder {
        struct Request {
            var orderID: String
            /// Who is signed in on the browser the request came from (nil when no one is): the order's
            /// history names them.
            var signedIn: AccountName? = nil
        }

        enum Response: Equatable {
            /// The order that was deleted.
            case deleted(Order)
            /// The order is shipped or cancelled: nothing was deleted.
            case readOnly(Order)
            case notFound
            /// The store could not delete it.
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            /// Deleted: "Order 7 was deleted." is passed to the list.
            case deleted(flash: String)
            case refused(ErrorPage.Reason)
            case notFound
            case unavailable
        }
    }
}
