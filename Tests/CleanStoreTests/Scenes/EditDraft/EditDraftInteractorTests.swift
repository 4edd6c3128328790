import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditDraftInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditDraftInteractor!
    var presenterSpy: EditDraftPresentationLogicSpy!
    var workerSpy: DraftsWorkerSpy!
    var customers: CustomersMemStore!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        let database = MemoryAppDatabase()
        await CatalogSeeds.seed(database)
        customers = CustomersMemStore(database: database)
        workerSpy = DraftsWorkerSpy(
            drafts: DraftsMemStore(database: database, refs: DraftRefs()), catalog: ProductsCatalog(products: ProductsMemStore(database: database)),
            customers: customers, now: { Seeds.june29 }, timeZone: TimeZone(identifier: "UTC")!, logger: Logger(label: "test"))
        sut = EditDraftInteractor(worker: workerSpy, validationWorker: OrderValidationWorker(now: { Seeds.june29 }))
        presenterSpy = EditDraftPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class EditDraftPresentationLogicSpy: EditDraftPresentationLogic {
        var started: EditDraft.StartDraft.Response?
        var shown: EditDraft.ShowDraft.Response?
        var saved: EditDraft.SaveSection.Response?
        var kept: EditDraft.KeepOrderForm.Response?

        func presentStartedDraft(response: EditDraft.StartDraft.Response) { started = response }
        func presentDraft(response: EditDraft.ShowDraft.Response) { shown = response }
        func presentSavedSection(response: EditDraft.SaveSection.Response) { saved = response }
        func presentKeptOrderForm(response: EditDraft.KeepOrderForm.Response) { kept = response }
    }

    /// The real worker over memory stores, recording the changes it was asked to save.
    final class DraftsWorkerSpy: DraftsWorker {
        var changes: [DraftChange] = []
        var expectedVersions: [Int?] = []
        /// A change another client saves just before this one (between the interactor's read and its write).
        var changeFirst: DraftChange?
        /// Whether each read of the draft and its check looked for a duplicate.
        var findingDuplicate: [Bool] = []

        override func fetchChecked(ref: String, findingDuplicate: Bool) async throws(DraftsStoreError) -> CheckedDraft? {
            self.findingDuplicate.append(findingDuplicate)
            return try await super.fetchChecked(ref: ref, findingDuplicate: findingDuplicate)
        }

        override func update(ref: String, change: DraftChange, expectedVersion: Int?, by: AccountName?) async throws(DraftsStoreError) -> Draft {
            if let first = changeFirst {
                changeFirst = nil
                _ = try await super.update(ref: ref, change: first, by: by)
            }
            changes.append(change)
            expectedVersions.append(expectedVersion)
            return try await super.update(ref: ref, change: change, expectedVersion: expectedVersion, by: by)
        }
    }

    func newDraft() async throws -> String {
        await sut.startDraft(request: EditDraft.StartDraft.Request(signedIn: testAccount.name))
        guard case .created(let ref) = presenterSpy.started else {
            XCTFail("No draft: \(String(describing: presenterSpy.started))")
            return ""
        }
        return ref
    }

    func save(_ ref: String, _ section: EditDraft.Section) async -> EditDraft.SaveSection.Response? {
        await sut.saveSection(request: EditDraft.SaveSection.Request(ref: ref, section: section, signedIn: testAccount.name))
        return presenterSpy.saved
    }

    // MARK: Tests

    func keep(_ fields: CreateOrder.OrderFormFields) async -> EditDraft.KeepOrderForm.Response? {
        await sut.keepOrderForm(request: EditDraft.KeepOrderForm.Request(orderFormFields: fields, signedIn: testAccount.name))
        return presenterSpy.kept
    }

    func testTheOldOrderFormBecomesADraftWithItsCallerAndDeliveryButNeverTheCard() async throws {
        // When: the old one-page form, card and all
        let response = await keep(Seeds.validFormFields)

        // Then
        guard case .kept(let ref) = response else { return XCTFail("\(String(describing: response))") }
        let fetched = try await workerSpy.fetchDraft(ref: ref)
        let stored = try XCTUnwrap(fetched)
        XCTAssertEqual(stored.createdBy, testAccount.name)
        XCTAssertEqual(stored.contact, Draft.Contact(firstName: "Amy", lastName: "Apple", phone: "111-111-1111", email: "amy.apple@clean-swift.com"))
        XCTAssertEqual(stored.shipmentAddress, Address(street1: "1 Infinite Loop", street2: "", city: "Cupertino", state: "CA", zip: "95014"))
        XCTAssertEqual(stored.shipmentMethod, ShipmentMethod(speed: .oneDay))
        XCTAssertTrue(stored.billingSameAsShipping)
        XCTAssertEqual(stored.lines, [])
        XCTAssertEqual(workerSpy.changes.count, 2, "The caller and the delivery, nothing else (a draft has no card)")
        XCTAssertFalse("\(workerSpy.changes)".contains("4111"), "The card number reaches no change")
    }

    func testTheOldFormsSectionsThatFailComeBackAsTypedWithTheirErrorsAndTheOthersAreSaved() async throws {
        // Given: a delivery the rules refuse, a good caller
        var fields = Seeds.validFormFields
        fields.shipmentAddressZIP = "9501"
        fields.shipmentAddressState = "zz"

        // When
        let response = await keep(fields)

        // Then
        guard case .keptWithMistakes(let loaded, let refusal) = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(loaded.draft.contact.firstName, "Amy", "The caller passed: saved")
        XCTAssertEqual(loaded.draft.shipmentAddress, Draft.emptyAddress, "The delivery failed: not saved")
        guard case .delivery(let typed) = refusal.posted else { return XCTFail("\(refusal.posted)") }
        XCTAssertEqual(typed.shipmentAddressZIP, "9501", "As typed, to correct")
        XCTAssertEqual(typed.paymentMethodCreditCardNumber, "", "The card is not carried back")
        XCTAssertEqual(typed.paymentMethodCVV, "")
        XCTAssertNil(refusal.alsoPosted)
        XCTAssertEqual(refusal.fieldErrors.map(\.field), [.shipmentAddressState, .shipmentAddressZIP])
    }

    func testTheOldFormWithBothSectionsWrongKeepsBothAsTyped() async throws {
        var fields = Seeds.validFormFields
        fields.email = "amy"
        fields.shipmentAddressZIP = "x"

        let response = await keep(fields)

        guard case .keptWithMistakes(_, let refusal) = response else { return XCTFail("\(String(describing: response))") }
        guard case .caller = refusal.posted, case .delivery = refusal.alsoPosted else { return XCTFail("\(refusal)") }
        XCTAssertEqual(refusal.fieldErrors.map(\.field), [.email, .shipmentAddressZIP])
        XCTAssertEqual(workerSpy.changes, [], "Nothing passed: an empty draft")
    }

    func testAnOldFormWithNothingTypedIsAnEmptyDraft() async throws {
        var fields = CreateOrder.OrderFormFields()
        fields.shipmentMethodSpeed = "0"
        fields.billingAddressSameAsShipping = "on"
        fields.paymentMethodCreditCardNumber = "4111 1111 1111 1111"

        let response = await keep(fields)

        guard case .kept = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(workerSpy.changes, [], "No section was typed: none is checked, none saved")
    }

    func testStartingADraftSavesAnEmptyOneByTheClerk() async throws {
        let ref = try await newDraft()
        let stored = try await workerSpy.fetchDraft(ref: ref)
        XCTAssertEqual(stored?.createdBy, testAccount.name)
        XCTAssertEqual(stored?.lines, [])
        XCTAssertEqual(stored?.billingSameAsShipping, true, "Billing same as shipping is ticked by default")
    }

    func testACallerByTheOrderFormsRulesIsSavedTrimmed() async throws {
        let ref = try await newDraft()
        var fields = CreateOrder.OrderFormFields()
        fields.firstName = " Amy "
        fields.lastName = "Adams"
        fields.phone = "(415) 555-0100"
        fields.email = "amy@example.com"

        let response = await save(ref, .caller(fields))

        XCTAssertEqual(response, .saved(ref: ref, .caller))
        XCTAssertEqual(workerSpy.changes, [.contact(Draft.Contact(firstName: "Amy", lastName: "Adams", phone: "(415) 555-0100", email: "amy@example.com"))])
    }

    func testACallerWithMistakesIsRefusedFieldByFieldWithTheFormsProblemsAndNothingIsSaved() async throws {
        let ref = try await newDraft()
        var fields = CreateOrder.OrderFormFields()
        fields.firstName = "Amy"
        fields.phone = "4111 1111 1111 1111"
        fields.email = "amy"

        let response = await save(ref, .caller(fields))

        guard case .invalid(let loaded, let refusal) = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(loaded.draft.ref, ref)
        XCTAssertEqual(refusal.fieldErrors, [
            CreateOrder.FieldError(field: .lastName, problem: .missing),
            CreateOrder.FieldError(field: .phone, problem: .looksLikeCardNumber),
            CreateOrder.FieldError(field: .email, problem: .badFormat),
        ])
        XCTAssertEqual(workerSpy.changes, [])
    }

    func testDeliveryWithBillingSameAsShippingNeedsNoBillingAddress() async throws {
        let ref = try await newDraft()
        var fields = Seeds.validFormFields
        fields.billingAddressSameAsShipping = "on"
        fields.billingAddressStreet1 = ""

        let response = await save(ref, .delivery(fields))

        XCTAssertEqual(response, .saved(ref: ref, .delivery))
        guard case .delivery(let shipment, true, _, let method) = workerSpy.changes.first else { return XCTFail("\(workerSpy.changes)") }
        XCTAssertEqual(shipment.state, fields.shipmentAddressState.uppercased())
        XCTAssertEqual(method.speed.rawValue, Int(fields.shipmentMethodSpeed))
    }

    func testAddingBySKUTakesTheCatalogsNameAndPriceAndTheSameProductAddsUp() async throws {
        let ref = try await newDraft()

        let first = await save(ref, .addLine(EditDraft.LineFormFields(sku: " mug-1 ", quantity: "2")))
        let second = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "3")))

        XCTAssertEqual(first, .saved(ref: ref, .lineAdded(name: "Blue mug", quantity: 2)))
        XCTAssertEqual(second, .saved(ref: ref, .lineAdded(name: "Blue mug", quantity: 3)))
        let lines = try await workerSpy.fetchDraft(ref: ref)?.lines
        XCTAssertEqual(lines?.map(\.key), ["l1"])
        XCTAssertEqual(lines?.first?.quantity, 5)
        XCTAssertEqual(lines?.first?.unitPriceCents, 1250)
    }

    func testAnUnknownSKUAnArchivedProductAndABadQuantityAreFieldErrors() async throws {
        let ref = try await newDraft()

        let unknown = await save(ref, .addLine(EditDraft.LineFormFields(sku: "NOPE", quantity: "0")))
        let archived = await save(ref, .addLine(EditDraft.LineFormFields(sku: "LAMP-9", quantity: "1")))
        let empty = await save(ref, .addLine(EditDraft.LineFormFields(sku: "", quantity: "two")))

        guard case .invalid(_, let refusal) = unknown else { return XCTFail() }
        XCTAssertEqual(refusal.itemErrors, [.init(field: "sku", problem: .skuUnknown), .init(field: "quantity", problem: .quantityOutOfRange)])
        guard case .invalid(_, let archivedRefusal) = archived else { return XCTFail() }
        XCTAssertEqual(archivedRefusal.itemErrors, [.init(field: "sku", problem: .productArchived)])
        guard case .invalid(_, let emptyRefusal) = empty else { return XCTFail() }
        XCTAssertEqual(emptyRefusal.itemErrors, [.init(field: "sku", problem: .skuMissing), .init(field: "quantity", problem: .quantityNotANumber)])
        XCTAssertEqual(workerSpy.changes, [])
    }

    func testAnAddedQuantityThatTakesALinePast9999IsRefusedAtTheQuantity() async throws {
        let ref = try await newDraft()
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "9999")))

        let response = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "1")))

        guard case .invalid(let loaded, let refusal) = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(refusal.itemErrors, [.init(field: "quantity", problem: .quantityOutOfRange)])
        XCTAssertEqual(loaded.draft.lines.first?.quantity, 9999)
    }

    func testQuantitiesAreSavedTogetherAndAnyBadOneRefusesAllWithItsLinesField() async throws {
        let ref = try await newDraft()
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "1")))
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "TEE-M", quantity: "1")))
        workerSpy.changes = []

        let bad = await save(ref, .quantities(.init(line: ["l1": .init(quantity: "4"), "l2": .init(quantity: "10000")])))
        guard case .invalid(_, let refusal) = bad else { return XCTFail() }
        XCTAssertEqual(refusal.itemErrors, [.init(field: "line[l2][quantity]", problem: .quantityOutOfRange)])
        XCTAssertEqual(workerSpy.changes, [])

        let good = await save(ref, .quantities(.init(line: ["l1": .init(quantity: "4"), "l2": .init(quantity: " 2 "), "l9": .init(quantity: "1")])))
        XCTAssertEqual(good, .saved(ref: ref, .quantities))
        XCTAssertEqual(workerSpy.changes, [.quantities(["l1": 4, "l2": 2])], "A line no longer on the draft is left out")
    }

    func testRemovingALineNamesItAndRemovingItAgainIsNoError() async throws {
        let ref = try await newDraft()
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "CAP-1", quantity: "1")))

        let removed = await save(ref, .removeLine(key: "l1"))
        let again = await save(ref, .removeLine(key: "l1"))

        XCTAssertEqual(removed, .saved(ref: ref, .lineRemoved(name: "Cap")))
        XCTAssertEqual(again, .saved(ref: ref, .lineAlreadyGone))
        XCTAssertEqual(workerSpy.changes, [.addLine(workerSpy.changes[0].addedLine!), .removeLine(key: "l1")])
    }

    func testATypedPriceNeedsAReasonAndBothPricesAreKept() async throws {
        let ref = try await newDraft()
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "1")))
        workerSpy.changes = []

        let notMoney = await save(ref, .price(.init(line: "l1", price: "12.505", reason: "Loyal")))
        let noReason = await save(ref, .price(.init(line: "l1", price: "$10", reason: "  ")))
        let saved = await save(ref, .price(.init(line: "l1", price: "$10", reason: " Loyal customer ")))

        guard case .invalid(_, let moneyRefusal) = notMoney, case .invalid(_, let reasonRefusal) = noReason else { return XCTFail() }
        XCTAssertEqual(moneyRefusal.itemErrors, [.init(field: "line-l1-price", problem: .priceNotMoney, lineKey: "l1")])
        XCTAssertEqual(reasonRefusal.itemErrors, [.init(field: "line-l1-reason", problem: .reasonMissing, lineKey: "l1")])
        XCTAssertEqual(saved, .saved(ref: ref, .priceSaved(name: "Blue mug")))
        XCTAssertEqual(workerSpy.changes, [.price(key: "l1", cents: 1000, reason: "Loyal customer")])
        let line = try await workerSpy.fetchDraft(ref: ref)?.lines.first
        XCTAssertEqual(line?.catalogPriceCents, 1250)
        XCTAssertEqual(line?.unitPriceCents, 1000)

        let back = await save(ref, .price(.init(line: "l1", price: "", reason: "")))
        XCTAssertEqual(back, .saved(ref: ref, .priceSaved(name: "Blue mug")))
        XCTAssertEqual(workerSpy.changes.last, .price(key: "l1", cents: nil, reason: nil), "Empty: the catalog's price again")
    }

    func testShowingADraftGivesItsLiveTotalsAndASearchOfTheCatalog() async throws {
        let ref = try await newDraft()
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "2")))

        await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: ref, search: " mug "))

        guard case .found(let loaded) = presenterSpy.shown else { return XCTFail() }
        XCTAssertEqual(loaded.check.totals.subtotalCents, 2500)
        XCTAssertEqual(loaded.search, EditDraft.Search(text: "mug", products: [CatalogSeeds.mug]))
    }

    func testTheDraftPageLooksForNoDuplicateAndTheAPIsDraftDoes() async throws {
        // Given: a draft ready to place, the same caller, address and items as an order placed today
        let ref = try await newDraft()
        _ = await save(ref, .caller(Seeds.validFormFields))
        _ = await save(ref, .delivery(Seeds.validFormFields))
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "2")))
        let stored = try await workerSpy.fetchDraft(ref: ref)
        let draft = try XCTUnwrap(stored)
        _ = try await workerSpy.drafts.place(
            ref: ref, request: PlacingRequest(payment: Seeds.Orders.amy.paymentMethod, timeZone: workerSpy.timeZone), by: nil, at: Seeds.june29)
        let again = try await newDraft()
        for change in [DraftChange.contact(draft.contact), .delivery(
            shipment: draft.shipmentAddress, billingSameAsShipping: true, billing: Draft.emptyAddress, method: draft.shipmentMethod)]
        {
            _ = try await workerSpy.update(ref: again, change: change, expectedVersion: nil, by: nil)
        }
        _ = await save(again, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "2")))
        workerSpy.findingDuplicate = []

        // When: the page's read, then the API's (the request's default)
        await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: again, search: nil, readsDuplicate: false))
        guard case .found(let page) = presenterSpy.shown else { return XCTFail("\(String(describing: presenterSpy.shown))") }
        await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: again, search: nil))
        guard case .found(let api) = presenterSpy.shown else { return XCTFail("\(String(describing: presenterSpy.shown))") }

        // Then
        XCTAssertEqual(workerSpy.findingDuplicate, [false, true])
        XCTAssertNil(page.check.duplicate, "The page shows no duplicate: none is looked for")
        XCTAssertEqual(api.check.duplicate?.id, "1", "The API's draft names it (possibleDuplicate)")
        XCTAssertEqual(page.check.totals, api.check.totals)
        XCTAssertEqual(page.check.incomplete, [])
    }

    func testARefusedSectionsPageLooksForNoDuplicate() async throws {
        let ref = try await newDraft()
        workerSpy.findingDuplicate = []

        let response = await save(ref, .addLine(EditDraft.LineFormFields(sku: "", quantity: "1")))

        guard case .invalid = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(workerSpy.findingDuplicate, [false])
    }

    // MARK: Who is calling?

    /// Jane, saved with both default addresses.
    func saveJane() async throws -> Customer {
        try await customers.createCustomer(
            Customer(
                firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com",
                shippingAddress: Address(street1: "12 Main St", street2: "", city: "San Francisco", state: "CA", zip: "94107"),
                createdAt: Seeds.june29),
            by: testAccount.name, at: Seeds.june29)
    }

    func testWhoIsCallingFindsSavedCustomersByPhoneInAnyFormatWithTheirLastOrder() async throws {
        let ref = try await newDraft()
        let jane = try await saveJane()

        await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: ref, search: nil, callerSearch: " 415-555-0100 "))

        guard case .found(let loaded) = presenterSpy.shown else { return XCTFail("\(String(describing: presenterSpy.shown))") }
        XCTAssertEqual(loaded.callers, EditDraft.CallerSearch(text: "415-555-0100", customers: [jane], summaries: [:]))
        XCTAssertNil(loaded.search, "No catalog search asked for")
    }

    func testNoCallerSearchAskedForFindsNobody() async throws {
        let ref = try await newDraft()
        _ = try await saveJane()

        await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: ref, search: nil, callerSearch: "  "))

        guard case .found(let loaded) = presenterSpy.shown else { return XCTFail() }
        XCTAssertNil(loaded.callers)
    }

    func testUsingACustomerCopiesTheirDetailsIntoTheDraft() async throws {
        let ref = try await newDraft()
        let jane = try await saveJane()

        let response = await save(ref, .useCustomer(EditDraft.UseCustomerFormFields(customer: String(jane.id ?? 0))))

        XCTAssertEqual(response, .saved(ref: ref, .customerUsed(name: "Jane Doe")))
        XCTAssertEqual(workerSpy.changes, [.useCustomer(jane)])
        let fetched = try await workerSpy.fetchDraft(ref: ref)
        let stored = try XCTUnwrap(fetched)
        XCTAssertEqual(stored.customerID, jane.id)
        XCTAssertEqual(stored.contact.phone, "(415) 555-0100")
        XCTAssertEqual(stored.shipmentAddress.city, "San Francisco")
    }

    func testUsingAnUnknownOrMalformedCustomerIsNotFoundAndChangesNothing() async throws {
        let ref = try await newDraft()

        for posted in ["99", "", "1x", "-1", "１"] {
            let response = await save(ref, .useCustomer(EditDraft.UseCustomerFormFields(customer: posted)))
            XCTAssertEqual(response, .notFound, posted)
        }
        XCTAssertEqual(workerSpy.changes, [])
    }

    func testAChangeFromTheVersionTheDraftIsAtIsSavedAndTheStoreIsToldThatVersion() async throws {
        let ref = try await newDraft()
        await sut.saveSection(request: EditDraft.SaveSection.Request(
            ref: ref, section: .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "2")), signedIn: testAccount.name, expectedVersion: 1))
        guard case .saved(ref, .lineAdded) = presenterSpy.saved else { return XCTFail("\(String(describing: presenterSpy.saved))") }
        XCTAssertEqual(workerSpy.expectedVersions, [1])
        XCTAssertEqual(sut.draft?.version, 2)
    }

    func testAChangeFromAnotherVersionIsChangedMeanwhileAndNothingIsSaved() async throws {
        let ref = try await newDraft()
        _ = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "2")))

        // Read at version 1, the draft at 2: refused before any rule runs (even a quantity the rules refuse)
        await sut.saveSection(request: EditDraft.SaveSection.Request(
            ref: ref, section: .addLine(EditDraft.LineFormFields(sku: "NOPE", quantity: "0")), signedIn: testAccount.name, expectedVersion: 1))
        guard case .changedMeanwhile(let current) = presenterSpy.saved else { return XCTFail("\(String(describing: presenterSpy.saved))") }
        XCTAssertEqual(current.version, 2)
        XCTAssertEqual(workerSpy.changes.count, 1, "only the first add reached the store")
        let stored = try await workerSpy.fetchDraft(ref: ref)
        XCTAssertEqual(stored?.version, 2)
    }

    func testAChangeTheStoreFindsStaleInItsTransactionIsChangedMeanwhile() async throws {
        let ref = try await newDraft()
        // Another client saves the caller between this save's read (version 1) and its write
        workerSpy.changeFirst = .contact(Draft.Contact(firstName: "Ann", lastName: "Lee", phone: "555-0100", email: "ann@example.com"))
        await sut.saveSection(request: EditDraft.SaveSection.Request(
            ref: ref, section: .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "2")), signedIn: testAccount.name, expectedVersion: 1))
        guard case .changedMeanwhile(let current) = presenterSpy.saved else { return XCTFail("\(String(describing: presenterSpy.saved))") }
        XCTAssertEqual(current.version, 2)
        XCTAssertEqual(current.lines, [], "the mug was not added")
        XCTAssertEqual(sut.draft, current)
        let stored = try await workerSpy.fetchDraft(ref: ref)
        XCTAssertEqual(stored?.lines, [])
    }

    func testAPagesSaveNamesNoVersionAndChangesTheDraftAsStored() async throws {
        let ref = try await newDraft()
        workerSpy.changeFirst = .contact(Draft.Contact(firstName: "Ann", lastName: "Lee", phone: "555-0100", email: "ann@example.com"))
        let response = await save(ref, .addLine(EditDraft.LineFormFields(sku: "MUG-1", quantity: "2")))
        guard case .saved(ref, .lineAdded) = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(workerSpy.expectedVersions, [nil])
        XCTAssertEqual(sut.draft?.version, 3)
    }

    func testAnUnknownDraftIsNotFound() async {
        await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: "D-NNNNNN", search: nil))
        XCTAssertEqual(presenterSpy.shown, .notFound)
        let response = await save("D-NNNNNN", .removeLine(key: "l1"))
        XCTAssertEqual(response, .notFound)
    }
}

extension DraftChange {
    var addedLine: OrderLine? {
        if case .addLine(let line) = self { return line }
        return nil
    }
}
