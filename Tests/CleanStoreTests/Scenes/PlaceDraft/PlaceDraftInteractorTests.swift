import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PlaceDraftInteractorTests: XCTestCase {
    var sut: PlaceDraftInteractor!
    var presenterSpy: PlaceDraftPresentationLogicSpy!
    var workerSpy: DraftsWorkerSpy!
    var ref = ""

    final class PlaceDraftPresentationLogicSpy: PlaceDraftPresentationLogic {
        var checked: PlaceDraft.CheckDraft.Response?
        var placed: PlaceDraft.Place.Response?
        var decided: PlaceDraft.DecidePrice.Response?

        func presentCheckedDraft(response: PlaceDraft.CheckDraft.Response) { checked = response }
        func presentPlacedOrder(response: PlaceDraft.Place.Response) { placed = response }
        func presentDecidedPrice(response: PlaceDraft.DecidePrice.Response) { decided = response }
    }

    /// The real worker over memory stores, recording each placing it was asked for.
    final class DraftsWorkerSpy: DraftsWorker {
        var placings: [PlacingRequest] = []

        override func place(ref: String, request: PlacingRequest, by: AccountName?) async throws(DraftsStoreError) -> Order {
            placings.append(request)
            return try await super.place(ref: ref, request: request, by: by)
        }
    }

    override func setUp() async throws {
        try await super.setUp()
        let database = MemoryAppDatabase()
        await CatalogSeeds.seed(database)
        workerSpy = DraftsWorkerSpy(
            drafts: DraftsMemStore(database: database), catalog: ProductsCatalog(products: ProductsMemStore(database: database)), now: { Seeds.june29 },
            timeZone: TimeZone(identifier: "UTC")!, logger: Logger(label: "test"))
        sut = PlaceDraftInteractor(
            worker: workerSpy, validationWorker: OrderValidationWorker(now: { Seeds.june29 }), orderKeyWorker: OrderKeyWorker { testOrderKey })
        presenterSpy = PlaceDraftPresentationLogicSpy()
        sut.presenter = presenterSpy
        // A complete draft: a mug, Amy, to California (version 4).
        ref = try await workerSpy.createDraft(by: testAccount.name).ref
        _ = try await workerSpy.update(
            ref: ref, change: .addLine(OrderLine(key: "", productID: 1, sku: "MUG-1", name: "Blue mug", catalogPriceCents: 1250, quantity: 1, taxable: true)),
            by: nil)
        _ = try await workerSpy.update(ref: ref, change: .contact(.init(firstName: "Amy", lastName: "Adams", phone: "4155550100", email: "amy@example.com")), by: nil)
        _ = try await workerSpy.update(
            ref: ref,
            change: .delivery(
                shipment: Address(street1: "1 Market St", street2: "", city: "San Francisco", state: "CA", zip: "94105"),
                billingSameAsShipping: true, billing: Draft.emptyAddress, method: ShipmentMethod(speed: .standard)),
            by: nil)
    }

    func fields(cvv: String = "123", version: String = "4") -> PlaceDraft.PlaceFormFields {
        var fields = PlaceDraft.PlaceFormFields()
        fields.paymentMethodCreditCardNumber = "4111111111111111"
        fields.paymentMethodExpirationDate = "04/29"
        fields.paymentMethodCVV = cvv
        fields.version = version
        fields.orderKey = testOrderKey
        return fields
    }

    func testTheCheckGivesANewKeyAndWhatPlacingWouldMeet() async {
        await sut.checkDraft(request: .init(ref: ref, duplicateAccepted: false))
        guard case .checked(let checked) = presenterSpy.checked else { return XCTFail() }
        XCTAssertEqual(checked.orderKey, testOrderKey)
        XCTAssertEqual(checked.draft.version, 4)
        XCTAssertTrue(checked.check.allowsPlacing(duplicateAccepted: false))
    }

    func testPlacingPassesTheCardTheVersionAndTheKeyToTheStore() async {
        await sut.place(request: .init(ref: ref, fields: fields(), signedIn: testAccount.name))
        guard case .placed(let order) = presenterSpy.placed else { return XCTFail("\(String(describing: presenterSpy.placed))") }
        XCTAssertEqual(order.lines.map(\.sku), ["MUG-1"])
        XCTAssertEqual(workerSpy.placings.first?.draftVersion, 4)
        XCTAssertEqual(workerSpy.placings.first?.idempotencyKey, testOrderKey)
        XCTAssertEqual(workerSpy.placings.first?.payment?.creditCardNumber, "4111111111111111")
    }

    func testSaveThisCallerIsPassedToTheStoreOnlyWhenTicked() async {
        var ticked = fields()
        ticked.saveCaller = "on"
        await sut.place(request: .init(ref: ref, fields: ticked, signedIn: testAccount.name))
        guard case .placed = presenterSpy.placed else { return XCTFail("\(String(describing: presenterSpy.placed))") }
        XCTAssertEqual(workerSpy.placings.map(\.saveCaller), [true])

        await sut.place(request: .init(ref: "D-ZZZZZZ", fields: fields(), signedIn: testAccount.name))
        XCTAssertEqual(workerSpy.placings.map(\.saveCaller), [true, false], "A box left unticked posts nothing: not saved")
    }

    func testABadCardNeverReachesTheStore() async {
        await sut.place(request: .init(ref: ref, fields: fields(cvv: "12"), signedIn: nil))
        guard case .checkAgain(_, .invalidCard(let errors), _) = presenterSpy.placed else { return XCTFail() }
        XCTAssertEqual(errors, [.init(field: .paymentMethodCVV, problem: .badFormat)])
        XCTAssertEqual(workerSpy.placings, [])
    }

    func testAnOlderVersionIsTheDraftChangedAndNothingIsPlaced() async throws {
        await sut.place(request: .init(ref: ref, fields: fields(version: "3"), signedIn: nil))
        guard case .checkAgain(_, .draftChanged, _) = presenterSpy.placed else { return XCTFail() }
        let draft = try await workerSpy.fetchDraft(ref: ref)
        XCTAssertNotNil(draft)
    }

    func testAPriceIsDecidedAtTheCatalogsPriceNotTheForms() async throws {
        await workerSpy.drafts.database().transaction { $0.products[1]?.priceCents = 1400 }
        await sut.decidePrice(request: .init(ref: ref, fields: .init(line: "l1", choice: "new"), signedIn: nil))
        XCTAssertEqual(presenterSpy.decided, .decided(ref: ref))
        let line = try await workerSpy.fetchDraft(ref: ref)?.lines.first
        XCTAssertEqual(line?.unitPriceCents, 1400)
    }
}

private extension DraftsStoreProtocol {
    func database() -> MemoryAppDatabase { (self as! DraftsMemStore).database }
}
