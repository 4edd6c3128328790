import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListCustomersInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListCustomersInteractor!
    var presenterSpy: ListCustomersPresentationLogicSpy!
    var workerSpy: ListCustomersWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = ListCustomersWorkerSpy(customers: CustomersMemStore(), logger: TestStores.silentLogger)
        presenterSpy = ListCustomersPresentationLogicSpy()
        sut = ListCustomersInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ListCustomersPresentationLogicSpy: ListCustomersPresentationLogic {
        var responses: [ListCustomers.FetchCustomers.Response] = []

        func presentCustomers(response: ListCustomers.FetchCustomers.Response) {
            responses.append(response)
        }
    }

    final class ListCustomersWorkerSpy: ListCustomersWorker {
        var asked: [[String?]] = []
        var page = ListCustomersWorker.Page(customers: [CustomerSeeds.jane], summaries: [:], hasPrevious: true, hasNext: false)
        var failure: CustomersStoreError?

        override func fetchPage(text: String, after: Int64?, before: Int64?) async throws(CustomersStoreError) -> Page {
            asked.append([text, after.map { String($0) }, before.map { String($0) }])
            if let failure { throw failure }
            return page
        }
    }

    // MARK: Tests

    func testFetchCustomersShouldAskTheWorkerForThePageAndPresentIt() async {
        // When
        await sut.fetchCustomers(request: .init(text: " (415) 555 0100 ", after: "12", before: nil))

        // Then
        XCTAssertEqual(workerSpy.asked, [["(415) 555 0100", "12", nil]], "Trimmed; the cursor a customer's id")
        XCTAssertEqual(presenterSpy.responses, [.page(workerSpy.page, .init(text: "(415) 555 0100"))])
        XCTAssertEqual(sut.page, workerSpy.page, "The data store keeps the page")
    }

    func testFetchCustomersShouldDropControlCharactersAndACursorThatIsNoID() async {
        // When
        await sut.fetchCustomers(request: .init(text: "ja\u{0}ne\u{7}", after: "12'", before: "-1"))

        // Then
        XCTAssertEqual(workerSpy.asked, [["jane", nil, nil]], "The first page")
        XCTAssertEqual(presenterSpy.responses, [.page(workerSpy.page, .init(text: "jane"))])
    }

    func testFetchCustomersShouldPresentAStoreThatFailsAsUnavailable() async {
        // Given
        workerSpy.failure = .unavailable("disk full")

        // When
        await sut.fetchCustomers(request: .init(text: "jane"))

        // Then
        XCTAssertEqual(presenterSpy.responses, [.unavailable(.init(text: "jane"))])
    }

    func testFetchCustomersShouldPassOnWhetherTheOneAskingMayAdd() async {
        // When
        await sut.fetchCustomers(request: .init(text: "", after: nil, before: nil, mayAdd: true))

        // Then
        XCTAssertEqual(presenterSpy.responses, [.page(workerSpy.page, .init(text: "", mayAdd: true))])
    }
}
