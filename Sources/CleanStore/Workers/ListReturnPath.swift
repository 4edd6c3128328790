/// The list an order page was opened from (issue 28), carried as `?from=/orders?status=packed` so
/// that its "Back to orders" returns there and a status move offers the next order of that list.
/// Same-site and the order list only: anything but `/orders` or `/orders?…` is no list (`//evil.com`,
/// `https://evil.com/orders`, `/\evil`, `/orders/../x`, a control character), and a list's query is
/// read again by the list's own rules before it is linked to (`OrdersFilterWorker`), never echoed.
enum ListReturnPath {
    /// A list's path is a few filters: longer is no list's.
    static let maximumLength = 1_000

    /// The list's query (without `?`, maybe empty) when `from` is the order list's path; nil otherwise.
    static func listQuery(_ from: String?) -> String? {
        guard let from, from.utf8.count <= maximumLength else { return nil }
        guard !from.contains("\\"), !from.contains("#"),
            !from.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.isWhitespace })
        else { return nil }
        if from == Paths.orders.description { return "" }
        guard from.hasPrefix(Paths.orders.description + "?") else { return nil }
        return String(from.dropFirst(Paths.orders.description.count + 1))
    }

    /// `?from=%2Forders%3Fstatus%3Dpacked`: what an order's links carry for the list `listURL`; empty
    /// for none, or for all orders (the order page's "Back to all orders" goes there anyway).
    static func suffix(_ listURL: String?) -> String {
        guard let listURL, listURL != Paths.orders.description else { return "" }
        return Paths.query([("from", listURL)])
    }
}
