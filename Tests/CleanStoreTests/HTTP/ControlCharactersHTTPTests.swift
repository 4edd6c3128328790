import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// NUL and the other C0 control characters in a query, and NUL in a posted form, are a 400 before
/// any worker or store sees them (issue 25, bug 5: a NUL in a search was SQLite FTS5's
/// "unterminated string", and any NUL a PostgreSQL error, both a 503 logged as a store failure).
/// A posted form's other control characters are its fields' rules (a note's are a field error,
/// `NotesHTTPTests`); line breaks and tabs still reach the fields that take several lines.
final class ControlCharactersHTTPTests: XCTestCase {
    func testAControlCharacterInAnyQueryIsA400() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        let uris = [
            "/orders?q=%00", "/orders?q=amy%00", "/orders?q=a%0Ab", "/orders?q=a%09b", "/orders?q=%1B%5B2J", "/orders?q=%7F",
            "/orders?sort=%00", "/orders?sort=name&after=%00", "/orders?%00=x", "/orders.csv?q=%00", "/orders/1?x=%0D", "/sign-in?return=%2Forders%00",
            "/setup?token=%00", "/healthz?x=%00",
        ]
        try await app.test { client in
            for uri in uris {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .badRequest, uri)
                XCTAssert(response.text.contains("<h1>Bad request</h1>") || uri.hasPrefix("/healthz"), uri)
            }
        }
    }

    func testOrdinaryQueriesAreAnsweredAsBefore() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for uri in ["/orders?q=amy", "/orders?q=jos%C3%A9+n%C3%BA%C3%B1ez", "/orders?q=%25zz%", "/orders?q=100%25", "/orders?q=%E2%80%A8"] {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .ok, uri)
            }
        }
    }

    func testAControlCharacterInAPostedFormIsA400AndNothingIsSaved() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.firstName = "Amy\u{0}"
            let order = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(order.status, .badRequest)
            let caller = try await client.post("/drafts/D-ABCDEB/caller", form: Seeds.formBody(fields))
            XCTAssertEqual(caller.status, .badRequest)
            let note = try await client.post("/orders/1/notes", form: "text=Call%00back")
            XCTAssertEqual(note.status, .badRequest)
            let signIn = try await client.post("/sign-in", form: "username=nul%00&password=whatever-password", signedIn: false)
            XCTAssertEqual(signIn.status, .badRequest)
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders, [Seeds.Orders.amy], "Nothing was created")
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts, [], "Not even a draft")
        let notes = try await app.environment.orderNotes.notes(forOrder: "1")
        XCTAssertEqual(notes, [], "No note was added")
    }

    func testAnyControlCharacterInASignInFormIsA400BeforeAnyStore() async throws {
        // Given: an accounts store that would answer anything (its reads are counted)
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for body in [
                "username=amy%1B%5B2J&password=whatever-password", "username=amy%0A2026-11-25&password=whatever-password",
                "username=amy&password=tab%09tab-password", "username=amy%7F&password=whatever-password",
            ] {
                let response = try await client.post("/sign-in", form: body, signedIn: false)
                XCTAssertEqual(response.status, .badRequest, body)
            }
        }
        let failures = try await app.environment.signIn.attempts.countFailures(username: "amy", since: .distantPast)
        XCTAssertEqual(failures, 0, "No attempt reached the store")
    }

    func testLineBreaksAndTabsStillReachAFieldThatTakesSeveralLines() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let note = try await client.post("/orders/1/notes", form: "text=Call+back%0D%0A%09after+five")
            XCTAssertEqual(note.status, .seeOther)
        }
        let notes = try await app.environment.orderNotes.notes(forOrder: "1")
        XCTAssertEqual(notes.map(\.text), ["Call back\n\tafter five"])
    }

    func testANameCursorWhoseKeyHoldsANULIsTheFirstPage() async throws {
        // `n_1_YQBi` is a name cursor whose key, base64url-decoded, is "a\0b": no query escape shows it.
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let page = try await client.get("/orders?sort=name&after=n_1_YQBi")
            XCTAssertEqual(page.status, .ok)
            XCTAssert(page.text.contains("Apple"), "The first page, with its order")
        }
    }

    func testTheQueryScannerReadsEscapesAndRawBytes() {
        XCTAssertTrue(FormDecoding.queryHasControlCharacters("a=%00".utf8))
        XCTAssertTrue(FormDecoding.queryHasControlCharacters("a=%1f".utf8))
        XCTAssertTrue(FormDecoding.queryHasControlCharacters("a=\u{7}".utf8))
        XCTAssertFalse(FormDecoding.queryHasControlCharacters("a=%20%7E%C3%A9+b".utf8))
        XCTAssertFalse(FormDecoding.queryHasControlCharacters("a=%0".utf8), "A malformed escape is read as it came")
        XCTAssertFalse(FormDecoding.queryHasControlCharacters("a=%zz00".utf8))
    }
}
