import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class OrderNotesWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: OrderNotesWorker!
    var storeSpy: OrderNotesStoreSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        storeSpy = OrderNotesStoreSpy()
        sut = OrderNotesWorker(notesStore: storeSpy, logger: TestStores.silentLogger, now: { Seeds.june29 })
    }

    // MARK: Test doubles

    actor OrderNotesStoreSpy: OrderNotesStoreProtocol {
        var failure: OrdersStoreError?
        private(set) var added: [(orderID: String, text: String, by: AccountName?, at: Date)] = []
        private(set) var notesCalledWithOrderID: String?

        func fail(with error: OrdersStoreError) {
            failure = error
        }

        func addNote(orderID: String, text: String, forPacker: Bool, by: AccountName?, at: Date) throws(OrdersStoreError) -> OrderNote {
            added.append((orderID, text, by, at))
            if let failure { throw failure }
            return OrderNote(id: "5", orderID: orderID, text: text, by: by, at: at, forPacker: forPacker)
        }

        func notes(forOrder orderID: String) throws(OrdersStoreError) -> [OrderNote] {
            notesCalledWithOrderID = orderID
            if let failure { throw failure }
            return [OrderNote(id: "5", orderID: orderID, text: "Called back", by: nil, at: Seeds.june29)]
        }
    }

    // MARK: Tests: the rules

    func testCheckTrimsTheTextAndKeepsLineBreaksAsLineFeeds() {
        XCTAssertEqual(sut.check("  Called the customer.\r\nShe will call back.\r\n\r\n"), .valid("Called the customer.\nShe will call back."))
        XCTAssertEqual(sut.check("One\rTwo\tthree"), .valid("One\nTwo\tthree"), "A lone CR is a line break too; a tab stays")
    }

    func testCheckKeepsAnyScriptAndEmoji() {
        for text in ["Rückruf erbeten", "李先生 – 下午回电", "👩‍👩‍👧 family order 👍🏽", "می‌خواهم"] {
            XCTAssertEqual(sut.check(text), .valid(text), text)
        }
    }

    func testCheckRequiresText() {
        for typed in ["", "   ", "\r\n\t \n"] {
            XCTAssertEqual(sut.check(typed), .invalid(.missing), typed.debugDescription)
        }
    }

    func testCheckTakesUpTo1000Characters() {
        XCTAssertEqual(sut.check(String(repeating: "a", count: 1_000)), .valid(String(repeating: "a", count: 1_000)))
        XCTAssertEqual(sut.check(String(repeating: "é", count: 1_000)), .valid(String(repeating: "é", count: 1_000)))
        XCTAssertEqual(sut.check(" " + String(repeating: "a", count: 1_000) + "\n"), .valid(String(repeating: "a", count: 1_000)), "Counted once trimmed")
        XCTAssertEqual(sut.check(String(repeating: "a", count: 1_001)), .invalid(.tooLong(maximum: 1_000)))
        XCTAssertEqual(
            sut.check(String(repeating: "abc\r\n", count: 249) + "abcd"), .valid(String(repeating: "abc\n", count: 249) + "abcd"),
            "A line break is one character, however the browser sends it")
    }

    func testCheckBoundsTheBytesAsTheOrderFormDoes() {
        // One character of 4,001 scalars: a letter and thousands of combining marks.
        let heavy = "a" + String(repeating: "\u{301}", count: 4_000)
        XCTAssertEqual(heavy.count, 1)
        XCTAssertEqual(sut.check(heavy), .invalid(.tooLong(maximum: 1_000)))
    }

    func testCheckRefusesControlCharactersButLineBreaksAndTabs() {
        for scalar in ["\u{0}", "\u{1}", "\u{8}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}"] {
            XCTAssertEqual(sut.check("Call \(scalar)back"), .invalid(.controlCharacters), scalar.debugDescription)
        }
        XCTAssertEqual(sut.check("Call\tback\nlater"), .valid("Call\tback\nlater"))
    }

    func testCheckRefusesACardNumberHoweverItIsWritten() {
        for text in [
            "Card 4111 1111 1111 1111 declined", "4111111111111111", "card: 4111-1111-1111-1111",
            "4111\n1111\n1111\n1111", "4111\t1111\t1111\t1111", "4111 1111\r\n1111 1111", "４１１１ １１１１ １１１１ １１１１",
        ] {
            XCTAssertEqual(sut.check(text), .invalid(.looksLikeCardNumber), text.debugDescription)
        }
        for text in ["Order 1042, call 555-0100", "Card ending 1111", "Tracking 1Z999AA10123456784"] {
            XCTAssertEqual(sut.check(text), .valid(text), text)
        }
    }

    func testCheckSaysTheFirstProblem() {
        XCTAssertEqual(sut.check(String(repeating: "4", count: 1_001)), .invalid(.tooLong(maximum: 1_000)))
        XCTAssertEqual(sut.check("\u{1}4111 1111 1111 1111"), .invalid(.controlCharacters))
    }

    // MARK: Tests: the store

    func testAddNoteShouldAskTheStoreToAddItByWhomAndNow() async throws {
        // When
        let note = try await sut.addNote(orderID: "7", text: "Called back", by: AccountSeeds.sue.name)

        // Then
        let added = await storeSpy.added
        XCTAssertEqual(added.count, 1)
        XCTAssertEqual(added.first?.orderID, "7")
        XCTAssertEqual(added.first?.text, "Called back")
        XCTAssertEqual(added.first?.by, AccountSeeds.sue.name)
        XCTAssertEqual(added.first?.at, Seeds.june29, "The worker's clock")
        XCTAssertEqual(note, OrderNote(id: "5", orderID: "7", text: "Called back", by: AccountSeeds.sue.name, at: Seeds.june29))
    }

    func testAddNoteShouldPassOnTheStoresErrors() async {
        for failure in [OrdersStoreError.notFound(id: "7"), .cannotCreate("disk full")] {
            // Given
            await storeSpy.fail(with: failure)

            // When
            do {
                _ = try await sut.addNote(orderID: "7", text: "Called back", by: nil)
                XCTFail("\(failure) should be thrown")
            } catch {
                // Then
                XCTAssertEqual(error, failure)
            }
        }
    }

    func testNotesForOrderShouldAskTheStore() async throws {
        // When
        let notes = try await sut.notes(forOrder: "7")

        // Then
        let asked = await storeSpy.notesCalledWithOrderID
        XCTAssertEqual(asked, "7")
        XCTAssertEqual(notes.map(\.text), ["Called back"])
    }

    func testNotesForOrderShouldPassOnTheStoresErrors() async {
        // Given
        await storeSpy.fail(with: .cannotFetch("disk gone"))

        // When
        do {
            _ = try await sut.notes(forOrder: "7")
            XCTFail("The failure should be thrown")
        } catch {
            // Then
            XCTAssertEqual(error, .cannotFetch("disk gone"))
        }
    }

    func testAStoreFailureIsLoggedAndAnUnknownOrderIsNot() async {
        // Given
        let capture = LogCapture()
        sut = OrderNotesWorker(notesStore: storeSpy, logger: capture.logger(level: .info), now: { Seeds.june29 })

        // When
        await storeSpy.fail(with: .notFound(id: "7"))
        _ = try? await sut.notes(forOrder: "7")
        await storeSpy.fail(with: .cannotCreate("disk full"))
        _ = try? await sut.addNote(orderID: "7", text: "Called back", by: nil)

        // Then
        let failures = capture.text.split(separator: "\n").filter { $0.contains("Store failed") }
        XCTAssertEqual(failures.count, 1, capture.text)
        XCTAssert(failures.first?.contains("disk full") == true)
        XCTAssertFalse(capture.text.contains("Called back"), "Never the note's text")
    }
}
