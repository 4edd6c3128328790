import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API faces of ShowProduct, ListCustomers and ShowCustomer: the path's SKU, id and the query
/// as the pages' requests; the documents (money in cents) or the problems.
final class ReadAPITests: XCTestCase {
    let viewer = SignedIn(name: testAccount.name, role: .viewer)

    final class ProductLogicSpy: ShowProductBusinessLogic {
        var request: ShowProduct.GetProduct.Request?
        func getProduct(request: ShowProduct.GetProduct.Request) async { self.request = request }
    }

    final class CustomersLogicSpy: ListCustomersBusinessLogic {
        var request: ListCustomers.FetchCustomers.Request?
        func fetchCustomers(request: ListCustomers.FetchCustomers.Request) async { self.request = request }
    }

    final class CustomerLogicSpy: ShowCustomerBusinessLogic {
        var request: ShowCustomer.GetCustomer.Request?
        func getCustomer(request: ShowCustomer.GetCustomer.Request) async { self.request = request }
    }

    final class DisplaySpy: ShowProductAPIDisplayLogic, ListCustomersAPIDisplayLogic, ShowCustomerAPIDisplayLogic {
        var product: ShowProduct.GetProduct.APIViewModel?
        var customers: ListCustomers.FetchCustomers.APIViewModel?
        var customer: ShowCustomer.GetCustomer.APIViewModel?
        func displayProduct(viewModel: ShowProduct.GetProduct.APIViewModel) { product = viewModel }
        func displayCustomers(viewModel: ListCustomers.FetchCustomers.APIViewModel) { customers = viewModel }
        func displayCustomer(viewModel: ShowCustomer.GetCustomer.APIViewModel) { customer = viewModel }
    }

    func testTheViewControllersPassThePathAndQueryAsThePagesRequests() async throws {
        let environment = try await makeTestEnvironment()
        let product = ShowProductAPIViewController(environment: environment, signedIn: viewer)
        let productSpy = ProductLogicSpy()
        product.interactor = productSpy
        _ = try? await product.getProduct(sku: "TEA-20")
        XCTAssertEqual(productSpy.request?.sku, "TEA-20")
        XCTAssertEqual(productSpy.request?.signedIn, viewer)

        let list = ListCustomersAPIViewController(environment: environment)
        let listSpy = CustomersLogicSpy()
        list.interactor = listSpy
        _ = try? await list.listCustomers(.init(q: "415", after: "12", before: nil))
        XCTAssertEqual(listSpy.request, ListCustomers.FetchCustomers.Request(text: "415", after: "12", before: nil))

        let one = ShowCustomerAPIViewController(environment: environment)
        let oneSpy = CustomerLogicSpy()
        one.interactor = oneSpy
        _ = try? await one.getCustomer(id: "3")
        XCTAssertEqual(oneSpy.request?.id, "3")
    }

    func testThePresentersGiveTheDocumentsOrTheProblems() {
        let spy = DisplaySpy()
        let product = ShowProductAPIPresenter()
        product.viewController = spy
        product.presentProduct(response: .found(ProductSeeds.tea, history: []))
        XCTAssertEqual(spy.product, .product(OrderAPIFormatter().product(ProductSeeds.tea)))
        product.presentProduct(response: .notFound)
        XCTAssertEqual(spy.product, .problem(APIProblem(status: .notFound, title: "No such product")))
        product.presentProduct(response: .unavailable)
        XCTAssertEqual(spy.product, .problem(.unavailable))

        var jane = CustomerSeeds.jose
        jane.id = 4
        let last = CustomerOrder(id: "9", date: CustomerSeeds.now, status: .paid, totalCents: 1999)
        let summary = CustomerOrdersSummary(count: 2, spendCents: 3998, last: last)
        let list = ListCustomersAPIPresenter()
        list.viewController = spy
        list.presentCustomers(response: .page(
            .init(customers: [jane], summaries: [4: summary], hasPrevious: true, hasNext: false), .init(text: "")))
        guard case .page(let page) = spy.customers else { return XCTFail() }
        XCTAssertEqual(page.customers.map(\.id), ["4"])
        XCTAssertEqual(page.customers.first?.orderCount, 2)
        XCTAssertEqual(page.customers.first?.lastOrder?.total, .init(amount: 1999, currency: .usd))
        XCTAssertEqual(page.previous, "4")
        XCTAssertNil(page.next)
        list.presentCustomers(response: .unavailable(.init(text: "")))
        guard case .problem(let down) = spy.customers else { return XCTFail() }
        XCTAssertEqual(down.status, .serviceUnavailable)

        let one = ShowCustomerAPIPresenter()
        one.viewController = spy
        one.presentCustomer(response: .found(.init(customer: jane, orders: [last], summary: summary, history: [])))
        guard case .customer(let customer) = spy.customer else { return XCTFail() }
        XCTAssertEqual(customer.id, "4")
        XCTAssertEqual(customer.spend, .init(amount: 3998, currency: .usd))
        XCTAssertEqual(customer.orders.map(\.id), ["9"])
        one.presentCustomer(response: .notFound)
        XCTAssertEqual(spy.customer, .problem(APIProblem(status: .notFound, title: "No such customer")))
        one.presentCustomer(response: .unavailable)
        XCTAssertEqual(spy.customer, .problem(.unavailable))
    }
}
