import Foundation
import OpenAPIRuntime

/// The JSON of the API's two busiest answers, the list's page of 50 orders (`OrderPage`) and an
/// order (`Order`), written straight into bytes: the same bytes the generated code's encoder writes
/// for the same value (Foundation's `JSONEncoder` with `APIRoutes.configuration`: compact, keys
/// sorted by their UTF-8 bytes, `/` as it is, dates by its `DateTranscoder`, a field left out when it
/// is nil), which `APIJSONWriterTests` holds it to, value by value and character by character.
///
/// Written by hand because neither library offers a cheaper way: swift-openapi-runtime's
/// `Configuration` chooses the encoder's options, not the encoder, and `JSONEncoder` builds a tree
/// of boxed values (a dictionary an object: each summary and each of its `Money`) before it writes
/// a byte, and sorts each object's keys; that was 35 % of the CPU of the API's list and 27 % of
/// an order's of 20 lines (issue 31, BENCHMARKS.md). The keys here are written in the order `JSONEncoder` sorts them into, fixed in
/// the code. `APIWrittenOperations` answers `GET /api/v1/orders` and `GET /api/v1/orders/{id}`
/// with it; every other answer is the generated code's.
struct APIJSONWriter {
    typealias Schemas = Components.Schemas

    private(set) var bytes: [UInt8] = []
    let dates: any DateTranscoder

    init(dates: any DateTranscoder, capacity: Int) {
        self.dates = dates
        bytes.reserveCapacity(capacity)
    }

    /// `page` as the API's JSON.
    static func bytes(of page: Schemas.OrderPage, dates: any DateTranscoder) throws -> [UInt8] {
        var writer = APIJSONWriter(dates: dates, capacity: 64 + 240 * page.orders.count)
        try writer.write(page)
        return writer.bytes
    }

    /// `order` as the API's JSON.
    static func bytes(of order: Schemas.Order, dates: any DateTranscoder) throws -> [UInt8] {
        var writer = APIJSONWriter(dates: dates, capacity: 1024 + 300 * order.lines.count)
        try writer.write(order)
        return writer.bytes
    }

    // MARK: The documents (each object's keys in JSONEncoder's order: by their UTF-8 bytes)

    mutating func write(_ page: Schemas.OrderPage) throws {
        var object = Object()
        if let next = page.next {
            member("next", &object)
            string(next)
        }
        member("orders", &object)
        try array(page.orders) { writer, summary in try writer.write(summary) }
        if let previous = page.previous {
            member("previous", &object)
            string(previous)
        }
        end(object)
    }

    mutating func write(_ summary: Schemas.OrderSummary) throws {
        var object = Object()
        member("email", &object)
        string(summary.email)
        member("firstName", &object)
        string(summary.firstName)
        member("id", &object)
        string(summary.id)
        member("lastName", &object)
        string(summary.lastName)
        member("placedAt", &object)
        try date(summary.placedAt)
        member("status", &object)
        string(summary.status.rawValue)
        member("total", &object)
        write(summary.total)
        member("version", &object)
        integer(Int64(summary.version))
        end(object)
    }

    mutating func write(_ order: Schemas.Order) throws {
        var object = Object()
        member("allowedActions", &object)
        array(order.allowedActions) { writer, action in writer.string(action.rawValue) }
        member("billingAddress", &object)
        write(order.billingAddress)
        if let reason = order.cancellationReason {
            member("cancellationReason", &object)
            string(reason)
        }
        member("cardLastFour", &object)
        string(order.cardLastFour)
        if let person = order.createdBy {
            member("createdBy", &object)
            write(person)
        }
        member("email", &object)
        string(order.email)
        member("firstName", &object)
        string(order.firstName)
        member("id", &object)
        string(order.id)
        member("itemsRecorded", &object)
        boolean(order.itemsRecorded)
        member("lastName", &object)
        string(order.lastName)
        member("lines", &object)
        array(order.lines) { writer, line in writer.write(line) }
        member("phone", &object)
        string(order.phone)
        member("placedAt", &object)
        try date(order.placedAt)
        member("shipping", &object)
        string(order.shipping.rawValue)
        member("shippingAddress", &object)
        write(order.shippingAddress)
        member("shippingCost", &object)
        write(order.shippingCost)
        member("status", &object)
        string(order.status.rawValue)
        member("subtotal", &object)
        write(order.subtotal)
        member("tax", &object)
        write(order.tax)
        if let rate = order.taxRate {
            member("taxRate", &object)
            string(rate)
        }
        member("total", &object)
        write(order.total)
        if let at = order.updatedAt {
            member("updatedAt", &object)
            try date(at)
        }
        if let person = order.updatedBy {
            member("updatedBy", &object)
            write(person)
        }
        member("version", &object)
        integer(Int64(order.version))
        end(object)
    }

    mutating func write(_ line: Schemas.OrderLine) {
        var object = Object()
        member("amount", &object)
        write(line.amount)
        member("catalogPrice", &object)
        write(line.catalogPrice)
        member("key", &object)
        string(line.key)
        member("name", &object)
        string(line.name)
        if let reason = line.priceReason {
            member("priceReason", &object)
            string(reason)
        }
        member("quantity", &object)
        integer(Int64(line.quantity))
        member("sku", &object)
        string(line.sku)
        member("taxable", &object)
        boolean(line.taxable)
        member("unitPrice", &object)
        write(line.unitPrice)
        end(object)
    }

    mutating func write(_ money: Schemas.Money) {
        var object = Object()
        member("amount", &object)
        integer(money.amount)
        member("currency", &object)
        string(money.currency.rawValue)
        end(object)
    }

    mutating func write(_ address: Schemas.Address) {
        var object = Object()
        member("city", &object)
        string(address.city)
        member("state", &object)
        string(address.state)
        member("street1", &object)
        string(address.street1)
        member("street2", &object)
        string(address.street2)
        member("zip", &object)
        string(address.zip)
        end(object)
    }

    mutating func write(_ person: Schemas.Person) {
        var object = Object()
        member("displayName", &object)
        string(person.displayName)
        member("username", &object)
        string(person.username)
        end(object)
    }

    // MARK: JSON's parts

    /// An object being written: whether a member came before the next (a comma between).
    struct Object {
        var empty = true
    }

    /// `{` is written by the first member (or by `end` for an object of none).
    private mutating func member(_ key: StaticString, _ object: inout Object) {
        bytes.append(object.empty ? UInt8(ascii: "{") : UInt8(ascii: ","))
        object.empty = false
        bytes.append(UInt8(ascii: "\""))
        raw(key)  // the keys above need no escape
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func end(_ object: Object) {
        if object.empty { bytes.append(UInt8(ascii: "{")) }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func array<Element>(_ elements: [Element], _ write: (inout APIJSONWriter, Element) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            try write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func boolean(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Decimal digits, a `-` before a negative number (`Int64.min` too: its magnitude is a UInt64).
    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    private mutating func date(_ date: Date) throws {
        string(try dates.encode(date))
    }

    /// A string as JSONEncoder escapes it: `"` and `\` with a backslash; the control characters
    /// U+0000–U+001F as `\b`, `\f`, `\n`, `\r`, `\t` or `\u00xx` (lowercase hex); everything else,
    /// `/`, DEL and every non-ASCII character among it, as its own UTF-8 bytes.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var clean = 0  // the start of the bytes not yet written
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                clean = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    raw("u00")
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0x0F))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
