import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Random and mutated form bodies through the whole app (seeded, so every run is the same):
/// never a crash, never a 500, never an invalid order stored.
final class FormFuzzTests: XCTestCase {
    /// SplitMix64: a small, seeded generator.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet = Array("aZ09 %&=+-/._~;'\"<>#?@!()\t\n") + ["é", "•", "李", "\u{0}", "\u{7F}", "\u{202E}"]

    static func randomText(_ rng: inout SeededGenerator, maxLength: Int) -> String {
        String((0..<Int.random(in: 0...maxLength, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
    }

    /// One of many ways to spoil a valid form body.
    static func mutate(_ body: String, _ rng: inout SeededGenerator) -> String {
        var pairs = body.split(separator: "&").map(String.init)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0:  // drop a field
            pairs.remove(at: Int.random(in: 0..<pairs.count, using: &rng))
        case 1:  // repeat a field
            pairs.append(pairs.randomElement(using: &rng)!)
        case 2:  // a random value (percent-encoded, so it is a well-formed form)
            let index = Int.random(in: 0..<pairs.count, using: &rng)
            let name = pairs[index].split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let value = randomText(&rng, maxLength: 40).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            pairs[index] = "\(name)=\(value)"
        case 3:  // a raw random value (may be malformed)
            let index = Int.random(in: 0..<pairs.count, using: &rng)
            let name = pairs[index].split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            pairs[index] = "\(name)=\(randomText(&rng, maxLength: 20))"
        case 4:  // an unknown field
            pairs.append("\(randomText(&rng, maxLength: 8).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x")=1")
        case 5:  // a huge value
            let index = Int.random(in: 0..<pairs.count, using: &rng)
            pairs[index] += String(repeating: "9", count: Int.random(in: 50...5_000, using: &rng))
        case 6:  // the checkbox with an odd value
            pairs.append("billingAddressSameAsShipping=\(["yes", "ON", "1", "", "on%00"].randomElement(using: &rng)!)")
        default:  // a byte-level edit anywhere
            var characters = Array(pairs.joined(separator: "&"))
            if !characters.isEmpty {
                characters[Int.random(in: 0..<characters.count, using: &rng)] = alphabet.randomElement(using: &rng)!
            }
            return String(characters)
        }
        return pairs.joined(separator: "&")
    }

    func testRandomAndMutatedFormsNeverCrashNever500AndNeverStoreAnInvalidOrder() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        var rng = SeededGenerator(state: 20_071_629)
        var bodies: [String] = (0..<300).map { _ in Self.randomText(&rng, maxLength: 300) }
        for _ in 0..<1_500 {
            var body = Seeds.formBody(Seeds.validFormFields)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { body = Self.mutate(body, &rng) }
            bodies.append(body)
        }
        // 409: an update from version 1 once order 1 has been saved (or with a spoilt version).
        let allowed: Set<Int> = [303, 400, 404, 409, 413, 422]
        let posts = bodies
        let statuses = try await app.test { client in
            var statuses: [Int: Int] = [:]
            for (index, body) in posts.enumerated() {
                let response = try await client.post(index % 2 == 0 ? "/orders" : "/orders/1", form: body)
                XCTAssert(allowed.contains(response.status.code), "\(response.status) for \(body.debugDescription)")
                statuses[response.status.code, default: 0] += 1
            }
            return statuses
        }
        XCTAssertGreaterThan(statuses[303] ?? 0, 50, "Some mutations stay valid: \(statuses)")
        XCTAssertGreaterThan(statuses[422] ?? 0, 50, "\(statuses)")
        XCTAssertGreaterThan(statuses[400] ?? 0, 10, "\(statuses)")

        // Every stored order passes the rules again.
        let validator = OrderValidationWorker(now: { Seeds.june29 }, timeZone: TimeZone(identifier: "UTC")!)
        let presenter = CreateOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        for order in try await app.store.fetchOrders() {
            var fields = presenter.formFields(of: order)
            fields.paymentMethodCreditCardNumber = order.paymentMethod.creditCardNumber
            fields.paymentMethodExpirationDate = "\(order.paymentMethod.expirationDate.month)/\(order.paymentMethod.expirationDate.year)"
            fields.paymentMethodCVV = "123"
            guard case .valid(let form) = validator.validate(fields, card: .required) else {
                return XCTFail("Stored order \(order.id ?? "") breaks the rules: \(validator.validate(fields, card: .required))")
            }
            XCTAssertEqual(form.firstName, order.firstName, "Stored values are already normalised")
            XCTAssertEqual(form.creditCardNumber, order.paymentMethod.creditCardNumber)
        }

        // Every draft the old one-page form made holds sections that pass the rules, and no card.
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 2_000)
        XCTAssertGreaterThan(drafts.count, 50, "Posts to /orders become drafts")
        for draft in drafts {
            let fields = EditDraftPresenter.fields(of: draft)
            if draft.contact != Draft.Contact() {
                guard case .success = validator.validateContact(fields) else { return XCTFail("Draft \(draft.ref)'s caller breaks the rules") }
            }
            if draft.shipmentAddress != Draft.emptyAddress {
                guard case .success = validator.validateDelivery(fields) else { return XCTFail("Draft \(draft.ref)'s delivery breaks the rules") }
            }
        }
    }
}
