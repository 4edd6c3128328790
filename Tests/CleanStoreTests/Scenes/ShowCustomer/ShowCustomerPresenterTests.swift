import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowCustomerPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowCustomerPresenter!
    var spy: ShowCustomerDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowCustomerPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = ShowCustomerDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ShowCustomerDisplayLogicSpy: ShowCustomerDisplayLogic {
        var viewModels: [ShowCustomer.GetCustomer.ViewModel] = []

        func displayCustomer(viewModel: ShowCustomer.GetCustomer.ViewModel) {
            viewModels.append(viewModel)
        }
    }

    func displayed() throws -> ShowCustomer.DisplayedCustomer {
        guard case .customer(let customer) = spy.viewModels.last else {
            XCTFail("No customer shown: \(spy.viewModels)")
            throw CancellationError()
        }
        return customer
    }

    // MARK: Tests

    func testPresentCustomerShouldShowTheirDetailsOrdersFiguresAndHistory() throws {
        // Given
        var jane = CustomerSeeds.jane
        jane.id = 4
        let orders = [
            CustomerOrder(id: "12", date: Seeds.june30, status: .cancelled, totalCents: 500),
            CustomerOrder(id: "9", date: Seeds.june29, status: .paid, totalCents: 1999),
        ]
        let event = CustomerEvent(
            customerID: 4, kind: .updated, by: AccountSeeds.sue.name, at: Seeds.june30,
            changes: [OrderChange(field: "Note", old: "", new: "Call after 5 pm")])

        // When
        sut.presentCustomer(
            response: .found(
                ShowCustomer.Found(
                    customer: jane, orders: orders, summary: CustomerOrdersSummary(count: 3, spendCents: 2999, last: orders[0]),
                    history: [event])))

        // Then
        let customer = try displayed()
        XCTAssertEqual(customer.name, "Jane Doe")
        XCTAssertEqual(customer.phone, "(415) 555-0100")
        XCTAssertEqual(customer.shippingLines, ["12 Main St", "San Francisco, CA 94107"])
        XCTAssertEqual(customer.note, "Call after 5 pm")
        XCTAssertEqual(customer.orderCount, "3 orders")
        XCTAssertEqual(customer.spend, "$29.99 (cancelled orders not counted)")
        XCTAssertEqual(customer.ordersCaption, "Their 2 newest orders of 3, newest first")
        XCTAssertEqual(customer.orders.map(\.url), ["/orders/12", "/orders/9"])
        XCTAssertEqual(customer.orders.map(\.status), ["Cancelled", "Paid"])
        XCTAssertEqual(customer.orders.map(\.statusClass), ["status-cancelled", "status-paid"])
        XCTAssertEqual(customer.orders.map(\.total), ["$5.00", "$19.99"])
        XCTAssertEqual(customer.events.map(\.title), ["Edited"])
        XCTAssertEqual(customer.events.first?.changes, [ShowCustomer.DisplayedChange(field: "Note", old: "(none)", new: "Call after 5 pm")])
    }

    func testPresentCustomerWithNothingKnownSaysSo() throws {
        // When
        var ann = CustomerSeeds.ann
        ann.id = 5
        sut.presentCustomer(response: .found(ShowCustomer.Found(customer: ann, orders: [], summary: nil, history: [])))

        // Then
        let customer = try displayed()
        XCTAssertEqual(customer.phone, "Not known")
        XCTAssertEqual(customer.shippingLines, [])
        XCTAssertNil(customer.note)
        XCTAssertEqual(customer.orderCount, "No orders yet")
        XCTAssertNil(customer.spend)
        XCTAssertFalse(customer.hasOrders)
    }

    func testPresentCustomerShouldPassOnNotFoundAndUnavailable() {
        // When
        sut.presentCustomer(response: .notFound)
        sut.presentCustomer(response: .unavailable)

        // Then
        XCTAssertEqual(spy.viewModels.count, 2)
        guard case .notFound = spy.viewModels[0], case .unavailable = spy.viewModels[1] else {
            return XCTFail("\(spy.viewModels)")
        }
    }

    func testPresentCustomerOffersChangeToWhoeverMay() throws {
        // Given
        var jane = CustomerSeeds.jane
        jane.id = 4

        // When
        sut.presentCustomer(response: .found(ShowCustomer.Found(customer: jane, orders: [], summary: nil, history: [], mayChange: true)))
        sut.presentCustomer(response: .found(ShowCustomer.Found(customer: jane, orders: [], summary: nil, history: [])))

        // Then
        guard case .customer(let offered) = spy.viewModels.first, case .customer(let notOffered) = spy.viewModels.last else {
            return XCTFail("Two pages")
        }
        XCTAssertEqual(offered.changeURL, "/customers/4/edit")
        XCTAssertNil(notOffered.changeURL)
    }

    func testPresentCustomerOffersMergeToWhoeverMayAndAMergedOneLinksToItsSurvivorOnly() throws {
        // Given
        var jane = CustomerSeeds.jane
        jane.id = 4
        var gone = jane
        gone.id = 5
        gone.mergedInto = 4

        // When
        sut.presentCustomer(response: .found(ShowCustomer.Found(customer: jane, orders: [], summary: nil, history: [], mayMerge: true, mayErase: true)))
        sut.presentCustomer(response: .found(ShowCustomer.Found(customer: jane, orders: [], summary: nil, history: [])))
        sut.presentCustomer(
            response: .found(
                ShowCustomer.Found(customer: gone, orders: [], summary: nil, history: [], mayChange: true, mayMerge: true, mayErase: true, survivor: jane)))

        // Then
        guard case .customer(let offered) = spy.viewModels[0], case .customer(let notOffered) = spy.viewModels[1],
            case .customer(let merged) = spy.viewModels[2]
        else { return XCTFail("Three pages") }
        XCTAssertEqual(offered.mergeURL, "/customers/4/merge")
        XCTAssertNil(offered.mergedInto)
        XCTAssertNil(notOffered.mergeURL)
        XCTAssertEqual(offered.eraseURL, "/customers/4/erase")
        XCTAssertNil(notOffered.eraseURL)
        XCTAssertEqual(merged.eraseURL, "/customers/5/erase", "erasing a merged customer erases the one it was merged into too")
        XCTAssertNil(merged.mergeURL, "a merged customer is merged no more")
        XCTAssertNil(merged.changeURL)
        XCTAssertEqual(merged.mergedInto?.name, "Jane Doe (customer 4)")
        XCTAssertEqual(merged.mergedInto?.url, "/customers/4")
    }

    func testTheMergesInTheHistoryAreSaidAsSuch() {
        XCTAssertEqual(ShowCustomerPresenter.titles[.merged], "Another customer merged into this one")
        XCTAssertEqual(ShowCustomerPresenter.titles[.mergedInto], "Merged into another customer")
    }
}
