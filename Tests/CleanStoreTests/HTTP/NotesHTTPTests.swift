import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Adding a note to an order, as the order page's "Add a note" form posts it (`POST /orders/{id}/notes`):
/// added, back to the order with a flash; refused, the scene's page with the note as typed (422);
/// never a change to the order itself.
final class NotesHTTPTests: XCTestCase {
    /// The form's body for `text` (percent-encoded as a browser sends a textarea).
    static func form(_ text: String) -> String {
        "text=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    /// A notes store that cannot save or read (a full disk), over orders that are there.
    actor FullDiskNotes: OrderNotesStoreProtocol {
        func addNote(orderID: String, text: String, forPacker: Bool, by: AccountName?, at: Date) throws(OrdersStoreError) -> OrderNote {
            throw .cannotCreate("SQLite error 13: database or disk is full")
        }

        func notes(forOrder orderID: String) throws(OrdersStoreError) -> [OrderNote] {
            throw .cannotFetch("SQLite error 13: database or disk is full")
        }
    }

    func notes(_ app: TestApp, order id: String = "1") async throws -> [OrderNote] {
        try await app.environment.orderNotes.notes(forOrder: id)
    }

    // MARK: Added

    func testANoteIsAddedByTheClerkAndTheClerkGoesBackToTheOrderWithAFlash() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        try await app.test { client in
            // When
            let added = try await client.post("/orders/1/notes", form: Self.form("  Customer will call back after 3pm.\r\nAsk for Amy.\r\n"))

            // Then
            XCTAssertEqual(added.status, .seeOther)
            XCTAssertEqual(added.headers[.location], "/orders/1")
            let page = try await client.get("/orders/1", cookie: added.cookieToSendBack)
            XCTAssertEqual(page.status, .ok)
            XCTAssert(page.text.contains(#"<p class="notification-banner-heading flash">Note added.</p>"#), page.text)
        }
        let notes = try await notes(app)
        XCTAssertEqual(
            notes, [OrderNote(id: notes.first?.id ?? "", orderID: "1", text: "Customer will call back after 3pm.\nAsk for Amy.", by: testAccount.name, at: Seeds.june29)],
            "Trimmed, line breaks as LF, by whoever is signed in, at the app's clock")
    }

    func testANoteNeverChangesTheOrderSoAnEditOpenedBeforeItStillSaves() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        let before = try await app.store.fetchOrder(id: "1")
        let eventsBefore = try await app.environment.orderEvents.fetchEvents(orderID: "1")
        try await app.test { client in
            // When: two notes
            for text in ["First note", "Second note"] {
                let added = try await client.post("/orders/1/notes", form: Self.form(text))
                XCTAssertEqual(added.status, .seeOther, text)
            }

            // Then: the order is as it was
            let after = try await app.store.fetchOrder(id: "1")
            XCTAssertEqual(after?.version, before?.version, "The version is unchanged")
            XCTAssertEqual(after, before, "Nor who changed it last, nor when")
            let eventsAfter = try await app.environment.orderEvents.fetchEvents(orderID: "1")
            XCTAssertEqual(eventsAfter, eventsBefore, "Nor its history")

            // And an edit form opened at version 1, before the notes, saves without a conflict
            var fields = Seeds.validFormFields
            fields.version = "1"
            fields.lastName = "Changed"
            let update = try await client.post("/orders/1", form: Seeds.formBody(fields))
            XCTAssertEqual(update.status, .seeOther, "No 409 for someone editing the order")
        }
        let notes = try await notes(app)
        XCTAssertEqual(notes.map(\.text), ["Second note", "First note"])
    }

    func testShippedAndCancelledOrdersTakeNotesToo() async throws {
        var shipped = Seeds.Orders.amy
        shipped.status = .shipped
        let app = try await TestApp(orders: [shipped])
        try await app.test { client in
            let added = try await client.post("/orders/1/notes", form: Self.form("Parcel left with a neighbour"))
            XCTAssertEqual(added.status, .seeOther)
        }
        let notes = try await notes(app)
        XCTAssertEqual(notes.map(\.text), ["Parcel left with a neighbour"])
    }

    // MARK: Refused

    func testARefusedNoteIs422WithItsMessageAndTheTextAsTypedAndNothingSaved() async throws {
        let longNote = String(repeating: "Called back. ", count: 77) + "x"  // 1,002 characters
        let cases: [(name: String, typed: String, message: String)] = [
            ("empty", "", "Enter a note"),
            ("spaces and line breaks", "  \r\n \r\n", "Enter a note"),
            ("too long", longNote, "Note must be 1,000 characters or fewer"),
            ("card number", "Customer read out 4111 1111 1111 1111 <again>", "Remove the card number from the note"),
            ("card number over lines", "4111 1111\r\n1111 1111", "Remove the card number from the note"),
            // Issue 25: a card however it is split or written
            ("card number split by +", "Card 4111+1111+1111+1111", "Remove the card number from the note"),
            ("card number split by | = ~ ^ $ ‹ °", "4111|1111=1111~1111 or 4111^1111$1111‹1111°1111", "Remove the card number from the note"),
            ("card number in circled digits", "Card ④①①①①①①①①①①①①①①①", "Remove the card number from the note"),
            ("text direction override", "Call Bob \u{202E}ecilA", "Remove the hidden formatting characters (shown as \u{FFFD}), such as text direction marks, from the note"),
            ("tags", "Called back\u{E0049}\u{E0067}\u{E006E}", "Remove the hidden formatting characters (shown as \u{FFFD}), such as text direction marks, from the note"),
            ("control character", "Called\u{1B} back", "Remove the hidden control characters (shown as \u{FFFD}) from the note"),
        ]
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        try await app.test { client in
            for (name, typed, message) in cases {
                // When
                let response = try await client.post("/orders/1/notes", form: Self.form(typed))

                // Then
                XCTAssertEqual(response.status, .unprocessableContent, name)
                XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name)
                let html = response.text
                XCTAssert(html.contains("<title>Error: Add a note to order 1 – CleanStore</title>"), name)
                XCTAssert(html.contains(#"<h1><label for="text">Add a note to order 1</label></h1>"#), name)
                XCTAssert(html.contains(##"<li><a href="#text">\##(message)</a></li>"##), "\(name): in the error summary")
                XCTAssert(
                    html.contains(#"<p class="error-message" id="text-error"><span class="visually-hidden">Error: </span>\#(message)</p>"#),
                    "\(name): by the field")
                XCTAssert(html.contains(#"<p class="hint" id="text-hint">Up to 1,000 characters. Never a card number.</p>"#), name)
                XCTAssert(html.contains(#"aria-invalid="true" aria-describedby="text-hint text-error">"#), name)
                let shown = HTMLEscaping.escape(AddOrderNotePresenter.shown(typed))
                XCTAssert(html.contains(#"name="text" rows="6" aria-invalid="true" aria-describedby="text-hint text-error">"# + "\n" + shown + "</textarea>"),
                    "\(name): the text as typed")
                XCTAssert(html.contains(#"<input type="hidden" name="_csrf" value="\#(testCSRFToken)" />"#), "\(name): the form posts again")
                XCTAssert(html.contains(#"<form method="post" action="/orders/1/notes" novalidate="novalidate">"#), name)
                XCTAssert(html.contains(#"<a href="/orders/1">Back to order 1</a>"#), name)
                XCTAssertEqual(HTMLCheck.findings(in: html), [], name)
            }
        }
        let notes = try await notes(app)
        XCTAssertEqual(notes, [], "Nothing saved")
    }

    func testAFormWithoutTheFieldIsAnEmptyNote() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let response = try await client.post("/orders/1/notes", form: "")
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssert(response.text.contains("Enter a note"))
            let twice = try await client.post("/orders/1/notes", form: "text=a&text=b")
            XCTAssertEqual(twice.status, .badRequest, "A field given twice is no form")
        }
    }

    // MARK: Unknown orders, failures, methods

    func testANoteToAnUnknownOrderIsA404PageAndSavesNothing() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for (uri, typed) in [("/orders/2/notes", "Called back"), ("/orders/abc/notes", "Called back"), ("/orders/2/notes", "")] {
                let response = try await client.post(uri, form: Self.form(typed))
                XCTAssertEqual(response.status, .notFound, "\(uri) \(typed)")
                XCTAssert(response.text.contains("<h1>Page not found</h1>"), uri)
            }
        }
        let notes = try await notes(app)
        XCTAssertEqual(notes, [])
    }

    func testAStoreFailureIs503WithTheTextKept() async throws {
        let capture = LogCapture()
        var app = try await TestApp(orders: [Seeds.Orders.amy], logger: capture.logger(level: .info))
        app.environment.orderNotes = FullDiskNotes()
        try await app.test { client in
            let response = try await client.post("/orders/1/notes", form: Self.form("Called back"))
            XCTAssertEqual(response.status, .serviceUnavailable)
            XCTAssert(response.text.contains("The note could not be saved just now. Nothing you typed was lost"), response.text)
            XCTAssert(response.text.contains(">\nCalled back</textarea>"), "The text is kept")
            XCTAssertEqual(HTMLCheck.findings(in: response.text), [])
        }
        let failures = capture.text.split(separator: "\n").filter { $0.contains("Store failed") }
        XCTAssertEqual(failures.count, 1, capture.text)
        XCTAssert(failures.allSatisfy { $0.contains("hb.request.id=") && $0.contains("disk is full") })
        XCTAssertFalse(capture.text.contains("Called back"), "Never the note's text in the log")
    }

    func testAGETOfTheNotesPathIs405() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let response = try await client.get("/orders/1/notes")
            XCTAssertEqual(response.status, .methodNotAllowed)
            XCTAssertEqual(response.headers[.allow], "POST")
            XCTAssert(response.text.contains("<h1>Method not allowed</h1>"))
        }
    }

    // MARK: Who may

    func testAViewerMayNotAddANote() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .viewer)
        try await app.test { client in
            let response = try await client.post("/orders/1/notes", form: Self.form("Called back"))
            XCTAssertEqual(response.status, .forbidden)
            XCTAssert(response.text.contains("<h1>You cannot do this</h1>"))
        }
        let notes = try await notes(app)
        XCTAssertEqual(notes, [])
    }

    func testSignedOutANoteIsRefusedWithTheSignInPageThatReturnsToTheOrder() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let response = try await client.post("/orders/1/notes", form: Self.form("Called back"), signedIn: false)
            XCTAssertEqual(response.status, .forbidden)
            XCTAssert(response.text.contains("<h1>Sign in</h1>"))
            XCTAssert(response.text.contains(#"<input type="hidden" name="return" value="/orders/1" />"#), "Back to the order's page")
            XCTAssertFalse(response.text.contains("Called back"), "A note is no draft: nothing is kept")
        }
        let notes = try await notes(app)
        XCTAssertEqual(notes, [])
    }

    func testANoteWithoutTheFormsCSRFTokenIsRefused() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let response = try await client.post("/orders/1/notes", form: Self.form("Called back"), csrf: false)
            XCTAssertEqual(response.status, .forbidden)
        }
        let notes = try await notes(app)
        XCTAssertEqual(notes, [])
    }
}
