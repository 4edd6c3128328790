import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime
import XCTest

@testable import CleanStore

/// `APIJSONWriter` writes the bytes the generated code's encoder writes for the same value (the
/// runtime's `Converter` with `APIRoutes.configuration`: Foundation's `JSONEncoder`): the list's
/// page and an order, every optional field there and left out, every ASCII character, non-ASCII
/// text, money and numbers at their limits, dates inside and outside the transcoder's arithmetic.
final class APIJSONWriterTests: XCTestCase {
    typealias Schemas = Components.Schemas

    /// What the generated code would answer for `value`: its JSON, as the runtime encodes it.
    private func encoded<T: Encodable>(_ value: T) async throws -> String {
        var fields = HTTPFields()
        let body = try Converter(configuration: APIRoutes.configuration).setResponseBodyAsJSON(
            value, headerFields: &fields, contentType: "application/json; charset=utf-8")
        return String(decoding: try await Data(collecting: body, upTo: .max), as: UTF8.self)
    }

    private func written(_ page: Schemas.OrderPage) throws -> String {
        String(decoding: try APIJSONWriter.bytes(of: page, dates: APIRoutes.configuration.dateTranscoder), as: UTF8.self)
    }

    private func written(_ order: Schemas.Order) throws -> String {
        String(decoding: try APIJSONWriter.bytes(of: order, dates: APIRoutes.configuration.dateTranscoder), as: UTF8.self)
    }

    private static let june29 = Date(timeIntervalSince1970: 1_183_114_800)  // 2007-06-29T11:00:00Z

    private static func money(_ cents: Int64) -> Schemas.Money { Schemas.Money(amount: cents, currency: .usd) }

    private static func summary(_ id: String, text: String = "Amy", cents: Int64 = 1999, version: Int = 1, at: Date = june29)
        -> Schemas.OrderSummary
    {
        Schemas.OrderSummary(
            id: id, placedAt: at, status: .paid, firstName: text, lastName: "Apple", email: "amy@example.com", total: money(cents),
            version: version)
    }

    private static func line(_ key: String, reason: String? = nil, taxable: Bool = true) -> Schemas.OrderLine {
        Schemas.OrderLine(
            key: key, sku: "SKU-\(key)", name: "Widget \(key)", quantity: 3, unitPrice: money(250), catalogPrice: money(300),
            priceReason: reason, amount: money(750), taxable: taxable)
    }

    private static let address = Schemas.Address(street1: "1 Infinite Loop", street2: "Suite 300", city: "Cupertino", state: "CA", zip: "95014")

    private static func order(every: Bool, text: String = "Amy", lines: [Schemas.OrderLine] = [line("1")]) -> Schemas.Order {
        Schemas.Order(
            id: "1033334", version: 7, placedAt: june29, status: .cancelled, cancellationReason: every ? "Customer \"changed\" mind" : nil,
            firstName: text, lastName: "Apple", phone: "(415) 555-0100", email: "amy@example.com", shippingAddress: address,
            billingAddress: Schemas.Address(street1: text, street2: "", city: "San José", state: "CA", zip: "95113"), shipping: .twoDay,
            cardLastFour: "1111", itemsRecorded: every, lines: lines, subtotal: money(750), shippingCost: money(1_000), tax: money(66),
            taxRate: every ? "8.75" : nil, total: money(1_816), allowedActions: every ? [.markPaid, .markPacked, .markShipped, .cancel] : [],
            createdBy: every ? Schemas.Person(username: "clerk", displayName: "Clara Clerk") : nil,
            updatedBy: every ? Schemas.Person(username: "super/visor", displayName: "Sam \\ Supervisor") : nil,
            updatedAt: every ? june29.addingTimeInterval(86_400 * 3 + 61) : nil)
    }

    /// Every character from U+0000 to U+007F, and non-ASCII text of one to four bytes a character
    /// (Latin, CJK, an emoji, a combining accent, U+0085, U+2028 and U+2029, U+FEFF, U+FFFD).
    private static let texts: [String] = {
        let ascii = String(String.UnicodeScalarView((0...0x7F).compactMap(Unicode.Scalar.init)))
        return [
            ascii, "", "José Müller-Lüdenscheidt", "東京都千代田区", "🛒 order", "e\u{301}", "a\u{85}b\u{2028}c\u{2029}d",
            "\u{FEFF}bom", "\u{FFFD}", "\\\"/\u{0}\u{1F}\u{7F}", "</script>", "1 Market St / Suite 3",
        ]
    }()

    func testThePageIsWrittenAsTheGeneratedCodeWritesIt() async throws {
        let pages: [Schemas.OrderPage] = [
            Schemas.OrderPage(orders: []),
            Schemas.OrderPage(orders: [Self.summary("1")]),
            Schemas.OrderPage(orders: (1...50).map { Self.summary("\(1_000_000 + $0)", version: $0) }, next: "c1", previous: "c2/+="),
            Schemas.OrderPage(orders: [Self.summary("2")], next: "after-cursor"),
            Schemas.OrderPage(orders: [Self.summary("3")], previous: "before-cursor"),
        ]
        for page in pages {
            let expected = try await encoded(page)
            XCTAssertEqual(try written(page), expected)
        }
        // The generated code's own bytes, as the API's tests read them: keys sorted, compact.
        XCTAssertEqual(
            try written(Schemas.OrderPage(orders: [Self.summary("1")], next: "n")),
            #"{"next":"n","orders":[{"email":"amy@example.com","firstName":"Amy","id":"1","lastName":"Apple","#
                + #""placedAt":"2007-06-29T11:00:00Z","status":"paid","total":{"amount":1999,"currency":"USD"},"version":1}]}"#)
    }

    func testEveryCharacterOfTextIsEscapedAsTheGeneratedCodeEscapesIt() async throws {
        for text in Self.texts {
            let page = Schemas.OrderPage(orders: [Self.summary(text, text: text)], next: text, previous: text)
            let expectedPage = try await encoded(page)
            XCTAssertEqual(try written(page), expectedPage, text.debugDescription)
            let order = Self.order(every: true, text: text, lines: [Self.line(text, reason: text)])
            let expectedOrder = try await encoded(order)
            XCTAssertEqual(try written(order), expectedOrder, text.debugDescription)
        }
        // Each control character on its own, between letters (its escape, and what follows it)
        for value in 0...0x1F {
            let text = "a\(Character(Unicode.Scalar(UInt8(value))))b"
            let page = Schemas.OrderPage(orders: [Self.summary("1", text: text)])
            let expected = try await encoded(page)
            XCTAssertEqual(try written(page), expected, "U+\(String(value, radix: 16))")
        }
    }

    func testMoneyNumbersAndDatesAreWrittenAsTheGeneratedCodeWritesThem() async throws {
        let cents: [Int64] = [0, 1, -1, 9, 10, 99, 100, 1_999, -1_999, 1_000_000_000, .max, .min, .max - 1, .min + 1]
        let versions: [Int] = [0, 1, 10, Int.max, Int.min, -42]
        let dates: [Date] = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: 1_795_825_800.75),
            Date(timeIntervalSince1970: -2_208_988_800),  // 1899-12-31: outside the arithmetic, the runtime's own transcoder
            Date(timeIntervalSince1970: 253_402_300_799),  // 9999-12-31T23:59:59Z
        ]
        let summaries = cents.enumerated().map { index, amount in
            Self.summary("\(index)", cents: amount, version: versions[index % versions.count], at: dates[index % dates.count])
        }
        let page = Schemas.OrderPage(orders: summaries)
        let expectedPage = try await encoded(page)
        XCTAssertEqual(try written(page), expectedPage)
        for date in dates {
            var order = Self.order(every: true)
            order.placedAt = date
            order.updatedAt = date
            order.total = Self.money(.min)
            order.version = .max
            let expected = try await encoded(order)
            XCTAssertEqual(try written(order), expected, "\(date)")
        }
    }

    func testAnOrderIsWrittenAsTheGeneratedCodeWritesItWithEveryFieldAndWithoutTheOptionalOnes() async throws {
        let orders = [
            Self.order(every: true),
            Self.order(every: false),
            Self.order(every: true, lines: []),
            Self.order(every: false, lines: (1...20).map { Self.line("\($0)", reason: $0 % 2 == 0 ? "Bulk price" : nil, taxable: $0 % 3 != 0) }),
        ]
        for order in orders {
            let expected = try await encoded(order)
            XCTAssertEqual(try written(order), expected)
        }
        let statuses: [Schemas.OrderStatus] = [.new, .paid, .packed, .shipped, .cancelled]
        let shippings: [Schemas.Order.ShippingPayload] = [.standard, .oneDay, .twoDay]
        for (index, status) in statuses.enumerated() {
            var order = Self.order(every: index % 2 == 0)
            order.status = status
            order.shipping = shippings[index % shippings.count]
            order.allowedActions = Array(Schemas.StatusAction.allCases.prefix(index))
            let expected = try await encoded(order)
            XCTAssertEqual(try written(order), expected, "\(status)")
        }
    }

    /// The writer names each field of the documents it writes: a field the spec adds to one of
    /// them (and the generator to its struct) fails here until the writer writes it too.
    func testTheWriterWritesEveryFieldOfTheDocuments() async throws {
        let order = Self.order(every: true)
        let documents: [(name: String, fields: [String], json: String)] = [
            ("OrderPage", fieldNames(of: Schemas.OrderPage(orders: [Self.summary("1")], next: "n", previous: "p")),
             try written(Schemas.OrderPage(orders: [Self.summary("1")], next: "n", previous: "p"))),
            ("OrderSummary", fieldNames(of: Self.summary("1")), try written(Schemas.OrderPage(orders: [Self.summary("1")]))),
            ("Order", fieldNames(of: order), try written(order)),
            ("OrderLine", fieldNames(of: Self.line("1", reason: "r")), try written(Self.order(every: true, lines: [Self.line("1", reason: "r")]))),
            ("Money", fieldNames(of: Self.money(1)), try written(order)),
            ("Address", fieldNames(of: Self.address), try written(order)),
            ("Person", fieldNames(of: Schemas.Person(username: "u", displayName: "d")), try written(order)),
        ]
        for document in documents {
            XCTAssertFalse(document.fields.isEmpty, document.name)
            for field in document.fields {
                XCTAssertTrue(document.json.contains("\"\(field)\":"), "\(document.name).\(field) is not written")
            }
        }
    }

    private func fieldNames(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }
}
