enum ShowOrder {
    // MARK: Use cases

    enum GetOrder {
        struct Request {
            var orderID: String
            /// Who is asking: the page offers only what their role may do.
            var signedIn: SignedIn? = nil
        }

        enum Response: Equatable {
            /// `mayEdit`, `mayDelete`: what the one asking may do with it.
            case found(Order, mayEdit: Bool = false, mayDelete: Bool = false)
            case notFound
            /// The store could not be read.
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            struct DisplayedOrder: Equatable {
                var id: String
                /// "30 June 2007", in the shop's time zone.
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
                var title: String
                /// "Created by Amy Apple (amy)": nil when no one is known to have.
                var createdBy: String?
                /// "Last changed by Sue Super (sue) on 30 June 2007 at 2:05pm": nil while never changed.
                var lastChanged: String?
                /// nil when the one asking may not edit it.
                var editURL: String?
                var historyURL: String
                /// The order's packing slip, for everyone who may see the order.
                var slipURL: String
                /// nil when the one asking may not delete it.
                var deleteURL: String?
                var ordersURL: String
            }

            case order(DisplayedOrder)
            case notFound
            case unavailable
        }
    }
}
