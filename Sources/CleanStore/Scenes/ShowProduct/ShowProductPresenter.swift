protocol ShowProductPresentationLogic: AnyObject {
    func presentProduct(response: ShowProduct.GetProduct.Response)
}

/// A product in words: its details, its stock (on hand, committed, available) and its history.
final class ShowProductPresenter: ShowProductPresentationLogic {
    weak var viewController: ShowProductDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Get product

    func presentProduct(response: ShowProduct.GetProduct.Response) {
        switch response {
        case .found(let product, let history, let mayChange):
            var displayed = displayed(product, history: history)
            if mayChange, let id = product.id.map({ String($0) }) {
                displayed.changeURL = Paths.editProduct(id)
                displayed.activeForm = ShowProduct.DisplayedActiveForm(
                    action: product.active ? Paths.archiveProduct(id) : Paths.restoreProduct(id), version: String(product.version),
                    button: product.active ? "Archive" : "Restore")
            }
            viewController?.displayProduct(viewModel: .product(displayed))
        case .notFound:
            viewController?.displayProduct(viewModel: .notFound)
        case .unavailable:
            viewController?.displayProduct(viewModel: .unavailable)
        }
    }

    private func displayed(_ product: Product, history: [ProductEvent]) -> ShowProduct.DisplayedProduct {
        ShowProduct.DisplayedProduct(
            sku: product.sku, name: product.name, price: Money.text(cents: product.priceCents),
            taxable: product.taxable ? "Yes" : "No", status: product.active ? nil : "Archived",
            stock: product.stock.map { stock in
                ShowProduct.DisplayedStock(
                    onHand: String(stock.onHand), committed: String(stock.committed), available: String(stock.available),
                    backorder: stock.allowBackorder ? "Allowed" : "Not allowed")
            },
            stockNotTracked: product.stock == nil ? "Not tracked: any quantity may be ordered." : nil,
            events: history.map(displayed), productsURL: Paths.products.description)
    }

    private func displayed(_ event: ProductEvent) -> ShowProduct.DisplayedEvent {
        ShowProduct.DisplayedEvent(
            title: Self.titles[event.kind] ?? event.kind.rawValue, by: event.by.map(formatter.accountName) ?? "The command line",
            date: formatter.longDateAndTime(event.at), machineDate: formatter.machineDateTime(event.at),
            changes: event.changes.map { ShowProduct.DisplayedChange(field: $0.field, old: $0.old.isEmpty ? "(none)" : $0.old, new: $0.new.isEmpty ? "(none)" : $0.new) })
    }

    static let titles: [ProductEvent.Kind: String] = [
        .created: "Added to the catalog", .updated: "Edited", .archived: "Archived", .restored: "Restored",
        .imported: "Imported from a CSV file",
    ]
}
