import Fluent
import Foundation
import SQLKit
import Vapor

/// `vapor-peer seed N [--clear] [--seed S]`: add N generated orders (valid data, dates spread
/// over the past year, oldest first), the same data shape as the Django peer's `seed_orders`.
/// Migrations have already run (configure). Rows go in with multi-row INSERTs through SQLKit,
/// all in one transaction: 100,000 Fluent `save()`s would take minutes.
struct SeedCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "count", help: "How many orders to add")
        var count: Int

        @Flag(name: "clear", help: "Delete all orders first")
        var clear: Bool

        @Option(name: "seed", help: "Random seed (default 1)")
        var seed: UInt64?

        @Option(name: "batch-size", help: "Rows per INSERT (default 500)")
        var batchSize: Int?
    }

    var help: String { "Adds N generated orders to the database." }

    static let first = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Frances", "Dennis"]
    static let last = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Allen", "Ritchie"]
    static let streets = ["Main St", "Oak Ave", "Pine Rd", "Maple Dr", "Cedar Ln", "Elm St", "Market St", "Lake Blvd"]
    static let cities = [("San Francisco", "CA", "94107"), ("Portland", "OR", "97201"), ("Austin", "TX", "73301"),
                         ("Boston", "MA", "02108"), ("Denver", "CO", "80202"), ("Chicago", "IL", "60601")]
    static let cards = ["4111111111111111", "5555555555554444", "378282246310005", "6011111111111117"]
    static let columns = ["created_at", "first_name", "last_name", "phone", "email",
                          "ship_street1", "ship_street2", "ship_city", "ship_state", "ship_zip", "shipping_method",
                          "card_number", "card_expiration", "card_cvv",
                          "bill_street1", "bill_street2", "bill_city", "bill_state", "bill_zip", "total"]

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let count = signature.count
        let batchSize = max(1, min(signature.batchSize ?? 500, 10_000))
        let seed = signature.seed ?? 1
        let now = Date().timeIntervalSince1970
        let span = 365.0 * 24 * 3600
        let started = Date()

        try await app.db.transaction { db in
            let sql = db as! any SQLDatabase
            var rng = SplitMix64(seed: seed)
            if signature.clear {
                try await sql.delete(from: Order.schema).run()
            }
            var i = 0
            while i < count {
                let insert = sql.insert(into: Order.schema).columns(Self.columns)
                for j in i..<min(i + batchSize, count) {
                    let first = Self.first.randomElement(using: &rng)!
                    let last = Self.last.randomElement(using: &rng)!
                    let (city, state, zip) = Self.cities.randomElement(using: &rng)!
                    let street = "\(Int.random(in: 1...9999, using: &rng)) \(Self.streets.randomElement(using: &rng)!)"
                    let street2 = ["", "", "Apt \(Int.random(in: 1...99, using: &rng))"].randomElement(using: &rng)!
                    let cents = Int.random(in: 100...500_000, using: &rng)
                    let month = Int.random(in: 1...12, using: &rng)
                    let row: [any Encodable & Sendable] = [
                        now - span * Double(count - j) / Double(count),
                        first, last,
                        "555 \(Int.random(in: 100...999, using: &rng)) \(Int.random(in: 1000...9999, using: &rng))",
                        "\(first).\(last)\(j)@example.com".lowercased(),
                        street, street2, city, state, zip,
                        ShippingMethod.allCases.randomElement(using: &rng)!.rawValue,
                        Self.cards.randomElement(using: &rng)!,
                        (month < 10 ? "0" : "") + "\(month)/\(Int.random(in: 30...35, using: &rng))",
                        "\(Int.random(in: 100...999, using: &rng))",
                        street, "", city, state, zip,
                        "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)",
                    ]
                    insert.values(row)
                }
                try await insert.run()
                i += batchSize
            }
        }
        let total = try await Order.query(on: app.db).count()
        let seconds = Date().timeIntervalSince(started)
        context.console.print("\(total) orders in the database (added \(count) in \(String(format: "%.1f", seconds)) s)")
    }
}

/// Small, seedable generator so that `seed N` makes the same data each time.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
