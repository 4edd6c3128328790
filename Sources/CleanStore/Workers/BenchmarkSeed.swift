import Foundation

/// `cleanstore seed N`: N orders of scripts/bench's shape written through the store's own code
/// (`OrdersStoreProtocol.createOrders`), so that each has its own card ciphertext (`CardKeyring`,
/// the key the server uses), its search columns (`OrderColumns`), its number from the counter and
/// its `.created` event, as an order made by the app has; `batchSize` orders a transaction, so
/// that a million is a matter of minutes, not of a million commits.
///
/// The shape is scripts/bench's SQL seed's (issue 7): orders one second apart, the newest a minute
/// before `now`; names cycling through `firstNames` × `lastNames` (a pair comes back every 4,000
/// orders); phones `415-555-0000` to `415-555-9999`; an address and an email of the order's number;
/// the shipping speed cycling standard, one-day, two-day; no lines (scripts/bench gives one order 20
/// lines, and drafts theirs, with SQL of its own).
///
/// It refuses a store that holds any order unless `force`: seeded orders are made-up customers
/// with a test card, and must never land among a shop's real ones by a mistyped `--database`.
public struct BenchmarkSeed: Sendable {
    /// scripts/bench's FIRST_NAMES and LAST_NAMES: its search rows look for `firstNames[1] lastNames[0]`.
    public static let firstNames = [
        "Amy", "Grace", "Alan", "Ada", "Linus", "Barbara", "Dennis", "Margaret", "Ken", "Frances", "John", "Radia",
        "Tim", "Shafi", "Donald", "Katherine", "Edsger", "Hedy", "Niklaus", "Sophie", "Bjarne", "Anita", "Guido",
        "Jean", "Vint", "Karen", "Bob", "Mary", "Leslie", "Evelyn", "Robin", "Carol", "Whitfield", "Joan", "Butler",
        "Lynn", "Ivan", "Adele", "Fran", "Ward",
    ]
    public static let lastNames = [
        "Apple", "Hopper", "Turing", "Lovelace", "Torvalds", "Liskov", "Ritchie", "Hamilton", "Thompson", "Allen",
        "Backus", "Perlman", "Berners", "Goldwasser", "Knuth", "Johnson", "Dijkstra", "Lamarr", "Wirth", "Wilson",
        "Stroustrup", "Borg", "Rossum", "Sammet", "Cerf", "Jones", "Kahn", "Keller", "Lamport", "Berezin", "Milner",
        "Shaw", "Diffie", "Clarke", "Lampson", "Conway", "Sutherland", "Goldberg", "Allen", "Cunningham",
        "Adams", "Baker", "Clark", "Davis", "Evans", "Foster", "Green", "Harris", "Irving", "Jackson", "King", "Lewis",
        "Moore", "Nelson", "Owens", "Parker", "Quinn", "Roberts", "Smith", "Taylor", "Underwood", "Vaughn", "Walker",
        "Young", "Zimmer", "Bishop", "Carter", "Dawson", "Ellis", "Fisher", "Grant", "Hughes", "Ingram", "Jensen",
        "Knight", "Lawson", "Mason", "Norris", "Oliver", "Porter", "Reed", "Stone", "Tucker", "Upton", "Vance",
        "Wade", "Yates", "Abbott", "Barker", "Cole", "Dean", "Fox", "Gray", "Hale", "Ives", "Judd", "Kemp", "Lane",
        "Marsh", "Nash",
    ]
    /// The test card every seeded order pays with (a Visa test number; never a real one).
    public static let cardNumber = "4111111111111111"

    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// The store holds orders (at least this many) and `force` was not given.
        case holdsOrders(Int)
        case badCount(Int)

        public var description: String {
            switch self {
            case .holdsOrders(let count):
                "The database already holds \(count == Self.countLimit ? "\(count) or more" : "\(count)") order(s): "
                    + "seeding adds made-up orders beside them. Give --force if that is what you want."
            case .badCount(let count): "Cannot seed \(count) orders: give a number from 1 up"
            }
        }

        /// How far the check counts (`countOrders(upTo:)`): it needs only to know there is one.
        static let countLimit = 1_000
    }

    let store: any OrdersStoreProtocol
    /// Orders a transaction (at least 1).
    public let batchSize: Int

    public init(store: any OrdersStoreProtocol, batchSize: Int = 1_000) {
        self.store = store
        self.batchSize = max(1, batchSize)
    }

    /// The `number`th order (1 to `count`) of `count`, seeded at `now`: order `count` is the newest.
    public static func order(_ number: Int, of count: Int, now: Date) -> Order {
        let first = firstNames[number % firstNames.count]
        let last = lastNames[(number / firstNames.count) % lastNames.count]
        let reference = 1_000_000 + number
        let address = Address(street1: "\(reference) Main St", city: "San Francisco", state: "CA", zip: "94107")
        let phoneDigits = String(number % 10_000)
        let phone = "415-555-" + String(repeating: "0", count: 4 - phoneDigits.count) + phoneDigits
        return Order(
            firstName: first, lastName: last, phone: phone, email: "customer\(reference)@example.com",
            billingAddress: address,
            paymentMethod: PaymentMethod(creditCardNumber: cardNumber, expirationDate: .init(year: 2030, month: 4)),
            shipmentAddress: address,
            shipmentMethod: ShipmentMethod(speed: ShipmentMethod.ShippingSpeed(rawValue: number % 3) ?? .standard),
            date: now.addingTimeInterval(Double(number - count) - 60))
    }

    /// Writes `count` orders, `batchSize` a transaction, oldest first, telling `progress` how many are
    /// written after each batch. Refuses (`Refusal`) before writing anything when `count` is not
    /// positive or the store holds an order and `force` is false. Returns how many it wrote.
    @discardableResult
    public func seed(
        _ count: Int, now: Date, force: Bool, progress: @Sendable (Int) -> Void = { _ in }
    ) async throws -> Int {
        guard count > 0 else { throw Refusal.badCount(count) }
        if !force {
            let held = try await store.countOrders(matching: .all, upTo: Refusal.countLimit)
            if held > 0 { throw Refusal.holdsOrders(held) }
        }
        var written = 0
        while written < count {
            let batch = (written + 1...min(count, written + batchSize)).map { Self.order($0, of: count, now: now) }
            written += try await store.createOrders(batch, by: nil, at: now).count
            progress(written)
        }
        return written
    }
}
