import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Two clerks, different fields: merged, not retyped (issue 29). Sam opens an order's edit form;
/// Sue saves the order meanwhile; Sam saves the form as the browser posts it (its hidden base
/// included). Page snapshots in `__Snapshots__/EditMergeHTTPTests/`, read by the browser tests for
/// axe and the Nu checker.
final class EditMergeHTTPTests: XCTestCase {
    static let sue = AccountSeeds.sue.name

    func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    /// The form in `html` as a browser posts it: every input's name and value (a checkbox or
    /// radio only when checked), but the CSRF token (the test client adds its own), with `changes`.
    static func formBody(of html: String, changing changes: [String: String] = [:]) throws -> String {
        let form = try XCTUnwrap(html.range(of: #"<form class="order-form""#).map { html[$0.lowerBound...] })
        let end = try XCTUnwrap(form.range(of: "</form>"))
        var pairs: [(String, String)] = []
        for tag in form[..<end.lowerBound].components(separatedBy: "<input ").dropFirst() {
            let tag = tag.prefix { $0 != ">" }
            func attribute(_ name: String) -> String? {
                guard let start = tag.range(of: " \(name)=\"") ?? (tag.hasPrefix("\(name)=\"") ? tag.range(of: "\(name)=\"") : nil)
                else { return nil }
                return String(tag[start.upperBound...].prefix { $0 != "\"" })
            }
            guard let name = attribute("name"), name != "_csrf" else { continue }
            let type = attribute("type") ?? "text"
            if type == "checkbox" || type == "radio", !tag.contains("checked=\"checked\"") { continue }
            let value = (attribute("value") ?? "").replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
            pairs.append((name, changes[name] ?? value))
        }
        return pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
    }

    /// Sue saves Amy's order with `change` applied, through the store (its history names her).
    static func sueSaves(_ change: (inout Order) -> Void, in app: TestApp) async throws {
        let read = try await app.store.fetchOrder(id: "1")
        var order = try XCTUnwrap(read)
        change(&order)
        _ = try await app.store.updateOrder(orderToUpdate: order, by: Self.sue, at: Seeds.june29.addingTimeInterval(-600))
    }

    func testSueChangedThePhoneSamTheCityBothAreKeptWithABanner() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let (saved, page, history) = try await app.test { client in
            let form = try await client.get("/orders/1/edit").text
            XCTAssert(form.contains(#"<input type="hidden" name="base-phone" value="111-111-1111" />"#), "The form carries its base")
            XCTAssertFalse(form.contains("base-paymentMethodCreditCardNumber"), "Never the card")
            try await Self.sueSaves({ $0.phone = "222-222-2222" }, in: app)

            let saved = try await client.post("/orders/1", form: try Self.formBody(of: form, changing: ["shipmentAddressCity": "Palo Alto"]))
            return (saved, try await client.get("/orders/1", cookie: saved.cookieToSendBack), try await client.get("/orders/1/history"))
        }

        XCTAssertEqual(saved.status, .seeOther, saved.text)
        XCTAssertEqual(saved.headers[.location], "/orders/1")
        assertPage("edit-merged", page, status: .ok)
        XCTAssert(page.text.contains("Saved. Sue Super changed the phone number meanwhile: both changes are kept."), page.text)
        let storedRead = try await app.store.fetchOrder(id: "1")
        let stored = try XCTUnwrap(storedRead)
        XCTAssertEqual(stored.phone, "222-222-2222", "Sue's change is kept")
        XCTAssertEqual(stored.shipmentAddress.city, "Palo Alto", "Sam's is applied")
        XCTAssertEqual(stored.version, 3)
        let events = try await app.environment.orderEvents.fetchEvents(orderID: "1")
        XCTAssertEqual(events.map(\.by?.username), ["sam", "sue"], "The history shows both saves")
        XCTAssertEqual(events.first?.changes.map(\.field), ["Shipment address, city", "Billing address, city"], "Sam's save changed only the city (the billing address follows it)")
        XCTAssertEqual(history.status, .ok)
    }

    func testBothChangedThePhoneOnlyThePhoneIsAskedAndSavingAgainSucceeds() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let (conflict, afterConflict, again) = try await app.test { client in
            let form = try await client.get("/orders/1/edit").text
            try await Self.sueSaves({ $0.phone = "222-222-2222"; $0.email = "amy@example.com" }, in: app)
            let conflict = try await client.post(
                "/orders/1", form: try Self.formBody(of: form, changing: ["phone": "333-333-3333", "shipmentAddressCity": "Palo Alto"]))
            let afterConflict = try await app.store.fetchOrder(id: "1")
            // The 409 form saved again as it came back (now at version 2).
            let again = try await client.post("/orders/1", form: try Self.formBody(of: conflict.text))
            return (conflict, afterConflict, again)
        }

        assertPage("edit-merge-conflict", conflict, status: .conflict)
        let html = conflict.text
        XCTAssert(html.contains(#"<p class="their-value" id="phone-theirs">Sue Super changed it to: <strong>222-222-2222</strong></p>"#), html)
        XCTAssert(html.contains(#"<p class="typed-value" id="phone-typed">You typed: <strong>333-333-3333</strong></p>"#))
        XCTAssert(html.contains(#"id="phone" name="phone" type="tel" value="333-333-3333""#), "Pre-filled with Sam's value")
        XCTAssert(html.contains(##"<li><a href="#phone">Phone number: Sue Super changed it to 222-222-2222, you typed 333-333-3333</a></li>"##))
        XCTAssertEqual(html.components(separatedBy: #"class="typed-value""#).count - 1, 1, "Only the field both changed is asked")
        XCTAssert(html.contains(#"id="shipmentAddressCity" name="shipmentAddressCity" type="text" value="Palo Alto""#), "Sam's other change shown")
        XCTAssert(html.contains(#"id="email" name="email" type="email" value="amy@example.com""#), "Sue's other change shown")
        XCTAssert(html.contains(#"<input type="hidden" name="version" value="2" />"#))
        XCTAssertEqual(afterConflict?.version, 2, "Nothing saved by the 409")
        XCTAssertEqual(afterConflict?.phone, "222-222-2222")

        XCTAssertEqual(again.status, .seeOther, again.text)
        let storedRead = try await app.store.fetchOrder(id: "1")
        let stored = try XCTUnwrap(storedRead)
        XCTAssertEqual(stored.phone, "333-333-3333", "Sam chose his number")
        XCTAssertEqual(stored.email, "amy@example.com", "Sue's email kept")
        XCTAssertEqual(stored.shipmentAddress.city, "Palo Alto")
    }

    /// The base is the browser's: a forged one decides only what counts as changed. Whatever it
    /// says, nothing is written that the form's rules did not pass, or that is not stored already.
    func testAForgedBaseWritesNothingItHolds() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let saved = try await app.test { client in
            let form = try await client.get("/orders/1/edit").text
            try await Self.sueSaves({ $0.phone = "222-222-2222" }, in: app)
            return try await client.post(
                "/orders/1", form: try Self.formBody(of: form, changing: ["base-phone": "4111 1111 1111 1111", "base-firstName": "<b>"]))
        }
        // Base phone forged: Sam's 111… now counts as his change and both differ: asked, nothing written.
        XCTAssertEqual(saved.status, .conflict)
        XCTAssertFalse(saved.text.contains("4111 1111 1111 1111"), "A base is never shown back but as the stored order's")
        let storedRead = try await app.store.fetchOrder(id: "1")
        let stored = try XCTUnwrap(storedRead)
        XCTAssertEqual(stored.phone, "222-222-2222")
        XCTAssertEqual(stored.firstName, "Amy")
    }
}
