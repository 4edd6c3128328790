import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExampleSceneInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExampleSceneInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ExampleSceneInteractor(worker: ExampleSceneWorkerSpy())
    }

    // MARK: Test doubles

    final class ExampleScenePresentationLogicSpy: ExampleScenePresentationLogic {
        var presentSomethingResponse: ExampleScene.Something.Response?

        func presentSomething(response: ExampleScene.Something.Response) {
            presentSomethingResponse = response
        }
    }

    final class ExampleSceneWorkerSpy: ExampleSceneWorker {
        var doSomeWorkCalled = false

        override func doSomeWork() async -> String {
            doSomeWorkCalled = true
            return "Done by the spy."
        }
    }

    // MARK: Tests

    func testDoSomethingShouldAskTheWorkerToWorkAndThePresenterToFormatTheResult() async {
        // Given
        let presenterSpy = ExampleScenePresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = ExampleSceneWorkerSpy()
        sut.worker = workerSpy

        // When
        await sut.doSomething(request: ExampleScene.Something.Request())

        // Then
        XCTAssert(workerSpy.doSomeWorkCalled, "doSomething(request:) should ask the worker to do some work")
        XCTAssertEqual(presenterSpy.presentSomethingResponse, .done(result: "Done by the spy."))
        XCTAssertEqual(sut.result, "Done by the spy.", "The data store keeps the result")
    }
}
