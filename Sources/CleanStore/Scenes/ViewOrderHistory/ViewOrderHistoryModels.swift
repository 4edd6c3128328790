enum ViewOrderHistory {
    // MARK: Use cases

    enum FetchHistory {
        struct Request {
            var orderID: String
            /// Who is asking: a deleted order's history is for supervisors only.
            var signedIn: SignedIn? = nil
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            /// The order's events, newest first (none for an order from before history was kept);
            /// `isDeleted` when the order is gone and only its history is left.
            case found(orderID: String, events: [OrderEvent], isDeleted: Bool)
            /// No order with this id ever existed.
            case notFound
            /// The order was deleted, and its history is for supervisors only.
            case notPermitted(AccountRole?)
            /// The store could not be read.
            case storeUnavailable
        }

        enum ViewModel: Equatable {
            /// One field changed: "Amy" → "Ann" ("(empty)" for an empty value).
            struct DisplayedChange: Equatable {
                var field: String
                var old: String
                var new: String
                /// Said instead of old → new when the two read the same: "Card changed, still ending 1111".
                var summary: String? = nil
            }

            struct DisplayedEvent: Equatable {
                /// "Order created", "Order changed", "Order deleted".
                var title: String
                /// "Sue Super (sue)", or "No one was signed in".
                var by: String
                /// In the shop's time zone: "30 June 2007 at 2:05pm"; `machineDate` for `<time datetime>`.
                var date: String
                var machineDate: String
                var changes: [DisplayedChange]
                /// For a save that changed no field.
                var noChanges: String?
                /// A move made by a bulk move: its page, and "Part of bulk move 4".
                var batchURL: String? = nil
                var batchLabel: String? = nil
            }

            struct DisplayedHistory: Equatable {
                var title: String
                var orderID: String
                /// Said when the order is gone.
                var deletedNotice: String?
                /// The order's page: nil once it is deleted.
                var orderURL: String?
                var events: [DisplayedEvent]
                /// Said when nothing is recorded.
                var emptyMessage: String?
                var ordersURL: String
            }

            case history(DisplayedHistory)
            case notFound
            /// 403: the role may not read this history.
            case notPermitted(AccountRole)
            case unavailable
        }
    }
}
