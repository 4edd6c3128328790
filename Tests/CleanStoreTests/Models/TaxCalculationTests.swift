import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Invoice-basis tax (`TaxCalculation`, `OrderTotals.priced`): rounded half-up once on the taxable
/// base, shared out by largest remainder so that lines, shipping and the order add up to the cent.
final class TaxCalculationTests: XCTestCase {
    static func tax(_ ratePPM: Int64, collect: Bool = true, shipping: Bool = false) -> AppliedTax {
        AppliedTax(region: "NY", postalPrefix: "", ratePPM: ratePPM, collect: collect, shippingTaxable: shipping)
    }

    static func line(_ number: Int, cents: Int64, quantity: Int, taxable: Bool = true) -> OrderLine {
        OrderLine(
            key: OrderLine.key(number: number), productID: Int64(number), sku: "SKU-\(number)", name: "Item \(number)",
            catalogPriceCents: cents, quantity: quantity, taxable: taxable)
    }

    // MARK: The cases anchors get wrong

    func testFourAtTwoFiftyAt8625PercentIs86CentsNot88() {
        // Given: 4 × $2.50 at 8.625 % (per-unit rounding, $0.22 × 4, gives $0.88)
        var lines = [Self.line(1, cents: 250, quantity: 4)]

        // When
        let totals = OrderTotals.priced(lines: &lines, shippingCents: 0, tax: Self.tax(86_250))

        // Then: $10.00 × 8.625 % = $0.8625 → $0.86, once
        XCTAssertEqual(totals.taxCents, 86)
        XCTAssertEqual(lines.map(\.taxCents), [86])
        XCTAssertEqual(totals.subtotalCents, 1000)
        XCTAssertEqual(totals.totalCents, 1086)
    }

    func testFiftyDollarsAt825PercentIs413() {
        var lines = [Self.line(1, cents: 5000, quantity: 1)]
        let totals = OrderTotals.priced(lines: &lines, shippingCents: 0, tax: Self.tax(82_500))
        // $4.125: a half cent rounds up
        XCTAssertEqual(totals.taxCents, 413)
        XCTAssertEqual(lines.map(\.taxCents), [413])
    }

    func testTenNinetyNineAt625PercentIs69() {
        var lines = [Self.line(1, cents: 1099, quantity: 1)]
        let totals = OrderTotals.priced(lines: &lines, shippingCents: 0, tax: Self.tax(62_500))
        // $0.686875 → $0.69
        XCTAssertEqual(totals.taxCents, 69)
        XCTAssertEqual(totals.totalCents, 1168)
    }

    // MARK: Shipping, collect, untaxed lines

    func testShippingIsTaxedOnlyWhenTheRateSaysSo() {
        var lines = [Self.line(1, cents: 1000, quantity: 1)]
        let untaxed = OrderTotals.priced(lines: &lines, shippingCents: 999, tax: Self.tax(88_750))
        // $10.00 × 8.875 % = $0.8875 → $0.89; shipping not taxed
        XCTAssertEqual(untaxed.taxCents, 89)
        XCTAssertEqual(untaxed.totalCents, 1000 + 999 + 89)

        let result = TaxCalculation.compute(lines: [(1000, true)], shippingCents: 999, tax: Self.tax(88_750, shipping: true))
        // ($10.00 + $9.99) × 8.875 % = $1.7741125 → $1.77, shared: 88.75 → 89 (larger remainder) and 88.66 → 88
        XCTAssertEqual(result.taxCents, 177)
        XCTAssertEqual(result.lineTaxCents, [89])
        XCTAssertEqual(result.shippingTaxCents, 88)
    }

    func testNothingIsCollectedWhereTheRateSaysNotEvenWithAPercentStored() {
        // Given: a rate whose `collect` is false (Oregon), though a percentage is stored
        let oregon = TaxRate(region: "OR", ratePPM: 50_000, collect: false, shippingTaxable: true, effectiveFrom: ShopDay("2020-01-01")!)
        XCTAssertEqual(oregon.applied.ratePPM, 0)
        XCTAssertEqual(oregon.applied.percentText, "0%")

        // Both the stored applied rate and one that somehow still held a percentage collect nothing
        for tax in [oregon.applied, Self.tax(50_000, collect: false, shipping: true)] {
            var lines = [Self.line(1, cents: 1000, quantity: 3), Self.line(2, cents: 1, quantity: 1)]
            let totals = OrderTotals.priced(lines: &lines, shippingCents: 500, tax: tax)
            XCTAssertEqual(totals.taxCents, 0)
            XCTAssertEqual(lines.map(\.taxCents), [0, 0])
            XCTAssertEqual(totals.totalCents, 3001 + 500)
            XCTAssertEqual(totals.tax, tax, "the rate is kept with the order, collect false")
        }
    }

    func testNoRateLeavesTheOrderUntaxedAndSaysSo() {
        var lines = [Self.line(1, cents: 1000, quantity: 1)]
        lines[0].taxCents = 7
        let totals = OrderTotals.priced(lines: &lines, shippingCents: 100, tax: nil)
        XCTAssertEqual(totals, OrderTotals(subtotalCents: 1000, shippingCents: 100, taxCents: 0, tax: nil))
        XCTAssertEqual(lines[0].taxCents, 0, "a share computed before is cleared")
    }

    func testUntaxedLinesGetNoShareAndTiesGoToTheEarlierLine() {
        // Given: three equal taxable lines with equal remainders, and an untaxed one between them
        let result = TaxCalculation.compute(
            lines: [(100, true), (5000, false), (100, true), (100, true)], shippingCents: 0, tax: Self.tax(50_000))
        // 3 × $1.00 × 5 % = $0.15 exactly: each 5 cents, nothing for the untaxed line
        XCTAssertEqual(result.lineTaxCents, [5, 0, 5, 5])

        // $0.10 × 3 at 5 %: each line's exact share 0.5 ¢ (floor 0); the order's $0.015 → 2 ¢
        let ties = TaxCalculation.compute(lines: [(10, true), (10, true), (10, true)], shippingCents: 0, tax: Self.tax(50_000))
        XCTAssertEqual(ties.taxCents, 2)
        XCTAssertEqual(ties.lineTaxCents, [1, 1, 0], "equal remainders: the earlier lines first")
    }

    func testTheLargestOrderAtAHundredPercentDoesNotOverflow() {
        // Given: 100 lines of $9,999,999.99 × 9,999 at 100 % (past Int64 once times the rate in ppm)
        let amount = Money.largestTypedCents * Int64(OrderLine.quantities.upperBound)
        let lines = Array(repeating: (amountCents: amount, taxable: true), count: OrderLine.mostLines)

        // When
        let result = TaxCalculation.compute(lines: lines, shippingCents: Money.largestTypedCents, tax: Self.tax(1_000_000, shipping: true))

        // Then: the tax is the base, to the cent
        XCTAssertEqual(result.taxCents, amount * 100 + Money.largestTypedCents)
        XCTAssertEqual(result.lineTaxCents, Array(repeating: amount, count: 100))
        XCTAssertEqual(result.shippingTaxCents, Money.largestTypedCents)
    }

    // MARK: 10,000 generated orders

    func testLinesAndShippingAddUpToTheOrderTaxOverTenThousandGeneratedOrders() {
        var random = SplitMix64(seed: 26)
        for number in 1...10_000 {
            // Given: an order of 1–12 lines, some untaxed, at a rate of 0–12 % in any ppm
            let count = Int(random.next(upTo: 12)) + 1
            let lines = (0..<count).map { _ in
                (amountCents: Int64(random.next(upTo: 500_000)) * Int64(random.next(upTo: 20) + 1), taxable: random.next(upTo: 5) != 0)
            }
            let shipping = Int64(random.next(upTo: 3_000))
            let tax = Self.tax(Int64(random.next(upTo: 120_001)), shipping: random.next(upTo: 2) == 0)

            // When
            let result = TaxCalculation.compute(lines: lines, shippingCents: shipping, tax: tax)

            // Then: Σ line tax + shipping tax = the order's tax = base × rate, rounded half-up once
            let base = lines.filter(\.taxable).map(\.amountCents).reduce(0, +) + (tax.shippingTaxable ? shipping : 0)
            // (in plain 64 bits, which these orders stay well within: ≤ 1.2 × 10⁸ cents × 1.2 × 10⁵)
            XCTAssertEqual(result.taxCents, (base * tax.ratePPM + 500_000) / 1_000_000, "order \(number)")
            XCTAssertEqual(result.lineTaxCents.reduce(0, +) + result.shippingTaxCents, result.taxCents, "order \(number)")
            // And each share is its exact share's floor or one cent more; untaxed parts get none
            let parts = lines.map { $0.taxable ? $0.amountCents : 0 } + [tax.shippingTaxable ? shipping : 0]
            let shares = result.lineTaxCents + [result.shippingTaxCents]
            for (part, share) in zip(parts, shares) {
                let floor = part * tax.ratePPM / 1_000_000
                XCTAssertTrue(share == floor || share == floor + 1, "order \(number): \(share) for \(part)")
                if part == 0 { XCTAssertEqual(share, 0, "order \(number)") }
            }
        }
    }
}

/// A seeded generator (SplitMix64, Steele et al. 2014): the same numbers on every run, so that a
/// failure is reproduced by running the test again. Hand-written: the standard library's
/// generator cannot be seeded.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<bound (modulo bias is of no matter here: any spread of orders will do).
    mutating func next(upTo bound: UInt64) -> UInt64 { next() % bound }
}
