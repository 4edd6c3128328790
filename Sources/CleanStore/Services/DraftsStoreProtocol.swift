import Foundation

/// Where drafts live (orders being taken, `Draft`), and where a draft becomes an order. Every
/// store (memory, SQLite, PostgreSQL) keeps the same contract, checked by `DraftsStoreContractTests`:
/// - `createDraft` saves an empty draft (version 1, billing same as shipping, standard shipping)
///   under a fresh reference `D-` + 6 characters of an alphabet with no look-alikes, unique in
///   the store, that no order number can be mistaken for.
/// - `updateDraft` applies one `DraftChange` as `DraftWrites` decides, on the draft as stored, in
///   one transaction: one more version, `updatedBy`, `updatedAt`. A draft holds no card data. With
///   an `expectedVersion` (the API's `If-Match`), a draft stored at another version is left as it
///   is and the write throws `.draftChanged` with it: checked on the row read in the write's
///   transaction (locked on PostgreSQL), never before it. Without one (the draft's pages), the
///   change applies to whatever version is stored.
/// - `checkPlacing` runs every placing check on the draft as stored, against the catalog, the tax
///   table and the orders as they are now, and changes nothing. `place` runs the same checks again
///   in the transaction that writes the order (`DraftPlacing` decides; the store executes): when
///   any fails it writes nothing and throws `.refused` with what failed. When they pass, in one
///   transaction: the order number from the counter (`order_numbers`: no gaps on either
///   database), the order with its lines, totals and rate, its "created" event, the stock
///   committed with one conditional update per tracked product in product-id order (never
///   read-then-write; a shortage at this point rolls the whole placing back and is reported as
///   one), and the draft deleted.
/// - With `PlacingRequest.saveCaller`, the same transaction saves the caller as a customer, new or
///   the one the draft was copied from brought up to date (`DraftPlacing.savedCaller` decides, one
///   `CustomerEvent` when anything changed), and the order records the customer (`Order.customerID`).
/// - A `place` whose idempotency key an earlier placing used throws `.alreadyPlaced` with that
///   order, whatever the draft (gone by then) and the rest say: a double click is one order.
/// - `fetchCheckedDraft` is `fetchDraft` and `checkPlacing` in one read: the draft as stored and
///   what placing it now meets, of the same moment (the draft page and the check page show both;
///   two reads read the draft and its lines twice). Without `findingDuplicate` it looks for no
///   duplicate order (`PlacingCheck.duplicate` is nil, the rest as with it): the draft page shows
///   none, and the search of the last day's orders by phone and email is its largest read.
/// - An unknown reference is nil from `fetchDraft` and `.notFound` elsewhere.
/// - `createDraft` with a `key` (an order page's one-time key, `OrderKeyWorker`) makes one draft per
///   key: while the draft a key made is there, the same key answers it (`made` false) and makes
///   none, so a double click on "Repeat this order" is one draft. Two at once: one is made.
public protocol DraftsStoreProtocol: Sendable {
    /// `repeating`: the order a draft made repeats (`Draft.repeatsOrderID`), kept while it is a draft.
    func createDraft(by: AccountName?, at: Date, key: String?, repeating: Int64?) async throws(DraftsStoreError) -> (draft: Draft, made: Bool)
    func fetchDraft(ref: String) async throws(DraftsStoreError) -> Draft?
    /// At most `limit` drafts: those `mine` created first, then the others; each group most
    /// recently changed first.
    func fetchDrafts(mineFirst mine: AccountName?, limit: Int) async throws(DraftsStoreError) -> [Draft]
    func updateDraft(
        ref: String, change: DraftChange, expectedVersion: Int?, by: AccountName?, at: Date
    ) async throws(DraftsStoreError) -> Draft
    /// Removes the draft (nothing else).
    func deleteDraft(ref: String) async throws(DraftsStoreError)
    /// Removes the drafts last changed before `date` (`--draft-days`); returns how many.
    func deleteDrafts(changedBefore date: Date) async throws(DraftsStoreError) -> Int
    /// The draft and what placing it now would meet, read together, changing nothing; nil when
    /// there is no such draft. `findingDuplicate` false: no duplicate is looked for.
    func fetchCheckedDraft(ref: String, request: PlacingRequest, at: Date, findingDuplicate: Bool) async throws(DraftsStoreError)
        -> CheckedDraft?
    /// Places the draft: the order as saved.
    func place(ref: String, request: PlacingRequest, by: AccountName?, at: Date) async throws(DraftsStoreError) -> Order
}

/// A draft and what placing it would meet, read in one transaction (`fetchCheckedDraft`).
public struct CheckedDraft: Equatable, Sendable {
    public var draft: Draft
    public var check: PlacingCheck

    public init(draft: Draft, check: PlacingCheck) {
        self.draft = draft
        self.check = check
    }
}

extension DraftsStoreProtocol {
    /// The draft and every check placing it now would meet, the duplicate included.
    public func fetchCheckedDraft(ref: String, request: PlacingRequest, at: Date) async throws(DraftsStoreError) -> CheckedDraft? {
        try await fetchCheckedDraft(ref: ref, request: request, at: at, findingDuplicate: true)
    }

    /// What placing the draft now would meet (`PlacingCheck`), changing nothing: the check of
    /// `fetchCheckedDraft` (one read in every store), `.notFound` when there is no such draft.
    public func checkPlacing(ref: String, request: PlacingRequest, at: Date) async throws(DraftsStoreError) -> PlacingCheck {
        guard let checked = try await fetchCheckedDraft(ref: ref, request: request, at: at) else { throw .notFound(ref: ref) }
        return checked.check
    }

    /// `change` applied to the draft at whatever version it is stored (the draft's pages).
    public func updateDraft(ref: String, change: DraftChange, by: AccountName?, at: Date) async throws(DraftsStoreError) -> Draft {
        try await updateDraft(ref: ref, change: change, expectedVersion: nil, by: by, at: at)
    }
}

/// One change to a draft, as a section of its page posts it.
public enum DraftChange: Equatable, Sendable {
    case contact(Draft.Contact)
    /// *Use* on "Who is calling?": the customer's contact and their default addresses (those they
    /// have) copied into the draft, which remembers the customer (`Draft.customerID`).
    case useCustomer(Customer)
    case delivery(shipment: Address, billingSameAsShipping: Bool, billing: Address, method: ShipmentMethod)
    /// A line for a product of the catalog (its key is given by `DraftWrites`: the line's own is
    /// ignored). A product already on the draft at the same price gets the quantity added.
    case addLine(OrderLine)
    /// New quantities by line key (keys not on the draft are refused: `.lineNotFound`).
    case quantities([String: Int])
    case removeLine(key: String)
    /// A typed price for a line, with its reason (nil price: back to the catalog's).
    case price(key: String, cents: Int64?, reason: String?)
    /// The answer to a price that changed in the catalog since the line was added: `useNew`
    /// takes the catalog's price now; otherwise the line keeps its price, with the reason why.
    case priceChangeDecided(key: String, currentCatalogCents: Int64, useNew: Bool)
}

/// What a placing carries besides the draft, and what the clerk has seen and decided.
public struct PlacingRequest: Equatable, Sendable {
    /// The card, typed on the check page (never stored in a draft). Not used by `checkPlacing`.
    public var payment: PaymentMethod?
    /// The check page's one-time key (`OrderKeyWorker`): a double click or a retry is one order.
    public var idempotencyKey: String?
    /// The draft's version the check page showed: another version means something changed since,
    /// and placing is refused (`.draftChanged`: the card must be typed again).
    public var draftVersion: Int?
    /// The clerk has seen the duplicate warning and places anyway (recorded in the history).
    public var placeDuplicateAnyway: Bool
    /// The day the rate is chosen by, in the shop's time zone.
    public var timeZone: TimeZone
    /// "Save this caller for next time": in the placing transaction, the caller becomes a saved
    /// customer, or the customer the draft was copied from gets its contact and default addresses
    /// (`DraftPlacing.savedCaller`); the order carries that customer. Unticked, the order carries
    /// the customer the draft was copied from, if any, and no customer is written.
    public var saveCaller: Bool

    public init(
        payment: PaymentMethod? = nil, idempotencyKey: String? = nil, draftVersion: Int? = nil,
        placeDuplicateAnyway: Bool = false, timeZone: TimeZone = .current, saveCaller: Bool = false
    ) {
        self.saveCaller = saveCaller
        self.payment = payment
        self.idempotencyKey = idempotencyKey
        self.draftVersion = draftVersion
        self.placeDuplicateAnyway = placeDuplicateAnyway
        self.timeZone = timeZone
    }
}

/// What stands between a draft and its order, as `DraftPlacing` finds it.
public struct PlacingCheck: Equatable, Sendable {
    /// Lines whose product's catalog price is not the one the line was added at.
    public var priceChanges: [PriceChange]
    /// Tracked products without enough available stock (and no backorders allowed).
    public var shortages: [StockShortage]
    /// Lines whose product is archived or gone from the catalog.
    public var unavailableLines: [String]
    /// The ship-to state when no rate applies to the address (placing is refused, never taxed 0).
    public var missingTaxRegion: String?
    /// A matching order placed in the last 24 hours (same phone or email, address and items).
    public var duplicate: Order?
    /// The totals the order would have (tax with the rate in force, when one applies).
    public var totals: OrderTotals
    /// Fields missing before the draft can be placed (no lines, no contact, no address), by section.
    public var incomplete: [DraftSection]

    public init(
        priceChanges: [PriceChange] = [], shortages: [StockShortage] = [], unavailableLines: [String] = [],
        missingTaxRegion: String? = nil, duplicate: Order? = nil, totals: OrderTotals, incomplete: [DraftSection] = []
    ) {
        self.priceChanges = priceChanges
        self.shortages = shortages
        self.unavailableLines = unavailableLines
        self.missingTaxRegion = missingTaxRegion
        self.duplicate = duplicate
        self.totals = totals
        self.incomplete = incomplete
    }

    /// Nothing stands in the way (a duplicate only when the clerk has not chosen to place anyway).
    public func allowsPlacing(duplicateAccepted: Bool) -> Bool {
        priceChanges.isEmpty && shortages.isEmpty && unavailableLines.isEmpty && missingTaxRegion == nil
            && incomplete.isEmpty && (duplicate == nil || duplicateAccepted)
    }
}

public enum DraftSection: String, Equatable, Sendable, CaseIterable {
    case caller, items, delivery
}

public struct PriceChange: Equatable, Sendable {
    public var lineKey: String
    public var sku: String
    public var name: String
    public var wasCents: Int64
    public var nowCents: Int64

    public init(lineKey: String, sku: String, name: String, wasCents: Int64, nowCents: Int64) {
        self.lineKey = lineKey
        self.sku = sku
        self.name = name
        self.wasCents = wasCents
        self.nowCents = nowCents
    }
}

public struct StockShortage: Equatable, Sendable {
    public var sku: String
    public var name: String
    public var wanted: Int64
    public var available: Int64

    public init(sku: String, name: String, wanted: Int64, available: Int64) {
        self.sku = sku
        self.name = name
        self.wanted = wanted
        self.available = available
    }
}

extension DraftsStoreProtocol {
    /// A new draft, no key.
    public func createDraft(by: AccountName?, at: Date) async throws(DraftsStoreError) -> Draft {
        try await createDraft(by: by, at: at, key: nil, repeating: nil).draft
    }
}

public enum DraftsStoreError: Error, Equatable, Sendable {
    case notFound(ref: String)
    case lineNotFound(key: String, current: Draft)
    /// A draft holds at most `OrderLine.mostLines` lines.
    case tooManyLines(current: Draft)
    /// A quantity outside `OrderLine.quantities` (an added line's sum included).
    case quantityOutOfRange(key: String?, current: Draft)
    /// The draft changed since the check page (`PlacingRequest.draftVersion`): nothing placed; or
    /// since the version an `updateDraft` expected: nothing written.
    case draftChanged(current: Draft)
    /// A placing check failed (in the placing transaction, too): nothing placed.
    case refused(PlacingCheck)
    /// The idempotency key was used by an earlier placing: this is its order.
    case alreadyPlaced(Order)
    case unavailable(String)
}

/// What a log line or a failed test's message may show of a draft store's error: the draft's
/// reference, the order's number, what a check found, never a whole `Order` (whose card number is
/// there in full) or `Draft` (the caller's contact and addresses). Nothing prints these errors
/// today; this keeps a future `"\(error)"` safe.
extension DraftsStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let ref): return "No draft \(ref)"
        case .lineNotFound(let key, let current): return "Draft \(current.ref) has no line \(key)"
        case .tooManyLines(let current): return "Draft \(current.ref) would have more than \(OrderLine.mostLines) lines"
        case .quantityOutOfRange(let key, let current): return "Draft \(current.ref): a quantity out of range (line \(key ?? "added"))"
        case .draftChanged(let current): return "Draft \(current.ref) changed since the check page (now version \(current.version))"
        case .refused(let check): return "Placing refused: \(check)"
        case .alreadyPlaced(let order): return "Order \(order.id ?? "") was already placed with this key"
        case .unavailable(let reason): return reason
        }
    }
}

/// What stands in the way, by kind, and the duplicate by its order number alone (never the order:
/// its card number is there in full).
extension PlacingCheck: CustomStringConvertible {
    public var description: String {
        var found: [String] = []
        if !incomplete.isEmpty { found.append("incomplete: \(incomplete.map(\.rawValue).joined(separator: ", "))") }
        if !priceChanges.isEmpty { found.append("price changed: \(priceChanges.map(\.sku).joined(separator: ", "))") }
        if !shortages.isEmpty { found.append("short: \(shortages.map(\.sku).joined(separator: ", "))") }
        if !unavailableLines.isEmpty { found.append("\(unavailableLines.count) line(s) no longer sold") }
        if let missingTaxRegion { found.append("no tax rate for \(missingTaxRegion)") }
        if let duplicate { found.append("possible duplicate of order \(duplicate.id ?? "")") }
        return found.isEmpty ? "nothing stands in the way" : found.joined(separator: "; ")
    }
}
