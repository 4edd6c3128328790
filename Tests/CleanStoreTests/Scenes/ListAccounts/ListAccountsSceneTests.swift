import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListAccountsInteractorTests: XCTestCase {
    final class ListAccountsPresentationLogicSpy: ListAccountsPresentationLogic {
        var accounts: ListAccounts.FetchAccounts.Response?
        var log: ListAccounts.FetchLog.Response?
        func presentAccounts(response: ListAccounts.FetchAccounts.Response) { accounts = response }
        func presentLog(response: ListAccounts.FetchLog.Response) { log = response }
    }

    func testFetchAccountsAndLogShouldAskTheWorkerAndPresentWhatItFound() async {
        // Given
        let worker = ManageAccountsWorkerSpy()
        worker.listed = [ManageAccountsWorker.Listed(account: AccountSeeds.amy, lastSignIn: nil)]
        worker.logged = ManageAccountsWorker.LogPage(
            entries: [LoggedAccountEvent(id: 7, event: AccountEvent(at: AccountSeeds.now, actor: AccountSeeds.sue.name, username: "Amy", action: .disabled))],
            hasOlder: true)
        let sut = ListAccountsInteractor(worker: worker)
        let presenter = ListAccountsPresentationLogicSpy()
        sut.presenter = presenter

        // When
        await sut.fetchAccounts(request: ListAccounts.FetchAccounts.Request())
        await sut.fetchLog(request: ListAccounts.FetchLog.Request())

        // Then
        XCTAssertEqual(worker.calls, ["listAccounts", "events newest"])
        XCTAssertEqual(presenter.accounts, .accounts(worker.listed))
        XCTAssertEqual(presenter.log, .page(worker.logged))
        XCTAssertEqual(sut.accounts, worker.listed, "The data store keeps them")
    }

    func testFetchLogPagesFromTheCursorGivenAndRefusesABadOneWithoutAskingTheStore() async {
        let worker = ManageAccountsWorkerSpy()
        let sut = ListAccountsInteractor(worker: worker)
        let presenter = ListAccountsPresentationLogicSpy()
        sut.presenter = presenter

        await sut.fetchLog(request: ListAccounts.FetchLog.Request(after: "51"))
        await sut.fetchLog(request: ListAccounts.FetchLog.Request(before: "2"))
        XCTAssertEqual(worker.calls, ["events olderThan(51)", "events newerThan(2)"])
        XCTAssertEqual(presenter.log, .page(worker.logged))

        for (after, before) in [
            ("0", nil), ("-3", nil), ("x", nil), ("", nil), ("1.5", nil), ("99999999999999999999", nil), (nil, "٣"), (nil, " 4"),
            ("3", "4"),
        ] as [(String?, String?)] {
            presenter.log = nil
            await sut.fetchLog(request: ListAccounts.FetchLog.Request(after: after, before: before))
            XCTAssertEqual(presenter.log, .badCursor, "after \(after ?? "-") before \(before ?? "-")")
        }
        XCTAssertEqual(worker.calls.count, 2, "a bad cursor asks the store nothing")
    }

    func testAStoreThatIsDownIsPresentedAsUnavailable() async {
        let worker = ManageAccountsWorkerSpy()
        worker.failure = .store(.unavailable("down"))
        let sut = ListAccountsInteractor(worker: worker)
        let presenter = ListAccountsPresentationLogicSpy()
        sut.presenter = presenter
        await sut.fetchAccounts(request: ListAccounts.FetchAccounts.Request())
        await sut.fetchLog(request: ListAccounts.FetchLog.Request())
        XCTAssertEqual(presenter.accounts, .unavailable)
        XCTAssertEqual(presenter.log, .unavailable)
    }
}

final class ListAccountsPresenterTests: XCTestCase {
    final class ListAccountsDisplayLogicSpy: ListAccountsDisplayLogic {
        var accounts: ListAccounts.FetchAccounts.ViewModel?
        var log: ListAccounts.FetchLog.ViewModel?
        func displayAccounts(viewModel: ListAccounts.FetchAccounts.ViewModel) { accounts = viewModel }
        func displayLog(viewModel: ListAccounts.FetchLog.ViewModel) { log = viewModel }
    }

    func testAccountsReadAsPeopleReadThem() {
        let sut = ListAccountsPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ListAccountsDisplayLogicSpy()
        sut.viewController = spy
        var old = AccountSeeds.sue
        old.isDisabled = true
        sut.presentAccounts(
            response: .accounts([
                ManageAccountsWorker.Listed(account: AccountSeeds.amy, lastSignIn: Seeds.june29),
                ManageAccountsWorker.Listed(account: old, lastSignIn: nil),
            ]))
        guard case .list(let list) = spy.accounts else { return XCTFail() }
        XCTAssertEqual(
            list.accounts,
            [
                ListAccounts.DisplayedAccount(
                    username: "Amy", displayName: "Amy Apple", role: "Clerk", lastSignIn: "29 June 2007 at 6am", status: "Active",
                    isDisabled: false, editURL: "/accounts/Amy/edit"),
                ListAccounts.DisplayedAccount(
                    username: "sue", displayName: "Sue Super", role: "Supervisor", lastSignIn: "Never", status: "Disabled",
                    isDisabled: true, editURL: "/accounts/sue/edit"),
            ])
    }

    func testTheLogSaysWhoDidWhatToWhomAndWhen() {
        let sut = ListAccountsPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ListAccountsDisplayLogicSpy()
        sut.viewController = spy
        sut.presentLog(
            response: .page(
                ManageAccountsWorker.LogPage(entries: [
                    LoggedAccountEvent(
                        id: 3,
                        event: AccountEvent(
                            at: Seeds.june29, actor: AccountSeeds.sue.name, username: "Amy", action: .roleChanged, role: .viewer, previousRole: .clerk))
                ])))
        guard case .log(let log) = spy.log else { return XCTFail() }
        XCTAssertEqual(
            log.events,
            [
                ListAccounts.DisplayedEvent(
                    date: "29 June 2007 at 6am", machineDate: "2007-06-29T06:00:00+00:00", by: "Sue Super (sue)", account: "Amy",
                    what: "Role changed from Clerk to Viewer")
            ])
        XCTAssertNil(log.emptyMessage)
        XCTAssertFalse(log.hasPagination, "one page: no links")
        sut.presentLog(response: .page(ManageAccountsWorker.LogPage(entries: [])))
        guard case .log(let empty) = spy.log else { return XCTFail() }
        XCTAssertNotNil(empty.emptyMessage)
        XCTAssertEqual(
            AccountEvent.Action.allCases.map { ListAccountsPresenter.what(AccountEvent(at: Seeds.june29, actor: AccountSeeds.sue.name, username: "a", action: $0, role: .clerk)) }.count,
            Set(AccountEvent.Action.allCases.map { ListAccountsPresenter.what(AccountEvent(at: Seeds.june29, actor: AccountSeeds.sue.name, username: "a", action: $0, role: .clerk)) }).count,
            "Each action in words of its own")
    }

    func testAPageBetweenOthersLinksToTheEntriesNewerThanItsFirstAndOlderThanItsLast() {
        let sut = ListAccountsPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ListAccountsDisplayLogicSpy()
        sut.viewController = spy
        let entries = [9, 8, 6].map {
            LoggedAccountEvent(id: $0, event: AccountEvent(at: Seeds.june29, actor: AccountSeeds.sue.name, username: "amy", action: .enabled))
        }

        sut.presentLog(response: .page(ManageAccountsWorker.LogPage(entries: entries, hasNewer: true, hasOlder: true)))
        guard case .log(let middle) = spy.log else { return XCTFail() }
        XCTAssertEqual(middle.newerURL, "/accounts/log?before=9")
        XCTAssertEqual(middle.olderURL, "/accounts/log?after=6")

        sut.presentLog(response: .page(ManageAccountsWorker.LogPage(entries: entries, hasNewer: false, hasOlder: true)))
        guard case .log(let newest) = spy.log else { return XCTFail() }
        XCTAssertNil(newest.newerURL, "the newest page has nothing newer")
        XCTAssertEqual(newest.olderURL, "/accounts/log?after=6")

        sut.presentLog(response: .badCursor)
        guard case .badRequest = spy.log else { return XCTFail("\(String(describing: spy.log))") }
    }
}

final class ListAccountsViewControllerTests: XCTestCase {
    final class ListAccountsBusinessLogicSpy: ListAccountsBusinessLogic {
        var calls: [String] = []
        func fetchAccounts(request: ListAccounts.FetchAccounts.Request) async { calls.append("fetchAccounts") }
        func fetchLog(request: ListAccounts.FetchLog.Request) async { calls.append("fetchLog \(request.after ?? "-") \(request.before ?? "-")") }
    }

    static let list = ListAccounts.DisplayedList(
        title: "Accounts",
        accounts: [
            ListAccounts.DisplayedAccount(
                username: "amy", displayName: "Amy", role: "Clerk", lastSignIn: "Never", status: "Disabled", isDisabled: true,
                editURL: "/accounts/amy/edit")
        ])
    static let log = ListAccounts.DisplayedLog(
        title: "Accounts log",
        events: [ListAccounts.DisplayedEvent(date: "29 June 2007 at 6am", machineDate: "2007-06-29T06:00:00+00:00", by: "Sue", account: "amy", what: "Disabled")],
        emptyMessage: "None yet", newerURL: "/accounts/log?before=9", olderURL: "/accounts/log?after=7")

    func testTheRoutesAskTheInteractorAndThePagesRenderTheirTemplates() async throws {
        let pages = PageRendererSpy()
        let sut = ListAccountsViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = ListAccountsBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showAccounts(flash: nil)
        _ = await sut.showLog()
        _ = await sut.showLog(after: "12")
        _ = await sut.showLog(before: "3")
        XCTAssertEqual(spy.calls, ["fetchAccounts", "fetchLog - -", "fetchLog 12 -", "fetchLog - 3"])
        sut.displayAccounts(viewModel: .list(Self.list))
        XCTAssertEqual(pages.rendered.last?.template, "ListAccounts/list")
        sut.displayLog(viewModel: .log(Self.log))
        XCTAssertEqual(pages.rendered.last?.template, "ListAccounts/log")
        XCTAssertEqual(sut.response?.status, .ok)
        sut.displayLog(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        sut.displayLog(viewModel: .badRequest)
        XCTAssertEqual(sut.response?.status, .badRequest)
    }
}
