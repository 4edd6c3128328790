import Foundation
import GRDB
import PostgresNIO
import XCTest

@testable import CleanStore

/// The orders, drafts and events stores of one database (memory, SQLite, PostgreSQL), with its
/// catalog and tax table seeded and read directly: the drafts' and orders' contract tests need
/// products and rates, and the products' and tax rates' own stores are other work (issue 26).
/// Each seeds as a store would write the row: `products` (v14 / 13), `tax_rates` (v15 / 14).
struct GoodsStores: Sendable {
    let name: String
    let orders: any OrdersStoreProtocol
    let drafts: any DraftsStoreProtocol
    let events: any OrderEventsStoreProtocol
    /// The customers of the same database (a draft copies one; placing saves its caller).
    let customers: any CustomersStoreProtocol
    /// Saves `product` (its id ignored); returns its id.
    let addProduct: @Sendable (Product) async throws -> Int64
    let addRate: @Sendable (TaxRate) async throws -> Void
    /// The product with `id` as stored now (its stock included).
    let product: @Sendable (Int64) async throws -> Product?
    /// Webhook endpoints and the deliveries the changes write (the same database).
    var webhooks: any WebhooksStoreProtocol
    /// Makes every later write of a webhook delivery fail inside its transaction (a trigger), so a
    /// change that writes one is rolled back; nil in memory, whose transactions decide before
    /// they write.
    var failDeliveryWrites: (@Sendable () async throws -> Void)?

    /// Draft references in a fixed sequence, `D-AAAAA2`, `D-AAAAA3`, … (no look-alikes).
    static func refs() -> DraftRefs {
        let counter = RefCounter()
        return DraftRefs { counter.next() }
    }

    static func memory(refs given: DraftRefs? = nil) -> GoodsStores {
        let database = MemoryAppDatabase()
        return GoodsStores(
            name: "memory", orders: OrdersMemStore(database: database), drafts: DraftsMemStore(database: database, refs: given ?? refs()),
            events: OrderEventsMemStore(database: database), customers: CustomersMemStore(database: database),
            addProduct: { product in
                await database.transaction { tables in
                    let id = (tables.products.keys.max() ?? 0) + 1
                    var product = product
                    product.id = id
                    tables.products[id] = product
                    return id
                }
            },
            addRate: { rate in await database.transaction { tables in tables.taxRates.append(rate) } },
            product: { id in await database.read { $0.products[id] } }, webhooks: WebhooksMemStore(database: database),
            failDeliveryWrites: nil)
    }

    static func sqlite(path: String, refs given: DraftRefs? = nil) throws -> GoodsStores {
        let database = try SQLiteAppDatabase(path: path, cards: TestCardKeys.keyring, logger: TestStores.silentLogger)
        return GoodsStores(
            name: "SQLite", orders: OrdersSQLiteStore(database: database), drafts: DraftsSQLiteStore(database: database, refs: given ?? refs()),
            events: OrderEventsSQLiteStore(database: database), customers: CustomersSQLiteStore(database: database),
            addProduct: { product in
                try await database.pool.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO products (sku, name, price_cents, taxable, track_stock, on_hand, committed, allow_backorder, active, created_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            product.sku, product.name, product.priceCents, product.taxable, product.stock != nil, product.stock?.onHand ?? 0,
                            product.stock?.committed ?? 0, product.stock?.allowBackorder ?? false, product.active,
                            product.createdAt.timeIntervalSince1970,
                        ])
                    return db.lastInsertedRowID
                }
            },
            addRate: { rate in
                try await database.pool.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO tax_rates (region, postal_prefix, rate_ppm, collect, shipping_taxable, effective_from, effective_to)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            rate.region, rate.postalPrefix, rate.ratePPM, rate.collect, rate.shippingTaxable, rate.effectiveFrom.text,
                            rate.effectiveTo?.text,
                        ])
                }
            },
            product: { id in try await database.pool.read { db in try OrderGoodsSQLite.products(ids: [id], in: db)[id] } },
            webhooks: WebhooksSQLiteStore(database: database),
            failDeliveryWrites: {
                try await database.pool.write { db in
                    try db.execute(
                        sql: "CREATE TRIGGER no_deliveries BEFORE INSERT ON webhook_deliveries BEGIN SELECT RAISE(ABORT, 'no deliveries'); END")
                }
            })
    }

    static func postgres(for testCase: XCTestCase, refs given: DraftRefs? = nil) async throws -> GoodsStores {
        try await postgres(on: try await TestPostgres.makeStore(for: testCase).database, refs: given)
    }

    /// The stores of `database` (migrated): two of these on two clients of one database are two app instances.
    static func postgres(on database: PostgresAppDatabase, refs given: DraftRefs? = nil) async throws -> GoodsStores {
        let client = database.client
        let logger = TestPostgres.logger
        return GoodsStores(
            name: "PostgreSQL", orders: OrdersPostgresStore(database: database),
            drafts: DraftsPostgresStore(database: database, refs: given ?? refs()), events: OrderEventsPostgresStore(database: database),
            customers: CustomersPostgresStore(database: database),
            addProduct: { product in
                let stock = product.stock
                let rows = try await client.query(
                    """
                    INSERT INTO products (sku, name, price_cents, taxable, track_stock, on_hand, committed, allow_backorder, active, created_at)
                    VALUES (\(product.sku), \(product.name), \(product.priceCents), \(product.taxable), \(stock != nil),
                        \(stock?.onHand ?? 0), \(stock?.committed ?? 0), \(stock?.allowBackorder ?? false), \(product.active),
                        \(product.createdAt.timeIntervalSince1970))
                    RETURNING id
                    """, logger: logger)
                for try await id in rows.decode(Int64.self) { return id }
                throw UnexpectedValue()
            },
            addRate: { rate in
                try await client.query(
                    """
                    INSERT INTO tax_rates (region, postal_prefix, rate_ppm, collect, shipping_taxable, effective_from, effective_to)
                    VALUES (\(rate.region), \(rate.postalPrefix), \(rate.ratePPM), \(rate.collect), \(rate.shippingTaxable),
                        \(rate.effectiveFrom.text), \(rate.effectiveTo?.text))
                    """, logger: logger)
            },
            product: { id in
                try await client.withConnection { connection in try await OrderGoodsPostgres.products(ids: [id], on: connection, logger: logger)[id] }
            },
            webhooks: WebhooksPostgresStore(database: database),
            failDeliveryWrites: {
                try await client.query(
                    "CREATE FUNCTION no_deliveries() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'no deliveries'; END $$ LANGUAGE plpgsql",
                    logger: logger)
                try await client.query(
                    "CREATE TRIGGER no_deliveries BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION no_deliveries()",
                    logger: logger)
            })
    }

    private final class RefCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> String {
            lock.withLock {
                value += 1
                var number = value
                var text = ""
                for _ in 0..<6 {
                    text = String(DraftRefs.alphabet[number % DraftRefs.alphabet.count]) + text
                    number /= DraftRefs.alphabet.count
                }
                return "D-" + text
            }
        }
    }
}
