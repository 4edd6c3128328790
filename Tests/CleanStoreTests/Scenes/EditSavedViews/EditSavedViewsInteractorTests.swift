import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditSavedViewsInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditSavedViewsInteractor!
    var presenterSpy: EditSavedViewsPresentationLogicSpy!
    var workerSpy: SavedViewsWorkerSpy!
    let amy = SignedIn(name: AccountName(username: "Amy", displayName: "Amy Clerk"), role: .clerk)

    override func setUp() {
        super.setUp()
        workerSpy = SavedViewsWorkerSpy(store: SavedViewsMemStore())
        presenterSpy = EditSavedViewsPresentationLogicSpy()
        sut = EditSavedViewsInteractor(savedViewsWorker: workerSpy, filterWorker: OrdersFilterWorker(timeZone: TimeZone(identifier: "UTC")!))
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class EditSavedViewsPresentationLogicSpy: EditSavedViewsPresentationLogic {
        var views: [EditSavedViews.ShowViews.Response] = []
        var forms: [EditSavedViews.ShowNewForm.Response] = []
        var saved: [EditSavedViews.SaveView.Response] = []
        var changed: [EditSavedViews.ChangeView.Response] = []

        func presentViews(response: EditSavedViews.ShowViews.Response) { views.append(response) }
        func presentNewForm(response: EditSavedViews.ShowNewForm.Response) { forms.append(response) }
        func presentSavedView(response: EditSavedViews.SaveView.Response) { saved.append(response) }
        func presentChangedView(response: EditSavedViews.ChangeView.Response) { changed.append(response) }
    }

    final class SavedViewsWorkerSpy: SavedViewsWorker {
        var failure: SavedViewsStoreError?
        var added: [(account: String, name: String, query: String)] = []
        var changes: [(id: Int64, account: String, change: SavedViewChange)] = []

        override func views(of account: SignedIn) async throws(SavedViewsStoreError) -> [SavedView] {
            if let failure { throw failure }
            return try await super.views(of: account)
        }

        override func addView(for account: SignedIn, name: String, query: String) async throws(SavedViewsStoreError) -> SavedView {
            added.append((account.name.username, name, query))
            if let failure { throw failure }
            return try await super.addView(for: account, name: name, query: query)
        }

        override func changeView(id: Int64, for account: SignedIn, change: SavedViewChange) async throws(SavedViewsStoreError) -> [SavedView] {
            changes.append((id, account.name.username, change))
            return try await super.changeView(id: id, for: account, change: change)
        }
    }

    // MARK: Show views

    func testShowViewsPresentsTheAccountsViewsOnly() async throws {
        // Given
        let mine = try await workerSpy.store.addView(accountKey: "amy", name: "Packed", query: "status=packed")
        _ = try await workerSpy.store.addView(accountKey: "bob", name: "Bob's", query: "q=bob")

        // When
        await sut.showViews(request: EditSavedViews.ShowViews.Request(signedIn: amy))

        // Then: the account is named by its key (usernames ignore case)
        XCTAssertEqual(presenterSpy.views, [.fetched([mine])])
        XCTAssertEqual(sut.views, [mine])
    }

    func testShowViewsSaysWhenTheStoreFails() async {
        workerSpy.failure = .unavailable("down")
        await sut.showViews(request: EditSavedViews.ShowViews.Request(signedIn: amy))
        XCTAssertEqual(presenterSpy.views, [.unavailable])
    }

    // MARK: The form

    func testShowNewFormReadsTheListsQueryAsTheListDoes() async {
        // When: a status and a search, and a date that is no date
        await sut.showNewForm(
            request: EditSavedViews.ShowNewForm.Request(filters: OrdersFilterParameters(text: " jane ", status: "packed", from: "soon")))

        // Then: what the list would apply, nothing else
        XCTAssertEqual(presenterSpy.forms, [.form(OrdersFilters(text: "jane", status: .packed))])
    }

    // MARK: Save

    func testSaveViewKeepsTheNameAndTheQueryReadAgain() async {
        // When: a query with a page's cursor and an unknown status
        await sut.saveView(
            request: EditSavedViews.SaveView.Request(
                signedIn: amy, fields: EditSavedViews.SaveFormFields(name: "  Packed today ", query: "status=packed&after=abc&q=jane")))

        // Then
        XCTAssertEqual(workerSpy.added.map(\.name), ["Packed today"])
        XCTAssertEqual(workerSpy.added.map(\.query), ["q=jane&status=packed"])
        guard case .saved(let view) = presenterSpy.saved.first else { return XCTFail("\(presenterSpy.saved)") }
        XCTAssertEqual(view.name, "Packed today")
        XCTAssertEqual(view.accountKey, "amy")
    }

    func testSaveViewRefusesANameByTheFreeTextRuleAndOnOneLine() async {
        let cases: [(String, EditSavedViews.NameProblem)] = [
            ("   ", .text(.missing)),
            (String(repeating: "x", count: 41), .text(.tooLong(maximum: 40))),
            ("Packed\nlater", .text(.controlCharacters)),
            ("Card 4111 1111 1111 1111", .text(.looksLikeCardNumber)),
            ("Pac\u{200B}ked", .text(.invisibleCharacters)),
        ]
        for (typed, problem) in cases {
            presenterSpy.saved = []
            await sut.saveView(
                request: EditSavedViews.SaveView.Request(signedIn: amy, fields: EditSavedViews.SaveFormFields(name: typed, query: "status=paid")))
            XCTAssertEqual(presenterSpy.saved, [.invalid(OrdersFilters(status: .paid), name: typed, problem: problem)], typed)
        }
        XCTAssertTrue(workerSpy.added.isEmpty, "nothing is saved")
    }

    func testSaveViewSaysWhenTheNameIsTakenOrThereAreTooMany() async throws {
        _ = try await workerSpy.store.addView(accountKey: "amy", name: "Packed", query: "status=packed")
        await sut.saveView(
            request: EditSavedViews.SaveView.Request(signedIn: amy, fields: EditSavedViews.SaveFormFields(name: "packed", query: "")))
        XCTAssertEqual(presenterSpy.saved, [.invalid(OrdersFilters(), name: "packed", problem: .taken)])

        workerSpy.failure = .tooMany
        await sut.saveView(request: EditSavedViews.SaveView.Request(signedIn: amy, fields: EditSavedViews.SaveFormFields(name: "New", query: "")))
        XCTAssertEqual(presenterSpy.saved.last, .invalid(OrdersFilters(), name: "New", problem: .tooMany))

        workerSpy.failure = .unavailable("down")
        await sut.saveView(request: EditSavedViews.SaveView.Request(signedIn: amy, fields: EditSavedViews.SaveFormFields(name: "New", query: "")))
        XCTAssertEqual(presenterSpy.saved.last, .unavailable)
    }

    // MARK: Change

    func testChangeViewAppliesTheChangeAndPresentsTheViewAsItWas() async throws {
        let a = try await workerSpy.store.addView(accountKey: "amy", name: "A", query: "q=a")
        _ = try await workerSpy.store.addView(accountKey: "amy", name: "B", query: "q=b")

        await sut.changeView(request: EditSavedViews.ChangeView.Request(signedIn: amy, id: a.id, change: .moveDown))

        XCTAssertEqual(presenterSpy.changed, [.changed(a, .moveDown)])
        XCTAssertEqual(sut.views?.map(\.name), ["B", "A"])
        XCTAssertEqual(workerSpy.changes.map(\.change), [.moveDown])
    }

    func testChangeViewOfAnotherAccountIsNotFoundAndChangesNothing() async throws {
        let bobs = try await workerSpy.store.addView(accountKey: "bob", name: "B", query: "q=b")

        await sut.changeView(request: EditSavedViews.ChangeView.Request(signedIn: amy, id: bobs.id, change: .delete))

        XCTAssertEqual(presenterSpy.changed, [.notFound])
        XCTAssertTrue(workerSpy.changes.isEmpty)
        let stored1 = try await workerSpy.store.views(accountKey: "bob")
        XCTAssertEqual(stored1, [bobs])
    }

    func testChangeViewSaysWhenTheStoreFails() async {
        workerSpy.failure = .unavailable("down")
        await sut.changeView(request: EditSavedViews.ChangeView.Request(signedIn: amy, id: 1, change: .delete))
        XCTAssertEqual(presenterSpy.changed, [.unavailable])
    }
}
