import Foundation

/// The write rules of a product, decided once, in plain Swift, for every store (memory, SQLite,
/// PostgreSQL; the contract is `ProductsStoreProtocol`'s), as `OrderWrites` does for orders: each
/// store reads the stored row in the transaction that would change it (SQLite's one writer,
/// PostgreSQL's `FOR UPDATE`), asks here, and only executes the answer in its dialect. A refusal
/// is thrown inside the transaction, so nothing is written.
enum ProductWrites {
    /// What a create stores: the product as given, its SKU normalised, version 1, active, nothing
    /// committed yet, created by `by` at `at`, never updated. The store chooses its id.
    static func created(_ product: Product, by: AccountName?, at: Date) -> Product {
        var created = product
        created.id = nil
        created.sku = Product.normalizedSKU(product.sku)
        created.stock = product.stock.map { Stock(onHand: $0.onHand, committed: 0, allowBackorder: $0.allowBackorder) }
        created.active = true
        created.version = 1
        created.createdAt = at
        created.createdBy = by
        created.updatedAt = nil
        created.updatedBy = nil
        return created
    }

    /// What an edit of `stored` to `product` saves: the fields a supervisor edits (SKU, name,
    /// price, taxable, stock tracking, on hand, backorder), with the stored id, creation, active
    /// flag and committed count (a placing's, never an edit's), one more version, updated by `by`
    /// at `at`. Refused when the edit was made from another version than the stored one.
    static func updated(_ product: Product, of stored: Product, by: AccountName?, at: Date) throws(ProductsStoreError) -> Product {
        guard product.version == stored.version else { throw .conflict(current: stored) }
        var saved = stored
        saved.sku = Product.normalizedSKU(product.sku)
        saved.name = product.name
        saved.priceCents = product.priceCents
        saved.taxable = product.taxable
        saved.stock = product.stock.map {
            Stock(onHand: $0.onHand, committed: stored.stock?.committed ?? 0, allowBackorder: $0.allowBackorder)
        }
        saved.version = stored.version + 1
        saved.updatedAt = at
        saved.updatedBy = by
        return saved
    }

    /// What archiving (`active` false) or restoring (`active` true) `stored` saves. Refused when
    /// the person saw another version than `expectedVersion`, whatever they asked for.
    static func activeChanged(
        _ stored: Product, to active: Bool, expectedVersion: Int, by: AccountName?, at: Date
    ) throws(ProductsStoreError) -> Product {
        guard stored.version == expectedVersion else { throw .conflict(current: stored) }
        var saved = stored
        saved.active = active
        saved.version = stored.version + 1
        saved.updatedAt = at
        saved.updatedBy = by
        return saved
    }

    /// What a row of an import saves: a new product (`stored` nil, as `created`), or the stored
    /// one with the row's fields. A stored product the row does not change is left as it is (no
    /// new version, no history); nil then. Backorders and the active flag are not in a CSV: kept.
    static func imported(_ row: ProductImportRow, over stored: Product?, by: AccountName?, at: Date) -> Product? {
        let stock = row.trackStock
            ? Stock(onHand: row.onHand, committed: stored?.stock?.committed ?? 0, allowBackorder: stored?.stock?.allowBackorder ?? false)
            : nil
        guard let stored else {
            return created(
                Product(sku: row.sku, name: row.name, priceCents: row.priceCents, taxable: row.taxable, stock: stock, createdAt: at),
                by: by, at: at)
        }
        var saved = stored
        saved.name = row.name
        saved.priceCents = row.priceCents
        saved.taxable = row.taxable
        saved.stock = stock
        guard saved != stored else { return nil }
        saved.version = stored.version + 1
        saved.updatedAt = at
        saved.updatedBy = by
        return saved
    }

    /// The event that records the change of `old` (nil: created) to `new`.
    static func event(_ kind: ProductEvent.Kind, from old: Product?, to new: Product, by: AccountName?, at: Date) -> ProductEvent {
        ProductEvent(productID: new.id ?? 0, kind: kind, by: by, at: at, changes: old.map { changes(from: $0, to: new) } ?? [])
    }

    /// What changed from `old` to `new`, field by field in the form's order, as people read them.
    static func changes(from old: Product, to new: Product) -> [OrderChange] {
        fields.compactMap { field, value in
            let before = value(old)
            let after = value(new)
            return before == after ? nil : OrderChange(field: field, old: before, new: after)
        }
    }

    private static let fields: [(String, @Sendable (Product) -> String)] = [
        ("SKU", { $0.sku }),
        ("Name", { $0.name }),
        ("Price", { Money.text(cents: $0.priceCents) }),
        ("Taxable", { $0.taxable ? "Yes" : "No" }),
        ("Track stock", { $0.stock == nil ? "No" : "Yes" }),
        ("On hand", { $0.stock.map { String($0.onHand) } ?? "" }),
        ("Allow backorder", { $0.stock.map { $0.allowBackorder ? "Yes" : "No" } ?? "" }),
        ("Status", { $0.active ? "Active" : "Archived" }),
    ]

    private typealias Stock = Product.Stock
}

/// How free text finds products, the same for every store: the search text is the SKU and the name
/// folded as the order search folds (`OrderSearch.fold`: case, accents and apostrophes do not
/// count), kept by the SQL stores in `search_text`; each word of a query must be a substring of it.
enum ProductSearch {
    static func searchText(of product: Product) -> String {
        OrderSearch.fold(product.sku) + " " + OrderSearch.fold(product.name)
    }

    /// The folded words of a query (at most `OrderSearch.maximumWords`), duplicates dropped.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        for piece in text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" }) {
            let folded = OrderSearch.fold(String(piece))
            if !folded.isEmpty, !words.contains(folded) { words.append(folded) }
            if words.count == OrderSearch.maximumWords { break }
        }
        return words
    }

    static func matches(_ product: Product, _ words: [String]) -> Bool {
        let text = searchText(of: product)
        return words.allSatisfy { text.utf8.firstRange(of: $0.utf8) != nil }
    }

    /// Whether SKU `a` sorts before `b`: by UTF-8 bytes, as SQLite's BINARY and PostgreSQL's
    /// `COLLATE "C"` sort them.
    static func skuPrecedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

extension ProductsStoreError {
    /// What a store throws for `error` from its database: a store error as it is, anything else
    /// as unavailable, saying what was being done.
    static func from(_ error: any Error, doing what: String) -> ProductsStoreError {
        (error as? ProductsStoreError) ?? .unavailable("\(what): \(String(reflecting: error))")
    }
}
