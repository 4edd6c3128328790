import Foundation

protocol ListCustomersPresentationLogic: AnyObject {
    func presentCustomers(response: ListCustomers.FetchCustomers.Response)
}

/// Customers in words: a search form, a table (name, phone, email, city, last order), pages
/// "Previous" and "Next".
final class ListCustomersPresenter: ListCustomersPresentationLogic {
    weak var viewController: ListCustomersDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    static let unavailableMessage = "The customers could not be read just now. Try again in a moment."

    // MARK: Fetch customers

    func presentCustomers(response: ListCustomers.FetchCustomers.Response) {
        switch response {
        case .page(let page, let query):
            var viewModel = Self.viewModel(query)
            viewModel.customers = page.customers.map { displayed($0, summary: page.summaries[$0.id ?? 0]) }
            let items: [(name: String, value: String)] = query.text.isEmpty ? [] : [("q", query.text)]
            if let first = page.customers.first?.id, page.hasPrevious {
                viewModel.previousURL = Paths.customers(items + [("before", String(first))])
            }
            if let last = page.customers.last?.id, page.hasNext {
                viewModel.nextURL = Paths.customers(items + [("after", String(last))])
            }
            if page.customers.isEmpty {
                if query.text.isEmpty {
                    viewModel.emptyMessage = "There are no customers yet."
                } else {
                    viewModel.noMatchMessage = "No customer matches \u{201C}\(query.text)\u{201D}"
                }
            }
            viewController?.displayCustomers(viewModel: viewModel)
        case .unavailable(let query):
            var viewModel = Self.viewModel(query)
            viewModel.errorMessage = Self.unavailableMessage
            viewController?.displayCustomers(viewModel: viewModel)
        }
    }

    private static func viewModel(_ query: ListCustomers.FetchCustomers.Query) -> ListCustomers.FetchCustomers.ViewModel {
        ListCustomers.FetchCustomers.ViewModel(
            action: Paths.customers.description, text: query.text, caption: "Customers, by last name", customers: [],
            previousURL: nil, nextURL: nil, noMatchMessage: nil, emptyMessage: nil, errorMessage: nil,
            newCustomerURL: query.mayAdd ? Paths.newCustomer.description : nil)
    }

    func displayed(_ customer: Customer, summary: CustomerOrdersSummary?) -> ListCustomers.DisplayedCustomer {
        ListCustomers.DisplayedCustomer(
            name: customer.name.isEmpty ? "(no name)" : customer.name, url: Paths.customer(String(customer.id ?? 0)),
            phone: customer.phone, email: customer.email,
            city: customer.shippingAddress.city.isEmpty ? customer.billingAddress.city : customer.shippingAddress.city,
            lastOrder: summary.map { "#\($0.last.id), \(formatter.shortDate($0.last.date))" } ?? "No orders")
    }
}
