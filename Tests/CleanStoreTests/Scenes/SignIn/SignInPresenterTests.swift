import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SignInPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: SignInPresenter!
    var spy: SignInDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = SignInPresenter()
        spy = SignInDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class SignInDisplayLogicSpy: SignInDisplayLogic {
        var formViewModel: SignIn.ShowForm.ViewModel?
        var signInViewModel: SignIn.SignIn.ViewModel?
        var signOutViewModel: SignIn.SignOut.ViewModel?
        var calls: [String] = []

        func displayForm(viewModel: SignIn.ShowForm.ViewModel) {
            formViewModel = viewModel
            calls.append("displayForm")
        }

        func displaySignIn(viewModel: SignIn.SignIn.ViewModel) {
            signInViewModel = viewModel
            calls.append("displaySignIn")
        }

        func displaySignOut(viewModel: SignIn.SignOut.ViewModel) {
            signOutViewModel = viewModel
            calls.append("displaySignOut")
        }
    }

    static let toOrder = SignIn.Destination(path: "/orders/2", draft: nil)
    static let withDraft = SignIn.Destination(
        path: "/orders", draft: OrderDraft(action: "/orders", postedBody: "firstName=Amy"))

    /// The form of a page the presenter asked for.
    func shownForm(file: StaticString = #filePath, line: UInt = #line) throws -> SignIn.DisplayedForm {
        guard case .form(let form) = spy.formViewModel else {
            XCTFail("Not a form: \(String(describing: spy.formViewModel))", file: file, line: line)
            throw UnexpectedValue()
        }
        return form
    }

    /// The form a refused sign-in shows, and its status.
    func refusedForm(after response: SignIn.SignIn.Response, file: StaticString = #filePath, line: UInt = #line) throws
        -> (SignIn.DisplayedForm, SignIn.FormStatus)
    {
        sut.presentSignIn(response: response)
        guard case .form(let form, let status) = spy.signInViewModel else {
            XCTFail("Not a form: \(String(describing: spy.signInViewModel))", file: file, line: line)
            throw UnexpectedValue()
        }
        XCTAssertEqual(form.password.value, "", "A password never comes back", file: file, line: line)
        XCTAssertEqual(form.title, "Error: Sign in", "The title says there is a problem first", file: file, line: line)
        XCTAssertEqual(form.username.value, "Amy", "The username comes back as typed", file: file, line: line)
        return (form, status)
    }

    // MARK: Tests: the form

    func testPresentFormShouldDisplayAnEmptyFormThatPostsToSignInAndReturnsToTheDestination() throws {
        // When
        sut.presentForm(response: .form(Self.toOrder, reason: .signIn))

        // Then
        let form = try shownForm()
        XCTAssertEqual(form.title, "Sign in")
        XCTAssertEqual(form.action, "/sign-in")
        XCTAssertNil(form.notice)
        XCTAssertFalse(form.hasErrors)
        XCTAssertEqual(form.username.name, "username")
        XCTAssertEqual(form.username.value, "")
        XCTAssertNil(form.username.describedBy)
        XCTAssertEqual(form.password.name, "password")
        XCTAssertEqual(form.password.value, "")
        XCTAssertEqual(form.returnTo, "/orders/2")
        XCTAssertNil(form.draft)
        XCTAssertEqual(spy.calls, ["displayForm"], "One trip through the cycle")
    }

    func testPresentFormShouldRedirectAClerkWhoIsSignedInAlready() {
        // When
        sut.presentForm(response: .alreadySignedIn(Self.toOrder))

        // Then
        guard case .redirect(let path) = spy.formViewModel else { return XCTFail("\(String(describing: spy.formViewModel))") }
        XCTAssertEqual(path, "/orders/2")
    }

    func testPresentFormShouldSayTheSessionEndedAndNothingWasDone() throws {
        // When
        sut.presentForm(response: .form(Self.toOrder, reason: .sessionEnded))

        // Then
        let form = try shownForm()
        XCTAssertEqual(form.notice, "Your session has ended, so nothing was done. Sign in to carry on.")
        XCTAssertFalse(form.hasErrors, "A notice, not an error")
    }

    func testPresentFormShouldSayTheOrderComesBackAfterSigningInWhenThereIsADraft() throws {
        // When
        sut.presentForm(response: .form(Self.withDraft, reason: .sessionEnded))

        // Then
        let form = try shownForm()
        XCTAssertEqual(
            form.notice,
            "Your session has ended, so the order was not saved. Sign in and the form comes back as you typed it "
                + "(except the card number and security code) to check and save.")
        XCTAssertEqual(form.draft, "/orders?firstName=Amy", "The draft travels in the form")
        XCTAssertNil(form.returnTo, "The draft says where to go")
    }

    func testPresentFormAfterSigningOutShouldShowNoNotice() throws {
        // When
        sut.presentForm(response: .form(Self.toOrder, reason: .signedOut))

        // Then
        XCTAssertNil(try shownForm().notice, "The flash says so")
    }

    // MARK: Tests: sign in

    func testPresentSignInShouldPassTheSignedInAccountOn() {
        // Given
        let account = SignedIn(name: AccountSeeds.amy.name, role: .clerk)

        // When
        sut.presentSignIn(response: .signedIn(account, session: AccountSeeds.sessionID(1), Self.withDraft))

        // Then
        guard case .signedIn(let shown, let session, let destination) = spy.signInViewModel else {
            return XCTFail("\(String(describing: spy.signInViewModel))")
        }
        XCTAssertEqual(shown, account)
        XCTAssertEqual(session, AccountSeeds.sessionID(1))
        XCTAssertEqual(destination, Self.withDraft)
        XCTAssertEqual(spy.calls, ["displaySignIn"], "One trip through the cycle")
    }

    func testPresentSignInShouldSayOneThingForWrongCredentialsThatDoesNotSayWhich() throws {
        // When
        let (form, status) = try refusedForm(after: .refused(username: "Amy", .wrongCredentials, Self.toOrder))

        // Then
        XCTAssertEqual(status, .refused)
        XCTAssertEqual(form.formMessage, "The username or password is not right. Check them and try again.")
        XCTAssert(form.errors.isEmpty, "No field is blamed: that would say which was wrong")
        XCTAssertNil(form.username.errorMessage)
        XCTAssertNil(form.password.errorMessage)
        XCTAssertEqual(form.returnTo, "/orders/2", "The destination is kept")
    }

    func testPresentSignInShouldSayHowLongToWaitWhenThrottled() throws {
        // When
        let (form, status) = try refusedForm(after: .refused(username: "Amy", .throttled(minutes: 15), Self.toOrder))

        // Then
        XCTAssertEqual(status, .throttled)
        XCTAssertEqual(
            form.formMessage,
            "Too many failed attempts to sign in as this user. Wait 15 minutes and try again, or ask a supervisor to help.")
    }

    func testPresentSignInShouldLinkEachMissingFieldFromTheSummary() throws {
        // When
        sut.presentSignIn(response: .refused(username: "", .missing(username: true, password: true), Self.withDraft))

        // Then
        guard case .form(let form, let status) = spy.signInViewModel else { return XCTFail("\(String(describing: spy.signInViewModel))") }
        XCTAssertEqual(status, .refused)
        XCTAssertEqual(form.title, "Error: Sign in")
        XCTAssertNil(form.formMessage)
        XCTAssertEqual(form.errors.map { [$0.field, $0.message] }, [["username", "Enter your username"], ["password", "Enter your password"]])
        XCTAssertEqual(form.username.errorMessage, "Enter your username")
        XCTAssertEqual(form.username.describedBy, "username-error")
        XCTAssertEqual(form.password.errorMessage, "Enter your password")
        XCTAssertEqual(form.password.describedBy, "password-error")
        XCTAssertEqual(form.draft, "/orders?firstName=Amy", "The draft is not lost")
    }

    func testPresentSignInShouldBlameOnlyTheMissingField() throws {
        // When
        let (form, _) = try refusedForm(after: .refused(username: "Amy", .missing(username: false, password: true), Self.toOrder))

        // Then
        XCTAssertEqual(form.errors.map { [$0.field, $0.message] }, [["password", "Enter your password"]])
        XCTAssertNil(form.username.errorMessage)
    }

    func testPresentSignInShouldSayTheAccountsCannotBeReached() throws {
        // When
        let (form, status) = try refusedForm(after: .unavailable(username: "Amy", Self.toOrder))

        // Then
        XCTAssertEqual(status, .unavailable)
        XCTAssertEqual(
            form.formMessage, "Signing in is not possible right now: the accounts could not be reached. Try again in a moment.")
    }

    func testPresentSignInShouldSayTooManyAreSigningInWhenBcryptsQueueIsFull() throws {
        // When
        let (form, status) = try refusedForm(after: .busy(username: "Amy", Self.toOrder, retryAfterSeconds: 7))

        // Then
        XCTAssertEqual(status, .busy(retryAfterSeconds: 7))
        XCTAssertEqual(
            form.formMessage, "Too many people are signing in at this moment, so your password was not checked. Try again in a few seconds.")
        XCTAssertEqual(form.username.value, "Amy")
        XCTAssertEqual(form.title, "Error: Sign in")
    }

    // MARK: Tests: sign out

    func testPresentSignOutShouldPassTheFlashOn() {
        // When
        sut.presentSignOut(response: .signedOut)

        // Then
        guard case .signedOut(let flash) = spy.signOutViewModel else { return XCTFail("\(String(describing: spy.signOutViewModel))") }
        XCTAssertEqual(flash, "You have signed out.")
        XCTAssertEqual(spy.calls, ["displaySignOut"], "One trip through the cycle")
    }

    func testPresentSignOutShouldSayWhenTheSessionsCannotBeReached() {
        // When
        sut.presentSignOut(response: .unavailable)

        // Then
        guard case .unavailable = spy.signOutViewModel else { return XCTFail("\(String(describing: spy.signOutViewModel))") }
    }
}
