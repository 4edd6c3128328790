import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditCustomerWorkerTests: XCTestCase {
    var store: CustomersMemStore!
    var sut: EditCustomerWorker!

    override func setUp() async throws {
        try await super.setUp()
        store = CustomersMemStore()
        sut = EditCustomerWorker(customers: store, logger: Logger(label: "test"), now: { Seeds.june30 })
    }

    func testAFormIsACustomerByTheOrderFormsRulesAddressesOptional() throws {
        var fields = EditCustomerInteractorTests.annFields
        fields.note = "  Call after 5 pm\r\nNot Sundays  "
        fields.version = "3"
        let ann = try sut.customer(from: fields, id: 4).get()
        XCTAssertEqual(ann.id, 4)
        XCTAssertEqual(ann.version, 3)
        XCTAssertEqual(ann.shippingAddress, .empty)
        XCTAssertEqual(ann.billingAddress, .empty)
        XCTAssertEqual(ann.note, "Call after 5 pm\nNot Sundays")
        XCTAssertEqual(ann.createdAt, Seeds.june30)

        fields.contact.shipmentAddressStreet1 = "1 Broadway"
        fields.contact.shipmentAddressCity = "New York"
        fields.contact.shipmentAddressState = "ny"
        fields.contact.shipmentAddressZIP = "10004"
        fields.contact.billingAddressSameAsShipping = ""
        let shipped = try sut.customer(from: fields, id: nil).get()
        XCTAssertEqual(shipped.shippingAddress, Address(street1: "1 Broadway", city: "New York", state: "NY", zip: "10004"))
        XCTAssertEqual(shipped.billingAddress, .empty, "Billing not known")
    }

    func testAnAddressBegunMustBeWholeAndTheNoteKeepsTheFreeTextRule() {
        var fields = EditCustomerInteractorTests.annFields
        fields.contact.shipmentAddressCity = "Boston"
        fields.note = "a\u{202E}b"
        guard case .failure(let problems) = sut.customer(from: fields, id: nil) else { return XCTFail("invalid") }
        XCTAssertEqual(
            problems.problems,
            [
                .field(.init(field: .shipmentAddressStreet1, problem: .missing)), .field(.init(field: .shipmentAddressState, problem: .missing)),
                .field(.init(field: .shipmentAddressZIP, problem: .missing)), .note(.invisibleCharacters),
            ])
        var long = EditCustomerInteractorTests.annFields
        long.note = String(repeating: "x", count: EditCustomerWorker.noteMaximumLength + 1)
        guard case .failure(let tooLong) = sut.customer(from: long, id: nil) else { return XCTFail("too long") }
        XCTAssertEqual(tooLong.problems, [.note(.tooLong(maximum: 1_000))])
    }

    func testTheStoreCallsReachTheStore() async throws {
        let jane = try await sut.createCustomer(CustomerSeeds.jane, by: testAccount.name)
        XCTAssertEqual(jane.createdAt, Seeds.june30)
        let fetched = try await sut.fetchCustomer(id: jane.id ?? 0)
        XCTAssertEqual(fetched, jane)
        var john = CustomerSeeds.jane
        john.firstName = "John"
        let sharing = try await sut.fetchCustomers(sharingContactWith: john)
        XCTAssertEqual(sharing.map(\.id), [jane.id])
        var changed = jane
        changed.note = "Moved"
        let updated = try await sut.updateCustomer(changed, by: testAccount.name)
        XCTAssertEqual(updated.version, 2)
    }
}
