enum ListTaxRates {
    // MARK: Use cases

    enum FetchRates {
        struct Request {
            /// Who is asking: only a supervisor is offered to add and change rates.
            var signedIn: SignedIn?
            /// The message a redirect passed (a rate added or changed).
            var flash: String?
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            case found(rates: [TaxRate], mayChange: Bool, flash: String?)
            case storeUnavailable
        }

        enum ViewModel {
            /// The table, and the message a redirect passed (shown by the layout).
            case table(DisplayedTable, flash: String?)
            case unavailable
        }

        struct DisplayedTable {
            var title: String
            var rates: [DisplayedRate]
            /// Said when there is no rate at all.
            var emptyMessage: String?
            /// The link to add a rate (supervisors only).
            var newRateURL: String?
        }

        /// One row of the table, as a clerk reads it.
        struct DisplayedRate: Equatable {
            var region: String
            /// `100` or "Whole state".
            var postalPrefix: String
            /// `8.875%`, or "Not collected".
            var rate: String
            var shipping: String
            var effectiveFrom: String
            /// The last day, or "No end".
            var effectiveTo: String
            /// The link to change it (supervisors only).
            var editURL: String?
            /// Hidden text naming the row for the edit link (`NY 100 from 2020-01-01`).
            var editLabel: String
        }
    }
}
