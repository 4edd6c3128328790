enum ShowOrder {
    // MARK: Use cases

    enum GetOrder {
        struct Request {
            var orderID: String
            /// Who is asking: the page offers only what their role may do.
            var signedIn: SignedIn? = nil
            /// The create that just saved an order said so (its redirect's flash): that order's page
            /// confirms it.
            var confirmation: Confirmation? = nil
        }

        /// A create just saved the order `orderID` (or found it saved by the same form before,
        /// which `note` then says).
        struct Confirmation: Equatable {
            var orderID: String
            var note: String? = nil
        }

        /// What the page confirms: the order it shows was just saved.
        struct Confirmed: Equatable {
            var note: String? = nil
            /// Whether the one asking may create orders (then the page offers another).
            var mayCreateAnother: Bool = false
        }

        enum Response: Equatable {
            /// `mayEdit`, `mayDelete`: what the one asking may do with it.
            case found(Order, mayEdit: Bool = false, mayDelete: Bool = false, confirmed: Confirmed? = nil)
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
                /// nil when the one asking may not delete it.
                var deleteURL: String?
                var ordersURL: String
                /// The confirmation panel, right after a create (nil otherwise).
                var confirmation: DisplayedConfirmation? = nil
            }

            /// GOV.UK's confirmation panel: "Order saved", the order's number large enough to read
            /// out to the caller, and what more there is to say.
            struct DisplayedConfirmation: Equatable {
                var orderNumber: String
                var confirmationNote: String?
                /// "Create another order": nil when the one asking may not.
                var createAnotherURL: String?
            }

            case order(DisplayedOrder)
            case notFound
            case unavailable
        }
    }
}
