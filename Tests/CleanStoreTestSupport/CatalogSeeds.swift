import Foundation

@testable import CleanStore

/// Products and tax rates for the draft pages' tests, put straight into a memory database's
/// tables (`Tables.products`, `Tables.taxRates`): what the catalog's and tax table's stores would
/// hold (those stores and their pages are tested on their own).
enum CatalogSeeds {
    static let mug = Product(id: 1, sku: "MUG-1", name: "Blue mug", priceCents: 1250, createdAt: Seeds.june29)
    static let tee = Product(id: 2, sku: "TEE-M", name: "T-shirt, medium", priceCents: 1999, createdAt: Seeds.june29)
    static let cap = Product(id: 3, sku: "CAP-1", name: "Cap", priceCents: 900, taxable: false, createdAt: Seeds.june29)
    static let lamp = Product(id: 4, sku: "LAMP-9", name: "Old lamp", priceCents: 3000, active: false, createdAt: Seeds.june29)
    static let all = [mug, tee, cap, lamp]

    /// California at 7.25 %, since 2000.
    static let california = TaxRate(id: 1, region: "CA", ratePPM: 72_500, effectiveFrom: ShopDay("2000-01-01")!)

    /// Puts `products` and `rates` into `database`.
    static func seed(_ database: MemoryAppDatabase, products: [Product] = all, rates: [TaxRate] = [california]) async {
        await database.transaction { tables in
            for product in products { tables.products[product.id!] = product }
            tables.taxRates.append(contentsOf: rates)
        }
    }

    /// The memory database behind a test environment's drafts (and its catalog).
    static func database(of environment: SceneEnvironment) -> MemoryAppDatabase {
        (environment.drafts as! DraftsMemStore).database
    }
}
