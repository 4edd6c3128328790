import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// What the drafts' and the goods' contract suites share: one set of stores of each kind (memory,
/// an SQLite file, a fresh PostgreSQL database) with a small catalog and tax table, and drafts
/// ready to place.
class GoodsContractTestCase: TemporaryDirectoryTestCase {
    static let amy = AccountSeeds.amy.name
    static let sue = AccountSeeds.sue.name
    static let now = Seeds.june30.addingTimeInterval(3_600)
    static let utc = TimeZone(identifier: "UTC")!
    static let card = PaymentMethod(creditCardNumber: "4111111111111111", expirationDate: ExpirationDate(year: 2031, month: 1))
    /// New York, 8.875 %, shipping not taxed.
    static let newYork = TaxRate(region: "NY", ratePPM: 88_750, effectiveFrom: ShopDay("2000-01-01")!)
    static let address = Address(street1: "3 Ship Street", street2: "", city: "Albany", state: "NY", zip: "12207")

    /// The catalog seeded in every store: a widget whose stock is counted, a gadget whose is not.
    struct Catalog {
        var widget: Product
        var gadget: Product
    }

    /// Fresh stores of every kind, each with the catalog (`onHand` widgets) and New York's rate.
    func makeStores(widgetsOnHand onHand: Int64 = 5) async throws -> [(GoodsStores, Catalog)] {
        var stores: [(GoodsStores, Catalog)] = []
        for store in [
            GoodsStores.memory(),
            try GoodsStores.sqlite(path: directory.appendingPathComponent("goods-\(UUID().uuidString).sqlite").path),
            try await GoodsStores.postgres(for: self),
        ] {
            stores.append((store, try await seed(store, widgetsOnHand: onHand)))
        }
        return stores
    }

    func seed(_ store: GoodsStores, widgetsOnHand onHand: Int64) async throws -> Catalog {
        var widget = Product(sku: "w-1", name: "Widget", priceCents: 1_250, stock: Product.Stock(onHand: onHand), createdAt: Seeds.june29)
        widget.id = try await store.addProduct(widget)
        var gadget = Product(sku: "G-2", name: "Gadget", priceCents: 999, taxable: false, createdAt: Seeds.june29)
        gadget.id = try await store.addProduct(gadget)
        try await store.addRate(Self.newYork)
        return Catalog(widget: widget, gadget: gadget)
    }

    /// A line of `product` at its catalog price.
    static func line(_ product: Product, quantity: Int) -> OrderLine {
        OrderLine(
            key: "", productID: product.id, sku: product.sku, name: product.name, catalogPriceCents: product.priceCents,
            quantity: quantity, taxable: product.taxable)
    }

    /// A draft with a caller, a delivery to `address` and the lines of `items`, created by Amy.
    func readyDraft(
        in store: GoodsStores, items: [(Product, Int)], address: Address = GoodsContractTestCase.address, phone: String = "555-0100",
        email: String = "ann@example.com"
    ) async throws -> Draft {
        var draft = try await store.drafts.createDraft(by: Self.amy, at: Self.now)
        draft = try await store.drafts.updateDraft(
            ref: draft.ref, change: .contact(Draft.Contact(firstName: "Ann", lastName: "Lee", phone: phone, email: email)),
            by: Self.amy, at: Self.now)
        draft = try await store.drafts.updateDraft(
            ref: draft.ref,
            change: .delivery(shipment: address, billingSameAsShipping: true, billing: Draft.emptyAddress, method: ShipmentMethod(speed: .standard)),
            by: Self.amy, at: Self.now)
        for (product, quantity) in items {
            draft = try await store.drafts.updateDraft(
                ref: draft.ref, change: .addLine(Self.line(product, quantity: quantity)), by: Self.amy, at: Self.now)
        }
        return draft
    }

    /// Places `draft` with a card (and `key`, when given) now.
    func place(
        _ draft: Draft, in store: GoodsStores, key: String? = nil, anyway: Bool = false, saveCaller: Bool = false
    ) async throws(DraftsStoreError) -> Order {
        try await store.drafts.place(
            ref: draft.ref,
            request: PlacingRequest(
                payment: Self.card, idempotencyKey: key, draftVersion: draft.version, placeDuplicateAnyway: anyway, timeZone: Self.utc,
                saveCaller: saveCaller),
            by: Self.amy, at: Self.now)
    }

    /// The refusal `body` throws (fails when it throws none).
    func refusal<T>(_ body: () async throws(DraftsStoreError) -> T, _ message: String) async -> DraftsStoreError? {
        do {
            _ = try await body()
            XCTFail("\(message): not refused")
            return nil
        } catch {
            return error
        }
    }
}
