import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class AddOrderNoteInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNoteInteractor!
    var presenterSpy: AddOrderNotePresentationLogicSpy!
    var notesWorkerSpy: OrderNotesWorkerSpy!
    var ordersWorkerSpy: OrdersWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        notesWorkerSpy = OrderNotesWorkerSpy()
        ordersWorkerSpy = OrdersWorkerSpy()
        presenterSpy = AddOrderNotePresentationLogicSpy()
        sut = AddOrderNoteInteractor(notesWorker: notesWorkerSpy, ordersWorker: ordersWorkerSpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class AddOrderNotePresentationLogicSpy: AddOrderNotePresentationLogic {
        var addedNoteResponse: AddOrderNote.AddNote.Response?

        func presentAddedNote(response: AddOrderNote.AddNote.Response) {
            addedNoteResponse = response
        }
    }

    func request(_ text: String, orderID: String = "1") -> AddOrderNote.AddNote.Request {
        AddOrderNote.AddNote.Request(orderID: orderID, fields: AddOrderNote.NoteFormFields(text: text), signedIn: AccountSeeds.sue.name)
    }

    // MARK: Tests

    func testAddNoteShouldCheckTheTextAddTheNoteAndAskThePresenterToSaySo() async {
        // When
        await sut.addNote(request: request("  Customer will call back.\r\n"))

        // Then
        XCTAssertEqual(notesWorkerSpy.checkedText, "  Customer will call back.\r\n", "The rules see the text as typed")
        XCTAssertEqual(notesWorkerSpy.addedNote?.orderID, "1")
        XCTAssertEqual(notesWorkerSpy.addedNote?.text, "Customer will call back.", "The note as the rules made it")
        XCTAssertEqual(notesWorkerSpy.addedNote?.by, AccountSeeds.sue.name, "The note is Sue's")
        let note = OrderNote(id: "1", orderID: "1", text: "Customer will call back.", by: AccountSeeds.sue.name, at: Seeds.june29)
        XCTAssertEqual(presenterSpy.addedNoteResponse, .added(note))
        XCTAssertEqual(sut.note, note, "The data store keeps the note")
        XCTAssertNil(ordersWorkerSpy.fetchOrderCalledWithID, "The store says whether the order exists: one call")
    }

    func testAddNoteShouldPresentTheProblemAndTheTypedTextAndSaveNothingWhenTheRulesRefuseIt() async {
        let cases: [(String, OrderNotesWorker.TextProblem)] = [
            (" \r\n ", .missing), (String(repeating: "a", count: 1_001), .tooLong(maximum: 1_000)),
            ("Card 4111 1111 1111 1111", .looksLikeCardNumber), ("Bell\u{7}", .controlCharacters),
        ]
        for (typed, problem) in cases {
            // When
            await sut.addNote(request: request(typed))

            // Then
            XCTAssertEqual(
                presenterSpy.addedNoteResponse,
                .invalid(orderID: "1", fields: AddOrderNote.NoteFormFields(text: typed), problem: problem), typed.debugDescription)
            XCTAssertNil(notesWorkerSpy.addedNote, "Nothing saved")
            XCTAssertNil(sut.note)
            XCTAssertEqual(ordersWorkerSpy.fetchOrderCalledWithID, "1", "Only an order that exists has a page to add a note to")
        }
    }

    func testAddNoteShouldPresentNotFoundForAnUnknownOrder() async {
        // When
        await sut.addNote(request: request("Called back", orderID: "9"))

        // Then
        XCTAssertEqual(notesWorkerSpy.addedNote?.orderID, "9")
        XCTAssertEqual(presenterSpy.addedNoteResponse, .notFound)
        XCTAssertNil(sut.note)
    }

    func testAddNoteShouldPresentNotFoundForAnUnknownOrderWhateverTheText() async {
        // When
        await sut.addNote(request: request("", orderID: "9"))

        // Then
        XCTAssertEqual(presenterSpy.addedNoteResponse, .notFound)
    }

    func testAddNoteShouldPresentStoreUnavailableWithTheTypedTextWhenTheStoreFails() async {
        // Given
        notesWorkerSpy.failure = .cannotCreate("disk full")

        // When
        await sut.addNote(request: request("Called back\r\n"))

        // Then
        XCTAssertEqual(
            presenterSpy.addedNoteResponse, .storeUnavailable(orderID: "1", fields: AddOrderNote.NoteFormFields(text: "Called back\r\n")))
        XCTAssertNil(sut.note)
    }

    func testAddNoteShouldPresentStoreUnavailableWhenTheOrderOfARefusedNoteCannotBeRead() async {
        // Given
        ordersWorkerSpy.failure = .cannotFetch("disk gone")

        // When
        await sut.addNote(request: request(""))

        // Then
        XCTAssertEqual(presenterSpy.addedNoteResponse, .storeUnavailable(orderID: "1", fields: AddOrderNote.NoteFormFields(text: "")))
    }
}
