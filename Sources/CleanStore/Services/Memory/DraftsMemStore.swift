import Foundation

/// Drafts in memory (`MemoryAppDatabase`): for unit tests and `--database :memory:`. Each change,
/// and a placing with its order, event and stock, is one transaction of the database;
/// `DraftWrites` and `DraftPlacing` decide, as in the SQL stores.
public final class DraftsMemStore: DraftsStoreProtocol {
    public let database: MemoryAppDatabase
    private let refs: DraftRefs

    public init(database: MemoryAppDatabase, refs: DraftRefs = DraftRefs()) {
        self.database = database
        self.refs = refs
    }

    public func createDraft(
        by: AccountName?, at: Date, key: String?, repeating: Int64?
    ) async throws(DraftsStoreError) -> (draft: Draft, made: Bool) {
        let refs = refs
        return await database.transaction { tables in
            if let key, let ref = tables.draftsByCreationKey[key], let draft = tables.drafts.first(where: { $0.ref == ref }) {
                return (draft, false)
            }
            var ref = refs.next()
            while tables.drafts.contains(where: { $0.ref == ref }) { ref = refs.next() }
            var draft = Draft(ref: ref, createdAt: at, createdBy: by)
            draft.repeatsOrderID = repeating
            tables.drafts.append(draft)
            if let key { tables.draftsByCreationKey[key] = ref }
            return (draft, true)
        }
    }

    public func fetchDraft(ref: String) async throws(DraftsStoreError) -> Draft? {
        await database.read { $0.drafts.first { $0.ref == ref } }
    }

    public func fetchDrafts(mineFirst mine: AccountName?, limit: Int) async throws(DraftsStoreError) -> [Draft] {
        let drafts = await database.read { $0.drafts }
        return Array(DraftRefs.mineFirst(drafts, mine: mine).prefix(limit))
    }

    public func updateDraft(
        ref: String, change: DraftChange, expectedVersion: Int?, by: AccountName?, at: Date
    ) async throws(DraftsStoreError) -> Draft {
        try await database.transaction { tables throws(DraftsStoreError) in
            guard let index = tables.drafts.firstIndex(where: { $0.ref == ref }) else { throw .notFound(ref: ref) }
            let draft = try DraftWrites.applied(change, to: tables.drafts[index], expectedVersion: expectedVersion, by: by, at: at)
            tables.drafts[index] = draft
            return draft
        }
    }

    public func deleteDraft(ref: String) async throws(DraftsStoreError) {
        try await database.transaction { tables throws(DraftsStoreError) in
            guard let index = tables.drafts.firstIndex(where: { $0.ref == ref }) else { throw .notFound(ref: ref) }
            tables.drafts.remove(at: index)
        }
    }

    public func deleteDrafts(changedBefore date: Date) async throws(DraftsStoreError) -> Int {
        await database.transaction { tables in
            let before = tables.drafts.count
            tables.drafts.removeAll { $0.updatedAt < date }
            return before - tables.drafts.count
        }
    }

    public func fetchCheckedDraft(ref: String, request: PlacingRequest, at: Date, findingDuplicate: Bool) async throws(DraftsStoreError)
        -> CheckedDraft?
    {
        await database.read { tables in
            tables.drafts.first(where: { $0.ref == ref }).map {
                CheckedDraft(draft: $0, check: Self.check($0, in: tables, at: at, timeZone: request.timeZone, findingDuplicate: findingDuplicate))
            }
        }
    }

    public func place(ref: String, request: PlacingRequest, by: AccountName?, at: Date) async throws(DraftsStoreError) -> Order {
        try await database.transaction { tables throws(DraftsStoreError) in
            if let key = request.idempotencyKey, let id = tables.createdByKey[key], let order = tables.orders.first(where: { $0.id == id }) {
                throw .alreadyPlaced(order)
            }
            guard let index = tables.drafts.firstIndex(where: { $0.ref == ref }) else { throw .notFound(ref: ref) }
            let draft = tables.drafts[index]
            if let version = request.draftVersion, version != draft.version { throw .draftChanged(current: draft) }
            let check = Self.check(draft, in: tables, at: at, timeZone: request.timeZone)
            guard check.allowsPlacing(duplicateAccepted: request.placeDuplicateAnyway), let payment = request.payment else {
                throw .refused(check)
            }
            // Decided: write the stock, the order (numbered next), its event; remove the draft.
            for commit in DraftPlacing.stockCommits(of: draft, products: tables.products) {
                tables.products[commit.productID]?.stock?.committed += commit.quantity
            }
            tables.lastOrderID += 1
            let id = String(tables.lastOrderID)
            var order = DraftPlacing.order(from: draft, check: check, products: tables.products, payment: payment, id: id, by: by, at: at)
            order.customerID = Self.caller(of: draft, request: request, by: by, at: at, in: &tables)
            if let customerID = order.customerID { tables.orderCustomers[id] = customerID }
            tables.orders.append(order)
            if let key = request.idempotencyKey { tables.createdByKey[key] = id }
            tables.record(DraftPlacing.createdEvent(of: order, check: check, request: request, by: by, at: at))
            tables.drafts.remove(at: index)
            return order
        }
    }

    /// The customer the order is taken for: with "Save this caller", the one `DraftPlacing.savedCaller`
    /// decides, written here in the placing transaction; without, the one the draft was copied from.
    private static func caller(
        of draft: Draft, request: PlacingRequest, by: AccountName?, at: Date, in tables: inout MemoryAppDatabase.Tables
    ) -> Int64? {
        guard request.saveCaller else { return draft.customerID }
        switch DraftPlacing.savedCaller(of: draft, stored: draft.customerID.flatMap { tables.customers[$0] }, by: by, at: at) {
        case .create(var customer):
            CustomersMemStore.insert(&customer, into: &tables, kind: .created, by: by, at: at)
            return customer.id
        case .update(let saved, let stored):
            tables.customers[saved.id ?? 0] = saved
            tables.customerEvents.append(CustomerWrites.event(.updated, from: stored, to: saved, by: by, at: at))
            return saved.id
        case .unchanged(let customer):
            return customer.id
        }
    }

    private static func check(
        _ draft: Draft, in tables: MemoryAppDatabase.Tables, at: Date, timeZone: TimeZone, findingDuplicate: Bool = true
    ) -> PlacingCheck {
        let since = at.addingTimeInterval(-DraftPlacing.duplicateWindow)
        let recent = findingDuplicate ? tables.orders.filter { $0.date >= since && $0.status != .cancelled } : []
        let region = draft.shipmentAddress.state.uppercased()
        return DraftPlacing.check(
            draft, products: tables.products, rates: tables.taxRates.filter { $0.region == region }, recentOrders: recent, at: at,
            timeZone: timeZone)
    }
}

/// Where draft references come from: `D-` and six characters of an alphabet with no look-alikes
/// (no 0/O, 1/I/L), from the system's random numbers unless a test gives its own generator.
public struct DraftRefs: Sendable {
    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    private let generate: @Sendable () -> String

    public init() {
        generate = {
            var random = SystemRandomNumberGenerator()
            return "D-" + String((0..<6).map { _ in DraftRefs.alphabet[Int(random.next(upperBound: UInt(DraftRefs.alphabet.count)))] })
        }
    }

    /// References from `generate` (tests: a fixed sequence).
    public init(_ generate: @escaping @Sendable () -> String) {
        self.generate = generate
    }

    func next() -> String { generate() }

    /// `drafts` with those `mine` created first, each group most recently changed first.
    static func mineFirst(_ drafts: [Draft], mine: AccountName?) -> [Draft] {
        drafts.sorted { a, b in
            let aMine = mine != nil && a.createdBy?.username == mine?.username
            let bMine = mine != nil && b.createdBy?.username == mine?.username
            if aMine != bMine { return aMine }
            return (a.updatedAt, a.ref) > (b.updatedAt, b.ref)
        }
    }

    /// Whether `text` has the shape of a draft reference (a route's `{ref}` is checked so before any store is asked).
    public static func isWellFormed(_ text: String) -> Bool {
        text.count == 8 && text.hasPrefix("D-") && text.dropFirst(2).allSatisfy { alphabet.contains($0) }
    }
}
