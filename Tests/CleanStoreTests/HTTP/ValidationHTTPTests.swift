import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The validation rules seen from a browser: what is refused comes back as 422 with exactly the
/// right fields flagged and nothing stored; what is messy but valid is saved, normalised.
final class ValidationHTTPTests: XCTestCase {
    /// The fields a page flags (`aria-invalid="true"`), by name, in page order (a group of radios once).
    static func flaggedFields(in html: String) -> [String] {
        let names = html.components(separatedBy: "<").compactMap { tag -> String? in
            guard tag.contains(#"aria-invalid="true""#), let range = tag.range(of: #" name=""#) else { return nil }
            return String(tag[range.upperBound...].prefix { $0 != "\"" })
        }
        return names.enumerated().filter { index, name in index == 0 || names[index - 1] != name }.map(\.element)
    }

    static let badSubmissions: [(String, [CreateOrder.Field: String], [String])] = [
        ("empty name", [.firstName: " "], ["firstName"]),
        ("long name", [.lastName: String(repeating: "x", count: 101)], ["lastName"]),
        ("line break", [.shipmentAddressCity: "San\nJose"], ["shipmentAddressCity"]),
        ("card in street", [.shipmentAddressStreet2: "4111111111111111"], ["shipmentAddressStreet2"]),
        ("phone letters", [.phone: "call me"], ["phone"]),
        ("phone short", [.phone: "12345"], ["phone"]),
        ("email no at", [.email: "amy.example.com"], ["email"]),
        ("email spaces", [.email: "amy @example.com"], ["email"]),
        ("state unknown", [.shipmentAddressState: "XY"], ["shipmentAddressState"]),
        ("ZIP short", [.shipmentAddressZIP: "123"], ["shipmentAddressZIP"]),
        ("method unknown", [.shipmentMethodSpeed: "9"], ["shipmentMethodSpeed"]),
        ("card letters", [.paymentMethodCreditCardNumber: "4111 1111 1111 111O"], ["paymentMethodCreditCardNumber"]),
        ("card short", [.paymentMethodCreditCardNumber: "4111 1111"], ["paymentMethodCreditCardNumber"]),
        ("card Luhn", [.paymentMethodCreditCardNumber: "4111 1111 1111 1112"], ["paymentMethodCreditCardNumber"]),
        ("expiry month 13", [.paymentMethodExpirationDate: "13/29"], ["paymentMethodExpirationDate"]),
        ("expiry past", [.paymentMethodExpirationDate: "05/07"], ["paymentMethodExpirationDate"]),
        ("expiry words", [.paymentMethodExpirationDate: "next year"], ["paymentMethodExpirationDate"]),
        ("CVV short", [.paymentMethodCVV: "12"], ["paymentMethodCVV"]),
        ("CVV missing", [.paymentMethodCVV: ""], ["paymentMethodCVV"]),
        ("billing not same", [.billingAddressSameAsShipping: ""],
         ["billingAddressStreet1", "billingAddressCity", "billingAddressState", "billingAddressZIP"]),
        ("two problems", [.email: "", .shipmentAddressZIP: "ABCDE"], ["email", "shipmentAddressZIP"]),
    ]

    /// The old one-page form (`POST /orders`) becomes a draft: its caller's and delivery's mistakes
    /// come back on the draft's page; its card is never read there (it is typed on the check page),
    /// so a form whose only mistakes are the card's is kept as it is.
    func testBadSubmissionsOfTheOldFormAre422WithExactlyTheirFieldsFlaggedAndNoOrderStored() async throws {
        let app = try await TestApp()
        try await app.test { client in
            for (name, changes, allFlagged) in Self.badSubmissions {
                var fields = Seeds.validFormFields
                for (field, value) in changes { fields[field] = value }
                let response = try await client.post("/orders", form: Seeds.formBody(fields))
                let flagged = allFlagged.filter { !$0.hasPrefix("paymentMethod") }
                if flagged.isEmpty {
                    XCTAssertEqual(response.status, .seeOther, "\(name): the card is not read here")
                    continue
                }
                XCTAssertEqual(response.status, .unprocessableContent, name)
                XCTAssertEqual(Self.flaggedFields(in: response.text), flagged, name)
                for field in flagged {
                    XCTAssert(response.text.contains(##"<li><a href="#\##(field)">"##), "\(name): \(field) is in the summary")
                    XCTAssert(response.text.contains(#"id="\#(field)-error""#), "\(name): \(field) has its message")
                }
                XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name)
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [], "No order: drafts")
    }

    /// GOV.UK radios: a fieldset whose legend asks, three radios (the first one's id the field's
    /// name, which the summary links to), the error on the fieldset; the choice comes back.
    func testTheShippingMethodIsThreeRadiosWhoseFieldsetCarriesTheError() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.shipmentMethodSpeed = ""
            let missing = try await client.post("/orders/1", form: Seeds.formBody(fields)).text
            XCTAssertFalse(missing.contains("<select"))
            XCTAssert(missing.contains(#"<fieldset aria-describedby="shipmentMethodSpeed-error">"#))
            XCTAssert(missing.contains("<legend>Shipping method</legend>"))
            XCTAssertEqual(
                missing.components(separatedBy: "\n").filter { $0.contains(#"type="radio""#) }, [
                    #"<input class="radio-input" id="shipmentMethodSpeed" name="shipmentMethodSpeed" type="radio" value="0" aria-invalid="true" />"#,
                    #"<input class="radio-input" id="shipmentMethodSpeed-2" name="shipmentMethodSpeed" type="radio" value="1" aria-invalid="true" />"#,
                    #"<input class="radio-input" id="shipmentMethodSpeed-3" name="shipmentMethodSpeed" type="radio" value="2" aria-invalid="true" />"#,
                ])
            XCTAssert(missing.contains(#"<label for="shipmentMethodSpeed-3">Two-Day Shipping</label>"#))
            XCTAssert(missing.contains(##"<li><a href="#shipmentMethodSpeed">Select a shipping method</a></li>"##))

            fields.shipmentMethodSpeed = "1"
            fields.email = ""
            let chosen = try await client.post("/orders/1", form: Seeds.formBody(fields)).text
            XCTAssert(chosen.contains(#"<fieldset>"# + "\n<legend>Shipping method</legend>"), "Described by nothing when valid")
            XCTAssertEqual(
                chosen.components(separatedBy: "\n").filter { $0.contains(#"checked="checked""#) && $0.contains("radio") },
                [#"<input class="radio-input" id="shipmentMethodSpeed-2" name="shipmentMethodSpeed" type="radio" value="1" checked="checked" />"#],
                "The method chosen comes back chosen")
        }
    }

    func testBadUpdatesChangeNothing() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.bob])
        try await app.test { client in
            for (name, changes, flagged) in Self.badSubmissions where !changes.keys.contains(.billingAddressSameAsShipping) {
                var fields = Seeds.validFormFields
                for (field, value) in changes { fields[field] = value }
                let response = try await client.post("/orders/1", form: Seeds.formBody(fields))
                XCTAssertEqual(response.status, .unprocessableContent, name)
                XCTAssertEqual(Self.flaggedFields(in: response.text), flagged, name)
            }
        }
        var expected = Seeds.Orders.bob
        expected.id = "1"
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [expected])
    }

    func testMessyButValidSubmissionsAreSavedNormalised() async throws {
        let messy: [(String, [CreateOrder.Field: String])] = [
            ("spaces in the card", [.paymentMethodCreditCardNumber: " 4111 1111 1111 1111 "]),
            ("dashes in the card", [.paymentMethodCreditCardNumber: "5555-5555-5555-4444"]),
            ("lower-case state", [.shipmentAddressState: "ca"]),
            ("international phone", [.phone: "+1 (415) 555-0100"]),
            ("spaces around values", [.firstName: "  Amy  ", .email: " amy@example.com "]),
            ("ZIP+4", [.shipmentAddressZIP: "94107-1234"]),
            ("expiry with year in full", [.paymentMethodExpirationDate: "4/2029"]),
            ("expiry ISO", [.paymentMethodExpirationDate: "2029-04"]),
            ("four-digit CVV", [.paymentMethodCVV: "1234"]),
            ("accents", [.firstName: "Zoë", .lastName: "O'Brien-Núñez"]),
        ]
        // Each saved over order 1 by its edit form, the version moving on by one each time
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for (index, (name, changes)) in messy.enumerated() {
                var fields = Seeds.validFormFields
                fields.version = String(index + 1)
                for (field, value) in changes { fields[field] = value }
                let response = try await client.post("/orders/1", form: Seeds.formBody(fields))
                XCTAssertEqual(response.status, .seeOther, "\(name): \(Self.flaggedFields(in: response.text))")
                let order = try await app.store.fetchOrder(id: "1")
                XCTAssertEqual(order?.version, index + 2, name)
                XCTAssertEqual(order?.paymentMethod.creditCardNumber.allSatisfy(\.isASCIIDigit), true, name)
                XCTAssertEqual(order?.shipmentAddress.state, "CA", name)
                XCTAssertEqual(order?.paymentMethod.expirationDate, ExpirationDate(year: 2029, month: 4), name)
                XCTAssertEqual(order?.firstName, order?.firstName.trimmingCharacters(in: .whitespaces), name)
            }
        }
    }

    func testTheTypedExpiryComesBackNormalised() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.email = ""
            fields.paymentMethodExpirationDate = "1/2031"
            let response = try await client.post("/orders/1", form: Seeds.formBody(fields))
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssert(response.text.contains(#"id="paymentMethodExpirationDate" name="paymentMethodExpirationDate" type="text" value="01/31""#))
        }
    }
}
