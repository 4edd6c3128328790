enum PrintPackingSlip {
    // MARK: Use cases

    enum Something {
        struct Request {}

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            case done(result: String)
        }

        struct ViewModel {
            var title: String
            var message: String
        }
    }
}
