import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowCustomerInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowCustomerInteractor!
    var presenterSpy: ShowCustomerPresentationLogicSpy!
    var workerSpy: ShowCustomerWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = ShowCustomerWorkerSpy(customers: CustomersMemStore(), logger: TestStores.silentLogger)
        presenterSpy = ShowCustomerPresentationLogicSpy()
        sut = ShowCustomerInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ShowCustomerPresentationLogicSpy: ShowCustomerPresentationLogic {
        var responses: [ShowCustomer.GetCustomer.Response] = []

        func presentCustomer(response: ShowCustomer.GetCustomer.Response) {
            responses.append(response)
        }
    }

    final class ShowCustomerWorkerSpy: ShowCustomerWorker {
        var asked: [Int64] = []
        var found: ShowCustomer.Found?
        var failure: CustomersStoreError?

        override func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> ShowCustomer.Found? {
            asked.append(id)
            if let failure { throw failure }
            return found
        }
    }

    static let found = ShowCustomer.Found(
        customer: CustomerSeeds.jane, orders: [], summary: nil,
        history: [CustomerEvent(customerID: 7, kind: .created, by: nil, at: CustomerSeeds.now)])

    // MARK: Tests

    func testGetCustomerShouldPresentTheCustomerTheirOrdersAndHistory() async {
        // Given
        workerSpy.found = Self.found

        // When
        await sut.getCustomer(request: .init(id: "7"))

        // Then
        XCTAssertEqual(workerSpy.asked, [7])
        XCTAssertEqual(presenterSpy.responses, [.found(Self.found)])
        XCTAssertEqual(sut.customer, CustomerSeeds.jane, "The data store keeps the customer")
    }

    func testGetCustomerShouldNotFindAnIdThatIsNoNumberOrNoCustomer() async {
        // When
        await sut.getCustomer(request: .init(id: "abc"))
        await sut.getCustomer(request: .init(id: "8"))

        // Then
        XCTAssertEqual(workerSpy.asked, [8], "An id that is no number is never asked for")
        XCTAssertEqual(presenterSpy.responses, [.notFound, .notFound])
    }

    func testGetCustomerShouldPresentAStoreThatFailsAsUnavailable() async {
        // Given
        workerSpy.failure = .unavailable("gone")

        // When
        await sut.getCustomer(request: .init(id: "7"))

        // Then
        XCTAssertEqual(presenterSpy.responses, [.unavailable])
    }

    func testGetCustomerShouldPassOnWhetherTheOneAskingMayChangeThem() async {
        // Given
        workerSpy.found = Self.found

        // When
        await sut.getCustomer(request: .init(id: "7", mayChange: true))
        await sut.getCustomer(request: .init(id: "7", mayMerge: true))
        await sut.getCustomer(request: .init(id: "7", mayErase: true))

        // Then
        var mayChange = Self.found
        mayChange.mayChange = true
        var mayMerge = Self.found
        mayMerge.mayMerge = true
        var mayErase = Self.found
        mayErase.mayErase = true
        XCTAssertEqual(presenterSpy.responses, [.found(mayChange), .found(mayMerge), .found(mayErase)])
    }
}
