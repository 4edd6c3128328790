import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListDraftsInteractorTests: XCTestCase {
    final class ListDraftsPresentationLogicSpy: ListDraftsPresentationLogic {
        var response: ListDrafts.FetchDrafts.Response?
        func presentDrafts(response: ListDrafts.FetchDrafts.Response) { self.response = response }
    }

    func testTheSignedInClerksDraftsComeFirst() async throws {
        let database = MemoryAppDatabase()
        let worker = DraftsWorker(
            drafts: DraftsMemStore(database: database), catalog: ProductsCatalog(products: ProductsMemStore(database: database)), now: { Seeds.june29 },
            timeZone: TimeZone(identifier: "UTC")!, logger: Logger(label: "test"))
        let others = try await worker.createDraft(by: AccountSeeds.sue.name)
        let mine = try await worker.createDraft(by: testAccount.name)
        let sut = ListDraftsInteractor(worker: worker)
        let spy = ListDraftsPresentationLogicSpy()
        sut.presenter = spy

        await sut.fetchDrafts(request: .init(signedIn: testAccount.name))

        XCTAssertEqual(spy.response, .found([mine, others], mine: testAccount.name))
    }
}
