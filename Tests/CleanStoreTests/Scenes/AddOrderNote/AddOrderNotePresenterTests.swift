import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class AddOrderNotePresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNotePresenter!
    var displaySpy: AddOrderNoteDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = AddOrderNotePresenter()
        displaySpy = AddOrderNoteDisplayLogicSpy()
        sut.viewController = displaySpy
    }

    // MARK: Test doubles

    final class AddOrderNoteDisplayLogicSpy: AddOrderNoteDisplayLogic {
        var addedNoteViewModel: AddOrderNote.AddNote.ViewModel?

        func displayAddedNote(viewModel: AddOrderNote.AddNote.ViewModel) {
            addedNoteViewModel = viewModel
        }
    }

    /// The form of the view model the spy received, or a failure.
    func displayedForm(file: StaticString = #filePath, line: UInt = #line) throws -> (form: AddOrderNote.DisplayedForm, invalid: Bool) {
        switch displaySpy.addedNoteViewModel {
        case .invalid(let form): return (form, true)
        case .unavailable(let form): return (form, false)
        default:
            XCTFail("Expected a form, got \(String(describing: displaySpy.addedNoteViewModel))", file: file, line: line)
            throw UnexpectedValue()
        }
    }

    // MARK: Tests

    func testPresentAddedNoteShouldSendTheClerkBackToTheOrderWithAFlash() throws {
        // When
        sut.presentAddedNote(response: .added(OrderNote(id: "3", orderID: "1042", text: "Called back", by: nil, at: Seeds.june29)))

        // Then
        guard case .added(let orderID, let flash) = displaySpy.addedNoteViewModel else {
            return XCTFail("\(String(describing: displaySpy.addedNoteViewModel))")
        }
        XCTAssertEqual(orderID, "1042")
        XCTAssertEqual(flash, "Note added.")
    }

    func testPresentAddedNoteShouldSayWhatToDoForEachProblemInGOVUKStyle() throws {
        let cases: [(OrderNotesWorker.TextProblem, String)] = [
            (.missing, "Enter a note"), (.tooLong(maximum: 1_000), "Note must be 1,000 characters or fewer"),
            (.looksLikeCardNumber, "Remove the card number from the note"),
            (.invisibleCharacters, "Remove the hidden formatting characters (shown as \u{FFFD}), such as text direction marks, from the note"),
            (.controlCharacters, "Remove the hidden control characters (shown as \u{FFFD}) from the note"),
        ]
        for (problem, message) in cases {
            // When
            sut.presentAddedNote(response: .invalid(orderID: "1042", fields: AddOrderNote.NoteFormFields(text: "typed"), problem: problem))

            // Then
            let (form, invalid) = try displayedForm()
            XCTAssert(invalid)
            XCTAssertEqual(form.text.errorMessage, message)
            XCTAssertEqual(form.errors.map(\.field), ["text"], "The summary links to the textarea")
            XCTAssertEqual(form.errors.map(\.message), [message])
        }
    }

    /// A text direction override shown back would reorder the page: it is shown as �, as a control character is.
    func testARefusedNoteShowsItsInvisibleCharactersAsReplacementCharacters() throws {
        sut.presentAddedNote(
            response: .invalid(
                orderID: "1042", fields: AddOrderNote.NoteFormFields(text: "Call Bob \u{202E}ecilA\u{200B}\r\n👩‍👩‍👧 می‌خواهم\u{7}"),
                problem: .invisibleCharacters))
        let (form, _) = try displayedForm()
        XCTAssertEqual(form.text.value, "Call Bob \u{FFFD}ecilA\u{FFFD}\n👩‍👩‍👧 می‌خواهم\u{FFFD}", "The joiners an emoji or a script needs stay")
    }

    func testPresentAddedNoteShouldShowARefusedNoteOnThePageOfItsOrderAsTyped() throws {
        // When
        sut.presentAddedNote(
            response: .invalid(orderID: "1042", fields: AddOrderNote.NoteFormFields(text: " Card 4111 1111 1111 1111\r\n"), problem: .looksLikeCardNumber))

        // Then
        let (form, _) = try displayedForm()
        XCTAssertEqual(form.title, "Error: Add a note to order 1042")
        XCTAssertEqual(form.heading, "Add a note to order 1042")
        XCTAssertEqual(form.text.name, "text")
        XCTAssertEqual(form.text.value, " Card 4111 1111 1111 1111\n", "Kept as typed (line breaks as LF), for the clerk to correct")
        XCTAssertEqual(form.text.hint, "Up to 1,000 characters. Never a card number.")
        XCTAssertEqual(form.text.describedBy, "text-hint text-error")
        XCTAssertNil(form.formMessage)
        XCTAssert(form.hasErrors)
        XCTAssertEqual(form.action, "/orders/1042/notes")
        XCTAssertEqual(form.orderURL, "/orders/1042")
        XCTAssertEqual(form.backLinkText, "Back to order 1042")
    }

    func testPresentAddedNoteShouldShowHiddenControlCharactersAsReplacementCharacters() throws {
        // When
        sut.presentAddedNote(
            response: .invalid(orderID: "1", fields: AddOrderNote.NoteFormFields(text: "Bell\u{7}\tand\u{0} null\r\n"), problem: .controlCharacters))

        // Then
        let (form, _) = try displayedForm()
        XCTAssertEqual(form.text.value, "Bell\u{FFFD}\tand\u{FFFD} null\n", "Line breaks and tabs stay")
    }

    func testPresentAddedNoteShouldSayNotFound() {
        // When
        sut.presentAddedNote(response: .notFound)

        // Then
        guard case .notFound = displaySpy.addedNoteViewModel else { return XCTFail("\(String(describing: displaySpy.addedNoteViewModel))") }
    }

    func testPresentAddedNoteShouldKeepTheTextAndSayItWasNotSavedWhenTheStoreFails() throws {
        // When
        sut.presentAddedNote(response: .storeUnavailable(orderID: "1042", fields: AddOrderNote.NoteFormFields(text: "Called back")))

        // Then
        let (form, invalid) = try displayedForm()
        XCTAssertFalse(invalid)
        XCTAssertEqual(form.formMessage, "The note could not be saved just now. Nothing you typed was lost: check it and add it again.")
        XCTAssertEqual(form.title, "Error: Add a note to order 1042")
        XCTAssertEqual(form.text.value, "Called back")
        XCTAssertNil(form.text.errorMessage)
        XCTAssertEqual(form.text.describedBy, "text-hint")
        XCTAssertEqual(form.errors.count, 0)
        XCTAssert(form.hasErrors, "The summary says what happened")
    }
}
