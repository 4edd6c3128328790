import XCTest

@testable import CleanStore

final class DeleteOrderInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = DeleteOrderInteractor(worker: DeleteOrderWorkerSpy())
    }

    // MARK: Test doubles

    final class DeleteOrderPresentationLogicSpy: DeleteOrderPresentationLogic {
        var presentSomethingResponse: DeleteOrder.Something.Response?

        func presentSomething(response: DeleteOrder.Something.Response) {
            presentSomethingResponse = response
        }
    }

    final class DeleteOrderWorkerSpy: DeleteOrderWorker {
        var doSomeWorkCalled = false

        override func doSomeWork() async -> String {
            doSomeWorkCalled = true
            return "Done by the spy."
        }
    }

    // MARK: Tests

    func testDoSomethingShouldAskTheWorkerToWorkAndThePresenterToFormatTheResult() async {
        // Given
        let presenterSpy = DeleteOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = DeleteOrderWorkerSpy()
        sut.worker = workerSpy

        // When
        await sut.doSomething(request: DeleteOrder.Something.Request())

        // Then
        XCTAssert(workerSpy.doSomeWorkCalled, "doSomething(request:) should ask the worker to do some work")
        XCTAssertEqual(presenterSpy.presentSomethingResponse?.result, "Done by the spy.")
        XCTAssertEqual(sut.result, "Done by the spy.", "The data store keeps the result")
    }
}
