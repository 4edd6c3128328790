import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SetUpPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: SetUpPresenter!
    var spy: SetUpDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = SetUpPresenter()
        spy = SetUpDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class SetUpDisplayLogicSpy: SetUpDisplayLogic {
        var formViewModel: SetUp.ShowForm.ViewModel?
        var supervisorViewModel: SetUp.CreateSupervisor.ViewModel?
        var calls: [String] = []

        func displayForm(viewModel: SetUp.ShowForm.ViewModel) {
            formViewModel = viewModel
            calls.append("displayForm")
        }

        func displaySupervisor(viewModel: SetUp.CreateSupervisor.ViewModel) {
            supervisorViewModel = viewModel
            calls.append("displaySupervisor")
        }
    }

    static let typed = SetUp.SetUpFormFields(
        token: "t0k3n", username: "sue super", displayName: "Sue", password: "short", passwordConfirmation: "other")

    /// Every field's name, value and error, in the order of the form.
    func fields(of form: SetUp.DisplayedForm) -> [[String?]] {
        [form.username, form.displayName, form.password, form.passwordConfirmation].map { [$0.name, $0.value, $0.errorMessage] }
    }

    // MARK: Tests: the form

    func testPresentFormShouldDisplayAnEmptyFormCarryingTheToken() throws {
        // When
        sut.presentForm(response: .form(token: "t0k3n"))

        // Then
        guard case .form(let form) = spy.formViewModel else { return XCTFail("\(String(describing: spy.formViewModel))") }
        XCTAssertEqual(form.title, "Create the first supervisor")
        XCTAssertEqual(form.token, "t0k3n")
        XCTAssertEqual(form.action, "/setup")
        XCTAssertFalse(form.hasErrors)
        XCTAssertTrue(form.loadSamples, "The sample catalog's box starts ticked")
        XCTAssertEqual(
            fields(of: form),
            [["username", "", nil], ["displayName", "", nil], ["password", "", nil], ["passwordConfirmation", "", nil]])
        XCTAssertEqual(spy.calls, ["displayForm"], "One trip through the cycle")
    }

    func testARefusedFormKeepsTheSamplesBoxAsPosted() throws {
        for ticked in [false, true] {
            // When
            var typed = Self.typed
            typed.loadSamples = ticked
            sut.presentSupervisor(response: .invalid(typed, [.init(field: .username, message: "m")]))

            // Then
            guard case .form(let form, _) = spy.supervisorViewModel else { return XCTFail("\(String(describing: spy.supervisorViewModel))") }
            XCTAssertEqual(form.loadSamples, ticked)
        }
    }

    func testThePasswordsRuleIsAHintUnderItsLabel() throws {
        // When
        sut.presentForm(response: .form(token: "t0k3n"))
        sut.presentSupervisor(
            response: .invalid(Self.typed, [.init(field: .password, message: "The password must be at least 12 characters long")]))

        // Then
        guard case .form(let form) = spy.formViewModel, case .form(let refused, _) = spy.supervisorViewModel else {
            return XCTFail("\(String(describing: spy.formViewModel)), \(String(describing: spy.supervisorViewModel))")
        }
        XCTAssertEqual(form.password.hint, "Must be at least \(PasswordWorker.minimumLength) characters")
        XCTAssertEqual(form.password.describedBy, "password-hint")
        XCTAssertEqual(refused.password.describedBy, "password-hint password-error", "The hint, then the error")
        XCTAssertEqual(
            [form.username, form.displayName, form.passwordConfirmation].compactMap(\.hint), [], "The other labels say it all")
    }

    func testPresentFormShouldSayNotFoundWhenClosedAndUnavailableWhenTheAccountsCannotBeRead() {
        // When
        sut.presentForm(response: .closed)

        // Then
        guard case .notFound = spy.formViewModel else { return XCTFail("\(String(describing: spy.formViewModel))") }

        // When
        sut.presentForm(response: .unavailable)

        // Then
        guard case .unavailable = spy.formViewModel else { return XCTFail("\(String(describing: spy.formViewModel))") }
    }

    // MARK: Tests: create the supervisor

    func testPresentSupervisorShouldPassTheSessionAndAFlashOn() {
        // When
        sut.presentSupervisor(
            response: .created(SignedIn(name: AccountSeeds.sue.name, role: .supervisor), session: AccountSeeds.sessionID(1), samples: nil))

        // Then
        guard case .created(let session, let flash) = spy.supervisorViewModel else {
            return XCTFail("\(String(describing: spy.supervisorViewModel))")
        }
        XCTAssertEqual(session, AccountSeeds.sessionID(1))
        XCTAssertEqual(flash, "Your supervisor account sue is ready: you are signed in.")
        XCTAssertEqual(spy.calls, ["displaySupervisor"], "One trip through the cycle")
    }

    func testPresentSupervisorShouldSayWhatLoadingTheSampleCatalogCameTo() {
        for (samples, expected) in [
            (
                SampleDataWorker.Outcome.loaded(ProductImportResult(added: 12, updated: 0), taxRates: 12),
                "Your supervisor account sue is ready: you are signed in. The sample catalog and tax table are loaded (12 products: 12 added, 0 updated; 12 tax rates)."
            ),
            (
                .failed,
                "Your supervisor account sue is ready: you are signed in. The samples could not all be loaded: the server's log says why."
            ),
        ] {
            // When
            sut.presentSupervisor(
                response: .created(SignedIn(name: AccountSeeds.sue.name, role: .supervisor), session: AccountSeeds.sessionID(1), samples: samples))

            // Then
            guard case .created(_, let flash) = spy.supervisorViewModel else {
                return XCTFail("\(String(describing: spy.supervisorViewModel))")
            }
            XCTAssertEqual(flash, expected)
        }
    }

    func testPresentSupervisorShouldShowEachProblemByItsFieldWithoutThePasswords() {
        // When
        sut.presentSupervisor(
            response: .invalid(
                Self.typed,
                [
                    .init(field: .username, message: "A username is needed"),
                    .init(field: .password, message: "The password must be at least 12 characters long"),
                ]))

        // Then
        guard case .form(let form, let invalid) = spy.supervisorViewModel else {
            return XCTFail("\(String(describing: spy.supervisorViewModel))")
        }
        XCTAssert(invalid)
        XCTAssertEqual(form.title, "Error: Create the first supervisor")
        XCTAssertEqual(form.token, "t0k3n", "The token goes on with the form")
        XCTAssertEqual(
            form.errors.map { [$0.field, $0.message] },
            [["username", "A username is needed"], ["password", "The password must be at least 12 characters long"]])
        XCTAssertEqual(
            fields(of: form),
            [
                ["username", "sue super", "A username is needed"], ["displayName", "Sue", nil],
                ["password", "", "The password must be at least 12 characters long"], ["passwordConfirmation", "", nil],
            ],
            "Typed values come back, passwords never")
        XCTAssertEqual(form.username.describedBy, "username-error")
    }

    func testPresentSupervisorShouldSayNotFoundWhenClosed() {
        // When
        sut.presentSupervisor(response: .closed)

        // Then
        guard case .notFound = spy.supervisorViewModel else { return XCTFail("\(String(describing: spy.supervisorViewModel))") }
    }

    func testPresentSupervisorShouldSendToSignInSayingWhenASupervisorWasMadeMeanwhile() {
        // When
        sut.presentSupervisor(response: .madeMeanwhile)

        // Then
        guard case .signIn(let flash) = spy.supervisorViewModel else { return XCTFail("\(String(describing: spy.supervisorViewModel))") }
        XCTAssertEqual(
            flash, "A supervisor account was made meanwhile through the set-up link, so no account was made. Sign in with that account.")
    }

    func testPresentSupervisorShouldSayNoAccountWasMadeWhenTooManyPasswordsWaitForBcrypt() {
        // When
        sut.presentSupervisor(response: .busy(Self.typed, retryAfterSeconds: 7))

        // Then
        guard case .busy(let form, let seconds) = spy.supervisorViewModel else {
            return XCTFail("\(String(describing: spy.supervisorViewModel))")
        }
        XCTAssertEqual(seconds, 7)
        XCTAssertEqual(form.title, "Error: Create the first supervisor")
        XCTAssertEqual(
            form.formMessage, "Too many passwords are being checked at this moment, so no account was made. Try again in a few seconds.")
        XCTAssertEqual(form.username.value, "sue super")
        XCTAssertEqual(form.password.value, "", "passwords never come back")
    }

    func testPresentSupervisorShouldSayNoAccountWasMadeWhenTheAccountsCannotBeReached() {
        // When
        sut.presentSupervisor(response: .unavailable(Self.typed))

        // Then
        guard case .unavailable(let form) = spy.supervisorViewModel else {
            return XCTFail("\(String(describing: spy.supervisorViewModel))")
        }
        XCTAssertEqual(form.title, "Error: Create the first supervisor")
        XCTAssertEqual(form.formMessage, "The accounts could not be reached, so no account was made. Try again in a moment.")
        XCTAssertEqual(form.username.value, "sue super")
        XCTAssertEqual(form.password.value, "")
    }
}
