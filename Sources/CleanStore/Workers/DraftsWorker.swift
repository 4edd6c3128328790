import Foundation
import Logging

/// Drafts' work for the draft page (`EditDraft`) and its check page (`PlaceDraft`): the drafts
/// store and the catalog, at the app's clock, in the shop's time zone. Not final: tests subclass
/// it into a spy.
class DraftsWorker {
    let drafts: any DraftsStoreProtocol
    let catalog: any CatalogLookup
    /// The saved customers "Who is calling?" finds and copies from.
    let customers: any CustomersStoreProtocol
    /// The orders a draft is started from ("New order for this customer", "Repeat this order").
    let orders: any OrdersStoreProtocol
    let now: () -> Date
    let timeZone: TimeZone
    let logger: Logger

    /// How many products a catalog search shows.
    static let searchLimit = 20
    /// How many customers "Who is calling?" shows: a caller is found by something they say, so
    /// more than a few is a search to narrow.
    static let callerLimit = 10

    init(
        drafts: any DraftsStoreProtocol, catalog: any CatalogLookup, customers: any CustomersStoreProtocol = CustomersMemStore(),
        orders: any OrdersStoreProtocol = OrdersMemStore(database: MemoryAppDatabase()),
        now: @escaping () -> Date, timeZone: TimeZone, logger: Logger
    ) {
        self.orders = orders
        self.drafts = drafts
        self.catalog = catalog
        self.customers = customers
        self.now = now
        self.timeZone = timeZone
        self.logger = logger
    }

    func createDraft(by: AccountName?) async throws(DraftsStoreError) -> Draft {
        try await createDraft(by: by, key: nil, repeating: nil).draft
    }

    /// A new draft, or the one `key` made before (`made` false): `DraftsStoreProtocol.createDraft`.
    func createDraft(by: AccountName?, key: String?, repeating: Int64? = nil) async throws(DraftsStoreError) -> (draft: Draft, made: Bool) {
        do {
            return try await drafts.createDraft(by: by, at: now(), key: key, repeating: repeating)
        } catch {
            logger.error("Draft not created", metadata: ["error": "\(error)"])
            throw error
        }
    }

    func fetchDraft(ref: String) async throws(DraftsStoreError) -> Draft? {
        try await drafts.fetchDraft(ref: ref)
    }

    /// What placing the draft now would meet (its totals), changing nothing.
    func check(ref: String) async throws(DraftsStoreError) -> PlacingCheck {
        try await drafts.checkPlacing(ref: ref, request: PlacingRequest(timeZone: timeZone), at: now())
    }

    /// The draft and what placing it now would meet, in one read (`fetchCheckedDraft`); nil when
    /// there is no such draft. `findingDuplicate` false: a page that shows no duplicate warning
    /// has none looked for.
    func fetchChecked(ref: String, findingDuplicate: Bool = true) async throws(DraftsStoreError) -> CheckedDraft? {
        try await drafts.fetchCheckedDraft(ref: ref, request: PlacingRequest(timeZone: timeZone), at: now(), findingDuplicate: findingDuplicate)
    }

    /// Places the draft (`DraftsStoreProtocol.place`), in the shop's time zone: timed as the store's
    /// `place` operation (`cleanstore_store_duration_seconds`) and counted as an order created
    /// (`cleanstore_orders_total{event="created"}`), as the one-page form's create was; a failure
    /// of the store itself is logged and counted, a refusal or a key used before is an answer.
    func place(ref: String, request: PlacingRequest, by: AccountName?) async throws(DraftsStoreError) -> Order {
        var request = request
        request.timeZone = timeZone
        let start = ContinuousClock.now
        AppMetrics.storeCallStarted()
        defer { AppMetrics.storeCallEnded() }
        do {
            let order = try await drafts.place(ref: ref, request: request, by: by, at: now())
            AppMetrics.storeCall("place", took: start.duration(to: .now), failed: false)
            AppMetrics.orderSaved("created")
            return order
        } catch {
            var failed = false
            if case .unavailable = error {
                failed = true
                logger.error("Store failed", metadata: ["error": "\(error)"])
            }
            AppMetrics.storeCall("place", took: start.duration(to: .now), failed: failed)
            throw error
        }
    }

    /// `change` saved (`DraftsStoreProtocol.updateDraft`), from `expectedVersion` when one is given.
    func update(ref: String, change: DraftChange, expectedVersion: Int? = nil, by: AccountName?) async throws(DraftsStoreError) -> Draft {
        try await drafts.updateDraft(ref: ref, change: change, expectedVersion: expectedVersion, by: by, at: now())
    }

    func product(sku: String) async throws -> Product? {
        try await catalog.product(sku: sku)
    }

    func search(_ text: String) async throws -> [Product] {
        try await catalog.products(matching: text, limit: Self.searchLimit)
    }

    /// The saved customers `text` finds (phone in any format, email, name or an order's number:
    /// `CustomersStoreProtocol.fetchCustomers`), by name, at most `callerLimit`, with their orders
    /// in figures (the last one) by customer id.
    func findCallers(_ text: String) async throws(CustomersStoreError) -> (customers: [Customer], summaries: [Int64: CustomerOrdersSummary]) {
        do {
            let found = try await customers.fetchCustomers(matching: text, after: nil, limit: Self.callerLimit)
            return (found, try await customers.fetchSummaries(customerIDs: found.compactMap(\.id)))
        } catch {
            logger.error("Store failed", metadata: ["error": "\(error)"])
            throw error
        }
    }

    /// The order `id`, nil when there is none.
    func order(id: String) async throws(OrdersStoreError) -> Order? {
        try await orders.fetchOrder(id: id)
    }

    /// The saved customer `id`, nil when there is none.
    func customer(id: Int64) async throws(CustomersStoreError) -> Customer? {
        try await customers.fetchCustomer(id: id)
    }
}
