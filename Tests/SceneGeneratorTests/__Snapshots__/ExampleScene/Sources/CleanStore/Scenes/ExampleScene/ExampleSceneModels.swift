enum ExampleScene {
    // MARK: Use cases

    enum Something {
        struct Request {}

        struct Response {
            var result: String
        }

        struct ViewModel {
            var title: String
            var message: String
        }
    }
}
