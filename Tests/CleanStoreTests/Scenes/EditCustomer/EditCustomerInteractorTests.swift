import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditCustomerInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditCustomerInteractor!
    var presenterSpy: EditCustomerPresentationLogicSpy!
    var workerSpy: EditCustomerWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = EditCustomerWorkerSpy()
        sut = EditCustomerInteractor(worker: workerSpy)
        presenterSpy = EditCustomerPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class EditCustomerPresentationLogicSpy: EditCustomerPresentationLogic {
        var formResponse: EditCustomer.ShowForm.Response?
        var saveResponse: EditCustomer.SaveCustomer.Response?
        func presentForm(response: EditCustomer.ShowForm.Response) { formResponse = response }
        func presentSavedCustomer(response: EditCustomer.SaveCustomer.Response) { saveResponse = response }
    }

    /// The form's rules as they are; the store's answers as set.
    final class EditCustomerWorkerSpy: EditCustomerWorker {
        var stored: Customer? = EditCustomerInteractorTests.jane
        var known: [Customer] = []
        var failure: CustomersStoreError?
        var created: [Customer] = []
        var updated: [Customer] = []
        var asked: [Customer] = []
        var by: AccountName?

        init() { super.init(customers: CustomersMemStore(), logger: Logger(label: "test"), now: { Seeds.june30 }) }

        override func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? {
            if let failure { throw failure }
            return stored?.id == id ? stored : nil
        }

        override func fetchCustomers(sharingContactWith customer: Customer) async throws(CustomersStoreError) -> [Customer] {
            if let failure { throw failure }
            asked.append(customer)
            return known
        }

        override func createCustomer(_ customer: Customer, by: AccountName?) async throws(CustomersStoreError) -> Customer {
            if let failure { throw failure }
            created.append(customer)
            self.by = by
            var saved = customer
            saved.id = 7
            saved.version = 1
            return saved
        }

        override func updateCustomer(_ customer: Customer, by: AccountName?) async throws(CustomersStoreError) -> Customer {
            if let failure { throw failure }
            updated.append(customer)
            self.by = by
            var saved = customer
            saved.version += 1
            return saved
        }
    }

    static var jane: Customer {
        var jane = CustomerSeeds.jane
        jane.id = 1
        return jane
    }

    static let annFields = EditCustomer.CustomerFormFields(
        contact: {
            var contact = CreateOrder.OrderFormFields()
            contact.firstName = "Ann"
            contact.lastName = "Lee"
            contact.phone = "212-555-0142"
            contact.email = "ann@example.org"
            contact.billingAddressSameAsShipping = "on"
            return contact
        }())

    // MARK: Show form

    func testANewCustomerIsAnEmptyFormBilledWhereTheirOrdersGo() async {
        await sut.showForm(request: .init(id: nil))
        guard case .form(nil, let fields) = presenterSpy.formResponse else { return XCTFail("\(String(describing: presenterSpy.formResponse))") }
        XCTAssertEqual(fields.contact.firstName, "")
        XCTAssertTrue(fields.contact.isBillingAddressSameAsShipping)
    }

    func testAStoredCustomerIsTheirFormAtTheirVersionAndAnUnknownOneIsNotFound() async {
        await sut.showForm(request: .init(id: 1))
        XCTAssertEqual(presenterSpy.formResponse, .form(id: 1, EditCustomer.CustomerFormFields(Self.jane)))
        XCTAssertEqual(sut.customer, Self.jane)
        await sut.showForm(request: .init(id: 9))
        XCTAssertEqual(presenterSpy.formResponse, .notFound)
        workerSpy.failure = .unavailable("down")
        await sut.showForm(request: .init(id: 1))
        XCTAssertEqual(presenterSpy.formResponse, .unavailable)
    }

    func testAFormKeptThroughSigningInComesBackAsTypedForItsCustomer() async {
        await sut.showForm(request: .init(id: nil, resumed: Self.annFields))
        XCTAssertEqual(presenterSpy.formResponse, .resumed(id: nil, Self.annFields))
        var typed = EditCustomer.CustomerFormFields(Self.jane)
        typed.contact.firstName = "Janet"
        await sut.showForm(request: .init(id: 1, resumed: typed))
        XCTAssertEqual(presenterSpy.formResponse, .resumed(id: 1, typed))
        await sut.showForm(request: .init(id: 9, resumed: typed))
        XCTAssertEqual(presenterSpy.formResponse, .notFound, "A customer no longer there")
    }

    // MARK: Save customer

    func testAFormBreakingTheRulesIsItsProblemsAndNothingIsAskedOfTheStore() async {
        var fields = Self.annFields
        fields.contact.phone = "call me"
        fields.note = "4111 1111 1111 1111"
        await sut.saveCustomer(request: .init(id: nil, fields: fields, by: testAccount.name))
        XCTAssertEqual(
            presenterSpy.saveResponse,
            .invalid(
                id: nil, fields,
                [.field(CreateOrder.FieldError(field: .phone, problem: .badFormat)), .note(.looksLikeCardNumber)]))
        XCTAssertEqual(workerSpy.asked, [])
        XCTAssertEqual(workerSpy.created, [])
    }

    func testANewCustomerWhoseContactIsKnownIsTheChoiceThenSavedWhenTheClerkSaysSo() async {
        workerSpy.known = [Self.jane]
        await sut.saveCustomer(request: .init(id: nil, fields: Self.annFields, by: testAccount.name))
        XCTAssertEqual(presenterSpy.saveResponse, .duplicates([Self.jane], typed: Self.annFields))
        XCTAssertEqual(workerSpy.created, [], "Nothing saved")

        var saveAsNew = Self.annFields
        saveAsNew.saveAsNew = "on"
        await sut.saveCustomer(request: .init(id: nil, fields: saveAsNew, by: testAccount.name))
        guard case .saved(let saved, isNew: true) = presenterSpy.saveResponse else { return XCTFail("Saved") }
        XCTAssertEqual(saved.name, "Ann Lee")
        XCTAssertEqual(workerSpy.created.map(\.name), ["Ann Lee"])
        XCTAssertEqual(workerSpy.by, testAccount.name)
        XCTAssertEqual(sut.customer, saved)
    }

    func testANewCustomerNoOneSharesIsSaved() async {
        await sut.saveCustomer(request: .init(id: nil, fields: Self.annFields, by: testAccount.name))
        guard case .saved(let saved, isNew: true) = presenterSpy.saveResponse else { return XCTFail("Saved") }
        XCTAssertEqual(saved.id, 7)
        XCTAssertEqual(workerSpy.asked.map(\.phone), ["212-555-0142"])
    }

    func testAChangeIsSavedFromItsVersionAndAStaleOneIsTheConflictWithWhatWasTyped() async {
        var fields = EditCustomer.CustomerFormFields(Self.jane)
        fields.contact.phone = "(415) 555-0199"
        await sut.saveCustomer(request: .init(id: 1, fields: fields, by: testAccount.name))
        guard case .saved(let saved, isNew: false) = presenterSpy.saveResponse else { return XCTFail("Saved") }
        XCTAssertEqual(saved.phone, "(415) 555-0199")
        XCTAssertEqual(workerSpy.updated.first?.version, 1, "The version the form was opened at")
        XCTAssertEqual(workerSpy.asked, [], "A change offers no duplicate choice")

        var stored = Self.jane
        stored.version = 2
        workerSpy.failure = .conflict(current: stored)
        await sut.saveCustomer(request: .init(id: 1, fields: fields, by: testAccount.name))
        XCTAssertEqual(presenterSpy.saveResponse, .conflict(current: stored, typed: fields))
        workerSpy.failure = .notFound(id: 1)
        await sut.saveCustomer(request: .init(id: 1, fields: fields, by: testAccount.name))
        XCTAssertEqual(presenterSpy.saveResponse, .notFound)
        workerSpy.failure = .unavailable("down")
        await sut.saveCustomer(request: .init(id: 1, fields: fields, by: testAccount.name))
        XCTAssertEqual(presenterSpy.saveResponse, .unavailable(id: 1, fields))
    }
}
