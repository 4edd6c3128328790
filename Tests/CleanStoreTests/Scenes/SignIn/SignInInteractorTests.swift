import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SignInInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: SignInInteractor!
    var presenterSpy: SignInPresentationLogicSpy!
    var workerSpy: SignInWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = SignInWorkerSpy()
        presenterSpy = SignInPresentationLogicSpy()
        sut = SignInInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class SignInPresentationLogicSpy: SignInPresentationLogic {
        var formResponse: SignIn.ShowForm.Response?
        var signInResponse: SignIn.SignIn.Response?
        var signOutResponse: SignIn.SignOut.Response?
        var calls: [String] = []

        func presentForm(response: SignIn.ShowForm.Response) {
            formResponse = response
            calls.append("presentForm")
        }

        func presentSignIn(response: SignIn.SignIn.Response) {
            signInResponse = response
            calls.append("presentSignIn")
        }

        func presentSignOut(response: SignIn.SignOut.Response) {
            signOutResponse = response
            calls.append("presentSignOut")
        }
    }

    /// Records what the interactor asked and answers `outcome` (or throws when `unavailable`).
    final class SignInWorkerSpy: SignInWorker, @unchecked Sendable {
        struct SignInCall: Equatable {
            var username: String
            var password: String
            var client: String
            var previousSession: SessionID?
        }

        var outcome = Outcome.signedIn(SignInInteractorTests.clerk, AccountSeeds.sessionID(1))
        var unavailable = false
        var busyFor: Int?
        var signInCalls: [SignInCall] = []
        var signOutCalls: [SessionID] = []

        init() {
            super.init(services: .inMemory(), now: { Seeds.june29 }, logger: TestStores.silentLogger)
        }

        override func signIn(username: String, password: String, client: String, previousSession: SessionID?) async throws(Unavailable)
            -> Outcome
        {
            signInCalls.append(SignInCall(username: username, password: password, client: client, previousSession: previousSession))
            if unavailable { throw Unavailable() }
            if let busyFor { throw Unavailable(retryAfterSeconds: busyFor) }
            return outcome
        }

        override func signOut(session: SessionID) async throws(Unavailable) {
            signOutCalls.append(session)
            if unavailable { throw Unavailable() }
        }
    }

    static let clerk = SignedIn(name: AccountSeeds.amy.name, role: .clerk)
    static let orders = SignIn.Destination(path: "/orders", draft: nil)
    static let draft = OrderDraft(action: "/orders/2", postedBody: "firstName=Amy&version=1")

    func signIn(username: String = "Amy", password: String = testPassword, returnTo: String = "", draft: String = "") async {
        let fields = SignIn.SignInFormFields(username: username, password: password, returnTo: returnTo, draft: draft)
        await sut.signIn(request: SignIn.SignIn.Request(fields: fields, client: "192.0.2.1", previousSession: testSessionID))
    }

    // MARK: Tests: show the form

    func testShowFormShouldPresentTheFormForTheReasonWithTheLocalPathToReturnTo() {
        // When
        sut.showForm(request: SignIn.ShowForm.Request(returnTo: "/orders/7/edit", draft: nil, reason: .signIn, isSignedIn: false))

        // Then
        XCTAssertEqual(presenterSpy.formResponse, .form(SignIn.Destination(path: "/orders/7/edit", draft: nil), reason: .signIn))
        XCTAssertEqual(presenterSpy.calls, ["presentForm"], "One trip through the cycle")
    }

    func testShowFormShouldSendAClerkWhoIsSignedInAlreadyOnToTheDestination() {
        // When
        sut.showForm(request: SignIn.ShowForm.Request(returnTo: "/orders?after=x", draft: nil, reason: .signIn, isSignedIn: true))

        // Then
        XCTAssertEqual(presenterSpy.formResponse, .alreadySignedIn(SignIn.Destination(path: "/orders?after=x", draft: nil)))
    }

    func testShowFormShouldKeepOnlyLocalPathsAndSendAnyOtherToTheOrders() {
        let cases: [(String?, String)] = [
            ("/orders/7/edit", "/orders/7/edit"),
            ("/orders?after=1183132800.0_11", "/orders?after=1183132800.0_11"),
            (nil, "/orders"),
            ("", "/orders"),
            ("//evil.example", "/orders"),
            ("/\\evil.example", "/orders"),
            ("https://evil.example/orders", "/orders"),
            ("orders", "/orders"),
            ("/orders\r\nSet-Cookie: a=b", "/orders"),
            ("/orders\u{0}", "/orders"),
            ("/orders\t", "/orders"),
            ("/orders/\u{7F}", "/orders"),
            ("/ord ers", "/orders"),
            ("/ordérs", "/orders"),
            ("/sign-in", "/orders"),
            ("/sign-in?return=/sign-in", "/orders"),
            ("/sign-out", "/orders"),
            ("/setup?token=x", "/orders"),
        ]
        for (returnTo, expected) in cases {
            // When
            sut.showForm(request: SignIn.ShowForm.Request(returnTo: returnTo, draft: nil, reason: .signIn, isSignedIn: false))

            // Then
            XCTAssertEqual(
                presenterSpy.formResponse, .form(SignIn.Destination(path: expected, draft: nil), reason: .signIn),
                "\(String(describing: returnTo))")
        }
    }

    func testShowFormShouldLetADraftWinOverThePathToReturnTo() {
        // When
        sut.showForm(request: SignIn.ShowForm.Request(returnTo: "/orders/7", draft: Self.draft, reason: .sessionEnded, isSignedIn: false))

        // Then
        XCTAssertEqual(
            presenterSpy.formResponse, .form(SignIn.Destination(path: "/orders/2", draft: Self.draft), reason: .sessionEnded),
            "After signing in, the form comes back where it was posted")
    }

    // MARK: Tests: sign in

    func testSignInShouldAskTheWorkerWithTheUsernameTrimmedAndThePasswordAsTyped() async {
        // When
        await signIn(username: "  Amy ", password: " pass word ")

        // Then
        XCTAssertEqual(
            workerSpy.signInCalls,
            [.init(username: "Amy", password: " pass word ", client: "192.0.2.1", previousSession: testSessionID)],
            "The session the browser had goes to the worker, to be ended")
    }

    func testSignInShouldPresentTheAccountItsNewSessionAndTheDestination() async {
        // When
        await signIn(returnTo: "/orders/2")

        // Then
        XCTAssertEqual(
            presenterSpy.signInResponse,
            .signedIn(Self.clerk, session: AccountSeeds.sessionID(1), SignIn.Destination(path: "/orders/2", draft: nil)))
        XCTAssertEqual(sut.signedIn, Self.clerk, "The data store knows who signed in")
        XCTAssertEqual(presenterSpy.calls, ["presentSignIn"], "One trip through the cycle")
    }

    func testSignInShouldBringADraftBackToAClerkAndIgnoreADraftThatIsNoOrderForm() async {
        // When
        await signIn(returnTo: "/orders/7", draft: Self.draft.text)

        // Then
        XCTAssertEqual(
            presenterSpy.signInResponse,
            .signedIn(Self.clerk, session: AccountSeeds.sessionID(1), SignIn.Destination(path: "/orders/2", draft: Self.draft)))

        // When
        await signIn(returnTo: "/orders/7", draft: "https://evil.example/orders?firstName=Amy")

        // Then
        XCTAssertEqual(
            presenterSpy.signInResponse,
            .signedIn(Self.clerk, session: AccountSeeds.sessionID(1), SignIn.Destination(path: "/orders/7", draft: nil)))
    }

    /// A viewer may not change orders: the order form a draft would bring back is refused to them
    /// (GET /orders/new is a 403). They go to what the form was for: the list, or the order.
    func testSignInShouldSendAViewerWithADraftToWhatTheFormWasForWithoutTheForm() async {
        // Given
        workerSpy.outcome = .signedIn(SignedIn(name: AccountSeeds.amy.name, role: .viewer), AccountSeeds.sessionID(1))

        // When
        await signIn(draft: Self.draft.text)

        // Then
        XCTAssertEqual(
            presenterSpy.signInResponse,
            .signedIn(
                SignedIn(name: AccountSeeds.amy.name, role: .viewer), session: AccountSeeds.sessionID(1),
                SignIn.Destination(path: "/orders/2", draft: nil)))
    }

    func testSignInShouldRefuseMissingFieldsWithoutAskingTheWorker() async {
        let cases: [(String, String, SignIn.Refusal)] = [
            ("", testPassword, .missing(username: true, password: false)),
            ("   ", testPassword, .missing(username: true, password: false)),
            ("Amy", "", .missing(username: false, password: true)),
            ("", "", .missing(username: true, password: true)),
        ]
        for (username, password, refusal) in cases {
            // When
            await signIn(username: username, password: password, returnTo: "/orders/2")

            // Then
            XCTAssertEqual(
                presenterSpy.signInResponse,
                .refused(
                    username: username.trimmingCharacters(in: .whitespaces), refusal, SignIn.Destination(path: "/orders/2", draft: nil)),
                "\(username)/\(password)")
        }
        XCTAssertEqual(workerSpy.signInCalls, [], "Nothing to check: no attempt is counted")
    }

    /// Issue 25, bug 6: bcrypt reads a password up to its first NUL and no further than 72 bytes;
    /// no account's password holds a control character or is longer (`PasswordWorker`'s rules).
    func testSignInShouldRefuseAPasswordWithAControlCharacterOrOver72BytesAsWrongWithoutAskingTheWorker() async {
        let cases = [
            "nul" + String(repeating: "\u{0}", count: 12), testPassword + "\u{7}", "correct\thorse battery",
            String(repeating: "x", count: 72) + "y", String(repeating: "é", count: 37),
        ]
        for password in cases {
            // When
            await signIn(password: password, returnTo: "/orders/2")

            // Then
            XCTAssertEqual(
                presenterSpy.signInResponse, .refused(username: "Amy", .wrongCredentials, SignIn.Destination(path: "/orders/2", draft: nil)),
                password.debugDescription)
        }
        XCTAssertEqual(workerSpy.signInCalls, [], "No bcrypt spent on them")

        // And a password of 72 bytes exactly is asked about
        await signIn(password: String(repeating: "x", count: 72))
        XCTAssertEqual(workerSpy.signInCalls.map(\.password), [String(repeating: "x", count: 72)])
    }

    func testSignInShouldPresentWhatTheWorkerRefusedKeepingTheUsernameAndTheDestination() async {
        let cases: [(SignInWorker.Outcome, SignIn.Refusal)] = [
            (.wrongCredentials, .wrongCredentials),
            (.throttled(minutes: 15), .throttled(minutes: 15)),
        ]
        for (outcome, refusal) in cases {
            // Given
            workerSpy.outcome = outcome

            // When
            await signIn(returnTo: "/orders/2")

            // Then
            XCTAssertEqual(
                presenterSpy.signInResponse, .refused(username: "Amy", refusal, SignIn.Destination(path: "/orders/2", draft: nil)))
            XCTAssertNil(sut.signedIn)
        }
    }

    func testSignInShouldPresentUnavailableWhenTheAccountsCannotBeReached() async {
        // Given
        workerSpy.unavailable = true

        // When
        await signIn(draft: Self.draft.text)

        // Then
        XCTAssertEqual(presenterSpy.signInResponse, .unavailable(username: "Amy", SignIn.Destination(path: "/orders/2", draft: Self.draft)))
        XCTAssertEqual(presenterSpy.calls, ["presentSignIn"])
    }

    func testSignInShouldPresentBusyWhenBcryptsQueueIsFull() async {
        // Given
        workerSpy.busyFor = 7

        // When
        await signIn(returnTo: "/orders/2")

        // Then
        XCTAssertEqual(
            presenterSpy.signInResponse, .busy(username: "Amy", SignIn.Destination(path: "/orders/2", draft: nil), retryAfterSeconds: 7))
        XCTAssertNil(sut.signedIn)
    }

    // MARK: Tests: sign out

    func testSignOutShouldEndTheSession() async {
        // When
        await sut.signOut(request: SignIn.SignOut.Request(session: testSessionID))

        // Then
        XCTAssertEqual(workerSpy.signOutCalls, [testSessionID])
        XCTAssertEqual(presenterSpy.signOutResponse, .signedOut)
        XCTAssertEqual(presenterSpy.calls, ["presentSignOut"], "One trip through the cycle")
    }

    func testSignOutWithoutASessionShouldSayItIsSignedOutAskingNothing() async {
        // When
        await sut.signOut(request: SignIn.SignOut.Request(session: nil))

        // Then
        XCTAssertEqual(workerSpy.signOutCalls, [])
        XCTAssertEqual(presenterSpy.signOutResponse, .signedOut)
    }

    func testSignOutShouldPresentUnavailableWhenTheSessionsCannotBeReached() async {
        // Given
        workerSpy.unavailable = true

        // When
        await sut.signOut(request: SignIn.SignOut.Request(session: testSessionID))

        // Then
        XCTAssertEqual(presenterSpy.signOutResponse, .unavailable)
    }
}
