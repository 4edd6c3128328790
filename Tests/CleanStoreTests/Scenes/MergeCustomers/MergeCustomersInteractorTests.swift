import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class MergeCustomersInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: MergeCustomersInteractor!
    var presenterSpy: MergeCustomersPresentationLogicSpy!
    var workerSpy: MergeCustomersWorkerSpy!

    static let jane: Customer = {
        var jane = CustomerSeeds.jane
        jane.id = 1
        jane.version = 2
        return jane
    }()
    static let other: Customer = {
        var other = CustomerSeeds.jane
        other.id = 2
        other.email = "jdoe@example.net"
        return other
    }()

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = MergeCustomersWorkerSpy()
        sut = MergeCustomersInteractor(worker: workerSpy)
        presenterSpy = MergeCustomersPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class MergeCustomersPresentationLogicSpy: MergeCustomersPresentationLogic {
        var pick: MergeCustomers.PickOther.Response?
        var preview: MergeCustomers.Preview.Response?
        var merge: MergeCustomers.Merge.Response?
        func presentPick(response: MergeCustomers.PickOther.Response) { pick = response }
        func presentPreview(response: MergeCustomers.Preview.Response) { preview = response }
        func presentMerge(response: MergeCustomers.Merge.Response) { merge = response }
    }

    /// The store's answers as set; what was asked, kept.
    final class MergeCustomersWorkerSpy: MergeCustomersWorker {
        var stored: [Int64: Customer] = [1: MergeCustomersInteractorTests.jane, 2: MergeCustomersInteractorTests.other]
        var found: [Customer] = []
        var failure: CustomersStoreError?
        var mergeFailure: CustomersStoreError?
        var searched: [(String, Int)] = []
        var merged: [(survivor: Customer, otherID: Int64, otherVersion: Int, by: AccountName?)] = []

        init() { super.init(customers: CustomersMemStore(), logger: Logger(label: "test"), now: { CustomerSeeds.now }) }

        override func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? {
            if let failure { throw failure }
            return stored[id]
        }

        override func search(_ text: String, limit: Int) async throws(CustomersStoreError) -> [Customer] {
            if let failure { throw failure }
            searched.append((text, limit))
            return found
        }

        override func orderCount(customerID: Int64) async throws(CustomersStoreError) -> Int {
            if let failure { throw failure }
            return customerID == 2 ? 3 : 0
        }

        override func merge(_ survivor: Customer, merging otherID: Int64, otherVersion: Int, by: AccountName?) async throws(CustomersStoreError)
            -> CustomersMerge
        {
            merged.append((survivor, otherID, otherVersion, by))
            if let mergeFailure { throw mergeFailure }
            var gone = stored[otherID]!
            gone.mergedInto = survivor.id
            return CustomersMerge(survivor: survivor, merged: gone, events: [])
        }
    }

    // MARK: Pick the other

    func testPickingShowsTheSurvivorAndWhatTheSearchFindsButItself() async {
        workerSpy.found = [Self.jane, Self.other]
        await sut.pickOther(request: MergeCustomers.PickOther.Request(id: "1", text: "  doe "))
        XCTAssertEqual(presenterSpy.pick, .found(survivor: Self.jane, text: "doe", results: [Self.other]))
        XCTAssertEqual(workerSpy.searched.map(\.0), ["doe"])
        XCTAssertEqual(workerSpy.searched.map(\.1), [MergeCustomers.resultLimit + 1], "one more: the survivor may be among them")
        XCTAssertEqual(sut.survivor, Self.jane)

        await sut.pickOther(request: MergeCustomers.PickOther.Request(id: "1", text: ""))
        XCTAssertEqual(presenterSpy.pick, .found(survivor: Self.jane, text: "", results: nil), "no search yet")
        XCTAssertEqual(workerSpy.searched.count, 1)
    }

    func testPickingRefusesNoCustomerAMergedOneOrAStoreThatCannotBeReached() async {
        for id in ["x", "9"] {
            await sut.pickOther(request: MergeCustomers.PickOther.Request(id: id, text: ""))
            XCTAssertEqual(presenterSpy.pick, .notFound, id)
        }
        var gone = Self.other
        gone.mergedInto = 1
        workerSpy.stored[2] = gone
        await sut.pickOther(request: MergeCustomers.PickOther.Request(id: "2", text: "doe"))
        XCTAssertEqual(presenterSpy.pick, .alreadyMerged(gone))
        workerSpy.failure = .unavailable("down")
        await sut.pickOther(request: MergeCustomers.PickOther.Request(id: "1", text: "doe"))
        XCTAssertEqual(presenterSpy.pick, .unavailable)
    }

    // MARK: Preview

    func testThePreviewHasBothCustomersAndTheOthersOrderCount() async {
        await sut.preview(request: MergeCustomers.Preview.Request(id: "1", otherID: "2"))
        XCTAssertEqual(presenterSpy.preview, .preview(MergeCustomers.Pair(survivor: Self.jane, other: Self.other, otherOrders: 3)))
    }

    func testThePreviewRefusesOneCustomerTwiceNoCustomerAMergedOneOrAStoreThatCannotBeReached() async {
        for (id, other) in [("1", "1"), ("1", "9"), ("9", "2"), ("x", "2"), ("1", "")] {
            await sut.preview(request: MergeCustomers.Preview.Request(id: id, otherID: other))
            XCTAssertEqual(presenterSpy.preview, .notFound, "\(id) \(other)")
        }
        var gone = Self.other
        gone.mergedInto = 3
        workerSpy.stored[2] = gone
        await sut.preview(request: MergeCustomers.Preview.Request(id: "1", otherID: "2"))
        XCTAssertEqual(presenterSpy.preview, .alreadyMerged(gone))
        await sut.preview(request: MergeCustomers.Preview.Request(id: "2", otherID: "1"))
        XCTAssertEqual(presenterSpy.preview, .alreadyMerged(gone), "as the survivor too")
        workerSpy.failure = .unavailable("down")
        await sut.preview(request: MergeCustomers.Preview.Request(id: "1", otherID: "2"))
        XCTAssertEqual(presenterSpy.preview, .unavailable)
    }

    // MARK: Merge

    func testAMergeSendsTheSurvivorAtThePreviewsVersionWithTheFieldsTaken() async {
        let fields = MergeCustomers.MergeFormFields(version: "2", otherVersion: "1", choices: [.email: "take", .phone: "keep", .note: ""])
        await sut.merge(request: MergeCustomers.Merge.Request(id: "1", otherID: "2", fields: fields, by: CustomerSeeds.sue))
        var expected = Self.jane
        expected.email = "jdoe@example.net"
        XCTAssertEqual(workerSpy.merged.map(\.survivor), [expected])
        XCTAssertEqual(workerSpy.merged.map(\.otherID), [2])
        XCTAssertEqual(workerSpy.merged.map(\.otherVersion), [1])
        XCTAssertEqual(workerSpy.merged.map(\.by), [CustomerSeeds.sue])
        guard case .done(let merge) = presenterSpy.merge else { return XCTFail("not merged: \(String(describing: presenterSpy.merge))") }
        XCTAssertEqual(merge.survivor, expected)
        XCTAssertEqual(sut.survivor, expected)
    }

    func testAMergeFromAnOlderPreviewIsTheConflictWithBothAsTheyAreNowAndTheChoicesAsPosted() async {
        workerSpy.mergeFailure = .conflict(current: Self.other)
        let fields = MergeCustomers.MergeFormFields(version: "1", otherVersion: "1", choices: [.email: "take"])
        await sut.merge(request: MergeCustomers.Merge.Request(id: "1", otherID: "2", fields: fields, by: CustomerSeeds.sue))
        XCTAssertEqual(
            presenterSpy.merge, .conflict(MergeCustomers.Pair(survivor: Self.jane, other: Self.other, otherOrders: 3, taken: [.email])))
        var stale = Self.jane
        stale.version = 1
        stale.email = "jdoe@example.net"
        XCTAssertEqual(workerSpy.merged.map(\.survivor), [stale], "the version posted, for the store to refuse")
    }

    func testAMergeRefusesWhatNoPreviewPostsAndPassesOnTheStoresAnswers() async {
        for fields in [
            MergeCustomers.MergeFormFields(version: "", otherVersion: "1"), MergeCustomers.MergeFormFields(version: "2", otherVersion: "x"),
            MergeCustomers.MergeFormFields(version: "2", otherVersion: "1", choices: [.name: "both"]),
        ] {
            await sut.merge(request: MergeCustomers.Merge.Request(id: "1", otherID: "2", fields: fields, by: nil))
            XCTAssertEqual(presenterSpy.merge, .badRequest, "\(fields)")
        }
        let fields = MergeCustomers.MergeFormFields(version: "2", otherVersion: "1")
        for (id, other) in [("1", "1"), ("1", "9"), ("x", "2")] {
            await sut.merge(request: MergeCustomers.Merge.Request(id: id, otherID: other, fields: fields, by: nil))
            XCTAssertEqual(presenterSpy.merge, .notFound, "\(id) \(other)")
        }
        XCTAssertEqual(workerSpy.merged.count, 0)
        workerSpy.mergeFailure = .notFound(id: 2)
        await sut.merge(request: MergeCustomers.Merge.Request(id: "1", otherID: "2", fields: fields, by: nil))
        XCTAssertEqual(presenterSpy.merge, .notFound)
        workerSpy.mergeFailure = .unavailable("down")
        await sut.merge(request: MergeCustomers.Merge.Request(id: "1", otherID: "2", fields: fields, by: nil))
        XCTAssertEqual(presenterSpy.merge, .unavailable)
        // Merged by someone else meanwhile: the conflict finds it merged
        var gone = Self.other
        gone.mergedInto = 3
        workerSpy.stored[2] = gone
        workerSpy.mergeFailure = .conflict(current: gone)
        await sut.merge(request: MergeCustomers.Merge.Request(id: "1", otherID: "2", fields: fields, by: nil))
        XCTAssertEqual(presenterSpy.merge, .alreadyMerged(gone))
    }
}
