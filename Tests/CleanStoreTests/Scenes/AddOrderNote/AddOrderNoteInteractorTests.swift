import XCTest

@testable import CleanStore

final class AddOrderNoteInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNoteInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = AddOrderNoteInteractor(worker: AddOrderNoteWorkerSpy())
    }

    // MARK: Test doubles

    final class AddOrderNotePresentationLogicSpy: AddOrderNotePresentationLogic {
        var presentSomethingResponse: AddOrderNote.Something.Response?

        func presentSomething(response: AddOrderNote.Something.Response) {
            presentSomethingResponse = response
        }
    }

    final class AddOrderNoteWorkerSpy: AddOrderNoteWorker {
        var doSomeWorkCalled = false

        override func doSomeWork() async -> String {
            doSomeWorkCalled = true
            return "Done by the spy."
        }
    }

    // MARK: Tests

    func testDoSomethingShouldAskTheWorkerToWorkAndThePresenterToFormatTheResult() async {
        // Given
        let presenterSpy = AddOrderNotePresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = AddOrderNoteWorkerSpy()
        sut.worker = workerSpy

        // When
        await sut.doSomething(request: AddOrderNote.Something.Request())

        // Then
        XCTAssert(workerSpy.doSomeWorkCalled, "doSomething(request:) should ask the worker to do some work")
        XCTAssertEqual(presenterSpy.presentSomethingResponse, .done(result: "Done by the spy."))
        XCTAssertEqual(sut.result, "Done by the spy.", "The data store keeps the result")
    }
}
