import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EraseCustomerInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: EraseCustomerInteractor!
    var presenterSpy: EraseCustomerPresentationLogicSpy!
    var workerSpy: EraseCustomerWorkerSpy!

    static let jane: Customer = {
        var jane = CustomerSeeds.jane
        jane.id = 1
        jane.version = 2
        return jane
    }()
    static let subject = EraseCustomer.Subject(customer: jane, orders: 3)
    static let erasure = CustomerErasure(customer: jane, customerIDs: [1], orders: 3, drafts: 0)

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = EraseCustomerWorkerSpy()
        sut = EraseCustomerInteractor(worker: workerSpy)
        presenterSpy = EraseCustomerPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class EraseCustomerPresentationLogicSpy: EraseCustomerPresentationLogic {
        var form: EraseCustomer.ShowForm.Response?
        var erase: EraseCustomer.Erase.Response?
        func presentForm(response: EraseCustomer.ShowForm.Response) { form = response }
        func presentErase(response: EraseCustomer.Erase.Response) { erase = response }
    }

    /// The store's answers as set; what was asked, kept.
    final class EraseCustomerWorkerSpy: EraseCustomerWorker {
        var stored: [Int64: EraseCustomer.Subject] = [1: EraseCustomerInteractorTests.subject]
        var failure: CustomersStoreError?
        var eraseFailure: CustomersStoreError?
        var erased: [(id: Int64, version: Int, by: AccountName?)] = []

        init() { super.init(customers: CustomersMemStore(), logger: Logger(label: "test"), now: { CustomerSeeds.now }) }

        override func fetchSubject(id: Int64) async throws(CustomersStoreError) -> EraseCustomer.Subject? {
            if let failure { throw failure }
            return stored[id]
        }

        override func erase(id: Int64, version: Int, by: AccountName?) async throws(CustomersStoreError) -> CustomerErasure {
            erased.append((id, version, by))
            if let eraseFailure { throw eraseFailure }
            return EraseCustomerInteractorTests.erasure
        }
    }

    // MARK: Show the form

    func testTheFormIsAboutTheCustomerAsStored() async {
        await sut.showForm(request: .init(id: "1"))
        XCTAssertEqual(presenterSpy.form, .form(Self.subject))
    }

    func testNoSuchCustomerOrAnIDThatIsNoneIsNotFoundAndAStoreFailureUnavailable() async {
        await sut.showForm(request: .init(id: "7"))
        XCTAssertEqual(presenterSpy.form, .notFound)
        await sut.showForm(request: .init(id: "abc"))
        XCTAssertEqual(presenterSpy.form, .notFound)
        workerSpy.failure = .unavailable("down")
        await sut.showForm(request: .init(id: "1"))
        XCTAssertEqual(presenterSpy.form, .unavailable)
    }

    // MARK: Erase

    func testTheirNameTypedExactlyErasesAtThePagesVersionByWhoAsked() async {
        await sut.erase(request: .init(id: "1", fields: .init(version: "2", name: "  Jane Doe "), by: CustomerSeeds.sue))
        XCTAssertEqual(presenterSpy.erase, .erased(Self.erasure))
        XCTAssertEqual(workerSpy.erased.map(\.id), [1])
        XCTAssertEqual(workerSpy.erased.first?.version, 2)
        XCTAssertEqual(workerSpy.erased.first?.by, CustomerSeeds.sue)
        XCTAssertEqual(sut.erasure, Self.erasure)
    }

    func testAnotherNameErasesNothingAndComesBackAsTyped() async {
        for typed in ["jane doe", "Jane", "", "Jane  Doe"] {
            await sut.erase(request: .init(id: "1", fields: .init(version: "2", name: typed), by: CustomerSeeds.sue))
            XCTAssertEqual(presenterSpy.erase, .wrongName(Self.subject, typed: typed), typed)
        }
        XCTAssertEqual(workerSpy.erased.count, 0)
    }

    func testAConflictIsTheFormAgainWithTheCustomerAsTheyAreNow() async {
        var changed = Self.jane
        changed.version = 3
        workerSpy.eraseFailure = .conflict(current: changed)
        await sut.erase(request: .init(id: "1", fields: .init(version: "2", name: "Jane Doe"), by: nil))
        XCTAssertEqual(presenterSpy.erase, .conflict(EraseCustomer.Subject(customer: changed, orders: 3)))
    }

    func testAVersionThatIsNoneIsABadRequestAndTheStoresOtherAnswersArePassedOn() async {
        await sut.erase(request: .init(id: "1", fields: .init(version: "x", name: "Jane Doe"), by: nil))
        XCTAssertEqual(presenterSpy.erase, .badRequest)
        await sut.erase(request: .init(id: "9", fields: .init(version: "1", name: "Jane Doe"), by: nil))
        XCTAssertEqual(presenterSpy.erase, .notFound)
        await sut.erase(request: .init(id: "zz", fields: .init(version: "1", name: "Jane Doe"), by: nil))
        XCTAssertEqual(presenterSpy.erase, .notFound)
        workerSpy.eraseFailure = .notFound(id: 1)
        await sut.erase(request: .init(id: "1", fields: .init(version: "2", name: "Jane Doe"), by: nil))
        XCTAssertEqual(presenterSpy.erase, .notFound)
        workerSpy.eraseFailure = .unavailable("down")
        await sut.erase(request: .init(id: "1", fields: .init(version: "2", name: "Jane Doe"), by: nil))
        XCTAssertEqual(presenterSpy.erase, .unavailable)
        XCTAssertEqual(workerSpy.erased.count, 2, "the refused ones asked no store to erase")
    }

    func testACustomerWithNoNameIsConfirmedByTheWordsTheirPageShows() {
        var nameless = Self.jane
        nameless.firstName = ""
        nameless.lastName = ""
        XCTAssertEqual(EraseCustomerInteractor.expectedName(nameless), "(no name)")
        XCTAssertEqual(EraseCustomerInteractor.expectedName(Self.jane), "Jane Doe")
    }
}
