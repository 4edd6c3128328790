import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListCustomersPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListCustomersPresenter!
    var spy: ListCustomersDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ListCustomersPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = ListCustomersDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ListCustomersDisplayLogicSpy: ListCustomersDisplayLogic {
        var viewModels: [ListCustomers.FetchCustomers.ViewModel] = []

        func displayCustomers(viewModel: ListCustomers.FetchCustomers.ViewModel) {
            viewModels.append(viewModel)
        }
    }

    static func stored(_ customer: Customer, id: Int64) -> Customer {
        var customer = customer
        customer.id = id
        return customer
    }

    // MARK: Tests

    func testPresentCustomersShouldShowEachCustomerWithTheirLastOrderAndLinkThePagesKeepingTheSearch() throws {
        // When
        let last = CustomerOrder(id: "1042", date: Seeds.june30, status: .paid, totalCents: 1999)
        let page = ListCustomersWorker.Page(
            customers: [Self.stored(CustomerSeeds.jane, id: 3), Self.stored(CustomerSeeds.ann, id: 9)],
            summaries: [3: CustomerOrdersSummary(count: 2, spendCents: 3998, last: last)], hasPrevious: true, hasNext: true)
        sut.presentCustomers(response: .page(page, .init(text: "José 0100")))

        // Then
        let viewModel = try XCTUnwrap(spy.viewModels.first)
        XCTAssertEqual(viewModel.title, "Customers")
        XCTAssertEqual(
            viewModel.customers,
            [
                ListCustomers.DisplayedCustomer(
                    name: "Jane Doe", url: "/customers/3", phone: "(415) 555-0100", email: "jane@example.com", city: "San Francisco",
                    lastOrder: "#1042, 30 Jun 2007"),
                ListCustomers.DisplayedCustomer(
                    name: "Ann Lee", url: "/customers/9", phone: "", email: "ann@example.org", city: "", lastOrder: "No orders"),
            ])
        XCTAssertEqual(viewModel.previousURL, "/customers?q=Jos%C3%A9%200100&before=3")
        XCTAssertEqual(viewModel.nextURL, "/customers?q=Jos%C3%A9%200100&after=9")
        XCTAssertNil(viewModel.noMatchMessage)
        XCTAssertNil(viewModel.errorMessage)
    }

    func testPresentCustomersShouldSayWhenNothingIsFound() throws {
        // When
        let empty = ListCustomersWorker.Page(customers: [], summaries: [:], hasPrevious: false, hasNext: false)
        sut.presentCustomers(response: .page(empty, .init(text: "0199")))
        sut.presentCustomers(response: .page(empty, .init(text: "")))

        // Then
        XCTAssertEqual(spy.viewModels.map(\.noMatchMessage), ["No customer matches \u{201C}0199\u{201D}", nil])
        XCTAssertEqual(spy.viewModels.map(\.emptyMessage), [nil, "There are no customers yet."])
        XCTAssertEqual(spy.viewModels.map(\.hasPagination), [false, false])
    }

    func testPresentCustomersShouldSayTheyAreUnavailable() throws {
        // When
        sut.presentCustomers(response: .unavailable(.init(text: "jane")))

        // Then
        let viewModel = try XCTUnwrap(spy.viewModels.first)
        XCTAssertEqual(viewModel.title, "Error: Customers")
        XCTAssertEqual(viewModel.errorMessage, ListCustomersPresenter.unavailableMessage)
        XCTAssertEqual(viewModel.text, "jane", "The search stays in its box")
    }

    func testPresentCustomersOffersAddACustomerToWhoeverMay() throws {
        // When
        let page = ListCustomersWorker.Page(customers: [], summaries: [:], hasPrevious: false, hasNext: false)
        sut.presentCustomers(response: .page(page, .init(text: "", mayAdd: true)))
        sut.presentCustomers(response: .unavailable(.init(text: "", mayAdd: false)))

        // Then
        XCTAssertEqual(spy.viewModels.first?.newCustomerURL, "/customers/new")
        XCTAssertNil(spy.viewModels.last?.newCustomerURL)
    }
}
