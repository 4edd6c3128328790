import XCTest

@testable import CleanStore

final class PrintPackingSlipInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: PrintPackingSlipInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = PrintPackingSlipInteractor(worker: PrintPackingSlipWorkerSpy())
    }

    // MARK: Test doubles

    final class PrintPackingSlipPresentationLogicSpy: PrintPackingSlipPresentationLogic {
        var presentSomethingResponse: PrintPackingSlip.Something.Response?

        func presentSomething(response: PrintPackingSlip.Something.Response) {
            presentSomethingResponse = response
        }
    }

    final class PrintPackingSlipWorkerSpy: PrintPackingSlipWorker {
        var doSomeWorkCalled = false

        override func doSomeWork() async -> String {
            doSomeWorkCalled = true
            return "Done by the spy."
        }
    }

    // MARK: Tests

    func testDoSomethingShouldAskTheWorkerToWorkAndThePresenterToFormatTheResult() async {
        // Given
        let presenterSpy = PrintPackingSlipPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = PrintPackingSlipWorkerSpy()
        sut.worker = workerSpy

        // When
        await sut.doSomething(request: PrintPackingSlip.Something.Request())

        // Then
        XCTAssert(workerSpy.doSomeWorkCalled, "doSomething(request:) should ask the worker to do some work")
        XCTAssertEqual(presenterSpy.presentSomethingResponse, .done(result: "Done by the spy."))
        XCTAssertEqual(sut.result, "Done by the spy.", "The data store keeps the result")
    }
}
