enum PrintPackingSlip {
    // MARK: Use cases

    enum GetSlip {
        struct Request {
            var orderID: String
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            /// The order to pack, and its notes for the packer (oldest first). The presenter takes only
            /// what a slip shows from the order: never its card.
            case found(Order, deliveryNotes: [OrderNote] = [])
            /// No such order (never, or no longer: a deleted order is gone).
            case notFound
            /// The store could not be read.
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            /// A line as the slip lists it: what to put in the parcel, never its price.
            struct DisplayedLine: Equatable {
                var sku: String
                var name: String
                var quantity: String
            }

            /// What a packing slip prints: who and where to ship to, how, which order and where it is
            /// in its life. No card data of any kind, not even the last four digits: a slip goes into
            /// the parcel.
            struct DisplayedSlip: Equatable {
                /// "Packing slip for order 2".
                var title: String
                var orderID: String
                /// "30 June 2007", in the shop's time zone; `machineDate` for `<time datetime>`.
                var date: String
                var machineDate: String
                /// "Packed": `OrderStatus.toString()`.
                var status: String
                /// Said on a cancelled order's slip, so that no one packs it.
                var cancelledNotice: String?
                /// The customer's name, then the shipment address as the lines of a label.
                var shipTo: [String]
                /// "Two-Day Shipping".
                var shipmentMethod: String
                /// The order's page, for "Back to order 2".
                var orderURL: String
                /// What goes in the parcel, oldest line first: SKU, item and quantity only.
                var lines: [DisplayedLine] = []
                /// Said instead of lines: an order keyed before items were kept, or one with none.
                var itemsNote: String? = nil
                /// The notes for the packer, oldest first, as written (never who wrote them).
                var deliveryNotes: [String] = []
            }

            case slip(DisplayedSlip)
            case notFound
            case unavailable
        }
    }
}
