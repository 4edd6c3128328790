import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Starting a draft from an order's page (`EditDraftInteractor.startDraft` with a `Start`): "New
/// order for this customer" and "Repeat this order", and the repeated draft's page
/// (`showDraft` with `repeated`), with the real worker over memory stores and a spy of the presenter.
final class EditDraftStartTests: XCTestCase {
    var sut: EditDraftInteractor!
    var presenterSpy: EditDraftInteractorTests.EditDraftPresentationLogicSpy!
    var workerSpy: EditDraftInteractorTests.DraftsWorkerSpy!
    var database: MemoryAppDatabase!
    var jane: Customer!

    /// Bob's order of goods (3 × WID-1 at $12.50, 1 × GAD-2 typed at $45.00), taken for Jane's
    /// customer record (order 1); Amy's order, keyed before items and customers (order 2).
    override func setUp() async throws {
        try await super.setUp()
        var bobs = GoodsSeeds.order
        bobs.customerID = 1
        database = await GoodsSeeds.database(orders: [bobs, Seeds.Orders.amy])
        let customers = CustomersMemStore(database: database)
        jane = try await customers.createCustomer(CustomerSeeds.jane, by: nil, at: Seeds.june29)
        workerSpy = EditDraftInteractorTests.DraftsWorkerSpy(
            drafts: DraftsMemStore(database: database), catalog: ProductsCatalog(products: ProductsMemStore(database: database)),
            customers: customers, orders: OrdersMemStore(database: database), now: { Seeds.june29 },
            timeZone: TimeZone(identifier: "UTC")!, logger: Logger(label: "test"))
        sut = EditDraftInteractor(worker: workerSpy, validationWorker: OrderValidationWorker(now: { Seeds.june29 }))
        presenterSpy = EditDraftInteractorTests.EditDraftPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    private func start(_ start: EditDraft.StartDraft.Start) async -> EditDraft.StartDraft.Response? {
        await sut.startDraft(request: EditDraft.StartDraft.Request(signedIn: testAccount.name, start: start))
        return presenterSpy.started
    }

    private func setProduct(_ id: Int64, _ change: @escaping @Sendable (inout Product) -> Void) async {
        await database.transaction { tables in
            if var product = tables.products[id] {
                change(&product)
                tables.products[id] = product
            }
        }
    }

    func testANewOrderForTheCustomerCopiesTheirDetailsByUsesOwnPath() async throws {
        let response = await start(.forCustomerOf(orderID: "1"))

        guard case .createdForCustomer(let ref, let name) = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(name, "Jane Doe")
        XCTAssertEqual(workerSpy.changes, [.useCustomer(jane)], "The change *Use* makes, and only it")
        let draft = try await workerSpy.fetchDraft(ref: ref)
        XCTAssertEqual(draft?.customerID, jane.id)
        XCTAssertEqual(draft?.contact, Draft.Contact(firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com"))
        XCTAssertEqual(draft?.shipmentAddress, CustomerSeeds.mainStreet)
        XCTAssertEqual(draft?.lines, [])
        XCTAssertEqual(draft?.createdBy, testAccount.name)
    }

    func testAnOrderWithoutACustomerOrItemsOrNoOrderStartsNothing() async throws {
        let noCustomer = await start(.forCustomerOf(orderID: "2"))
        XCTAssertEqual(noCustomer, .nothingToStartFrom(orderID: "2", repeating: false))
        let noItems = await start(.repeating(orderID: "2"))
        XCTAssertEqual(noItems, .nothingToStartFrom(orderID: "2", repeating: true))
        for id in ["9", "x", ""] {
            let missing = await start(.repeating(orderID: id))
            XCTAssertEqual(missing, .orderNotFound, id)
            let missingCustomer = await start(.forCustomerOf(orderID: id))
            XCTAssertEqual(missingCustomer, .orderNotFound, id)
        }
        let drafts = try await workerSpy.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts, [], "No draft was started")
    }

    func testARepeatTakesTheOrdersCallerAddressesAndLinesAtTodaysPrices() async throws {
        // Given: the widget costs more today
        await setProduct(1) { $0.priceCents = 1_350 }

        let response = await start(.repeating(orderID: "1"))

        guard case .repeated(let ref, let orderID) = response else { return XCTFail("\(String(describing: response))") }
        XCTAssertEqual(orderID, "1")
        let fetched = try await workerSpy.fetchDraft(ref: ref)
        let draft = try XCTUnwrap(fetched)
        let order = GoodsSeeds.order
        XCTAssertEqual(draft.customerID, jane.id, "The order's customer, as *Use* remembers one")
        XCTAssertEqual(draft.contact, Draft.Contact(firstName: "Bob", lastName: "Battery", phone: "222-222-2222", email: "bob.battery@clean-swift.com"))
        XCTAssertEqual(draft.shipmentAddress, order.shipmentAddress)
        XCTAssertFalse(draft.billingSameAsShipping)
        XCTAssertEqual(draft.billingAddress, order.billingAddress)
        XCTAssertEqual(draft.shipmentMethod, order.shipmentMethod)
        XCTAssertEqual(draft.lines.map(\.sku), ["WID-1", "GAD-2"])
        XCTAssertEqual(draft.lines.map(\.quantity), [3, 1])
        XCTAssertEqual(draft.lines.map(\.unitPriceCents), [1_350, 4_999], "Today's catalog prices, no typed price carried over")
        XCTAssertEqual(draft.lines.map(\.priceReason), [nil, nil])
    }

    func testARepeatLeavesOffAProductNoLongerSoldAndItsPageSaysSoWithThePricesAsOrdered() async throws {
        await setProduct(1) { $0.active = false }
        await setProduct(2) { $0.stock = Product.Stock(onHand: 0, committed: 0) }
        guard case .repeated(let ref, _) = await start(.repeating(orderID: "1")) else { return XCTFail() }
        let fetched = try await workerSpy.fetchDraft(ref: ref)
        let draft = try XCTUnwrap(fetched)
        XCTAssertEqual(draft.lines.map(\.sku), ["GAD-2"], "Short of stock is added (its page says so); no longer sold is not")

        await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: ref, search: nil, repeated: "1"))

        guard case .found(let loaded) = presenterSpy.shown else { return XCTFail("\(String(describing: presenterSpy.shown))") }
        XCTAssertEqual(loaded.repeated?.orderID, "1")
        XCTAssertEqual(loaded.repeated?.ordered, GoodsSeeds.order.lines)
        XCTAssertEqual(loaded.repeated?.notSold.map(\.sku), ["WID-1"])
        XCTAssertEqual(loaded.check.shortages, [StockShortage(sku: "GAD-2", name: "Gadget & case", wanted: 1, available: 0)])
    }

    /// One key, one draft: the second start with the key answers the draft the first made and
    /// saves nothing into it again (its lines once); each start keys by its kind and order.
    func testAStartWithAKeyUsedBeforeAnswersTheDraftItMade() async throws {
        func started(_ start: EditDraft.StartDraft.Start, key: String?) async -> EditDraft.StartDraft.Response? {
            await sut.startDraft(request: EditDraft.StartDraft.Request(signedIn: testAccount.name, start: start, key: key))
            return presenterSpy.started
        }
        guard case .repeated(let ref, "1") = await started(.repeating(orderID: "1"), key: "k-0123456789abcdef") else { return XCTFail() }
        let changes = workerSpy.changes.count
        guard case .repeated(let again, "1") = await started(.repeating(orderID: "1"), key: "k-0123456789abcdef") else { return XCTFail() }
        XCTAssertEqual(again, ref)
        XCTAssertEqual(workerSpy.changes.count, changes, "nothing saved into it again")
        let fetched = try await workerSpy.fetchDraft(ref: ref)
        XCTAssertEqual(fetched?.lines.map(\.sku), ["WID-1", "GAD-2"])
        guard case .createdForCustomer(let other, _) = await started(.forCustomerOf(orderID: "1"), key: "k-0123456789abcdef") else {
            return XCTFail("\(String(describing: presenterSpy.started))")
        }
        XCTAssertNotEqual(other, ref, "the other button's draft, not the repeat's")
        guard case .created(let same) = await started(.forCustomerOf(orderID: "1"), key: "k-0123456789abcdef") else { return XCTFail() }
        XCTAssertEqual(same, other)
    }

    /// A repeated draft records its order: its page marks it with or without `?repeated=` (a
    /// section's redirect has none), until it is placed or discarded.
    func testARepeatedDraftsPageMarksItsOrderWithoutTheAddressSayingSo() async throws {
        guard case .repeated(let ref, _) = await start(.repeating(orderID: "1")) else { return XCTFail() }
        let fetched = try await workerSpy.fetchDraft(ref: ref)
        XCTAssertEqual(fetched?.repeatsOrderID, 1)
        for repeated in [nil, "1", "2", "x"] {
            await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: ref, search: nil, repeated: repeated))
            guard case .found(let loaded) = presenterSpy.shown else { return XCTFail("\(String(describing: repeated))") }
            XCTAssertEqual(loaded.repeated?.orderID, "1", String(describing: repeated))
        }
    }

    func testADraftPageNamesNoRepeatForAnOrderThatIsNoneOrHasNoItems() async throws {
        guard case .created(let ref) = await start(.empty) else { return XCTFail() }
        for repeated in [nil, "2", "9", "x"] {
            await sut.showDraft(request: EditDraft.ShowDraft.Request(ref: ref, search: nil, repeated: repeated))
            guard case .found(let loaded) = presenterSpy.shown else { return XCTFail("\(String(describing: repeated))") }
            XCTAssertNil(loaded.repeated, String(describing: repeated))
        }
    }
}
