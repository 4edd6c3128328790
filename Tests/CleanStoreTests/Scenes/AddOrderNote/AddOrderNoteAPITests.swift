import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API face of AddOrderNote: the body's text as the form's field; the note as kept, or the
/// form's message on `text`.
final class AddOrderNoteAPITests: XCTestCase {
    let clerk = SignedIn(name: testAccount.name, role: .clerk)

    final class BusinessLogicSpy: AddOrderNoteBusinessLogic {
        var request: AddOrderNote.AddNote.Request?
        func addNote(request: AddOrderNote.AddNote.Request) async { self.request = request }
    }

    final class DisplaySpy: AddOrderNoteAPIDisplayLogic {
        var viewModel: AddOrderNote.AddNote.APIViewModel?
        func displayAddedNote(viewModel: AddOrderNote.AddNote.APIViewModel) { self.viewModel = viewModel }
    }

    func testTheViewControllerPassesTheTextAsTheFormsFieldByTheCaller() async throws {
        let sut = AddOrderNoteAPIViewController(environment: try await makeTestEnvironment(), signedIn: clerk)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        _ = try? await sut.addNote(orderID: "3", body: .init(text: " hi "))
        XCTAssertEqual(spy.request?.orderID, "3")
        XCTAssertEqual(spy.request?.fields, AddOrderNote.NoteFormFields(text: " hi "))
        XCTAssertEqual(spy.request?.signedIn, testAccount.name)
    }

    func testThePresenterGivesTheNoteOrTheFormsMessage() {
        let sut = AddOrderNoteAPIPresenter()
        let spy = DisplaySpy()
        sut.viewController = spy
        sut.presentAddedNote(response: .added(OrderNote(id: "n1", orderID: "1", text: "Call", by: nil, at: Seeds.june29)))
        XCTAssertEqual(spy.viewModel, .added(.init(id: "n1", text: "Call", at: Seeds.june29)))
        sut.presentAddedNote(response: .invalid(orderID: "1", fields: .init(text: ""), problem: .missing))
        XCTAssertEqual(spy.viewModel, .problem(.invalid([.init(field: "text", message: "Enter a note")])))
        sut.presentAddedNote(response: .notFound)
        guard case .problem(let missing) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(missing.status, .notFound)
        sut.presentAddedNote(response: .storeUnavailable(orderID: "1", fields: .init(text: "x")))
        XCTAssertEqual(spy.viewModel, .problem(.unavailable))
    }
}
