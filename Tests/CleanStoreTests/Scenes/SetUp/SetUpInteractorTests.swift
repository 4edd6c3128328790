import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Over memory stores where the only account is a clerk ("sam"): no supervisor yet, so the set-up
/// page is open to the link's token.
final class SetUpInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: SetUpInteractor!
    var presenterSpy: SetUpPresentationLogicSpy!
    var services: SignInServices!
    var products: ProductsMemStore!
    var sampleCatalogPath = Repository.root.appendingPathComponent("deploy/sample-catalog.csv").path

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        services = try await makeTestSignIn(role: .clerk, setupToken: Self.token)
        makeInteractor()
    }

    func makeInteractor() {
        presenterSpy = SetUpPresentationLogicSpy()
        products = ProductsMemStore()
        sut = SetUpInteractor(
            accountsWorker: AccountsWorker(
                accounts: services.accounts, sessions: services.sessions, passwords: services.passwords, now: { Seeds.june29 }),
            services: services,
            sampleDataWorker: SampleDataWorker(
                products: products, taxRates: TaxRatesMemStore(), catalogPath: sampleCatalogPath, logger: TestStores.silentLogger, now: { Seeds.june29 }),
            now: { Seeds.june29 })
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class SetUpPresentationLogicSpy: SetUpPresentationLogic {
        var formResponse: SetUp.ShowForm.Response?
        var supervisorResponse: SetUp.CreateSupervisor.Response?
        var calls: [String] = []

        func presentForm(response: SetUp.ShowForm.Response) {
            formResponse = response
            calls.append("presentForm")
        }

        func presentSupervisor(response: SetUp.CreateSupervisor.Response) {
            supervisorResponse = response
            calls.append("presentSupervisor")
        }
    }

    static let token = SetupToken(text: "the-set-up-token-of-the-tests")
    static let strongPassword = "a long enough pass phrase"

    static func fields(
        token: String = token.text, username: String = "sue", displayName: String = "Sue Super", password: String = strongPassword,
        confirmation: String? = nil, loadSamples: Bool = false
    ) -> SetUp.SetUpFormFields {
        SetUp.SetUpFormFields(
            token: token, username: username, displayName: displayName, password: password, passwordConfirmation: confirmation ?? password,
            loadSamples: loadSamples)
    }

    func createSupervisor(_ fields: SetUp.SetUpFormFields = fields()) async {
        await sut.createSupervisor(request: SetUp.CreateSupervisor.Request(fields: fields))
    }

    func supervisors() async throws -> Int { try await services.accounts.countSupervisors() }

    // MARK: Tests: the form

    func testShowFormShouldPresentTheFormToTheLinksToken() async {
        // When
        await sut.showForm(request: SetUp.ShowForm.Request(token: Self.token.text))

        // Then
        XCTAssertEqual(presenterSpy.formResponse, .form(token: Self.token.text))
        XCTAssertEqual(presenterSpy.calls, ["presentForm"], "One trip through the cycle")
    }

    func testShowFormShouldBeClosedToAWrongOrAbsentToken() async {
        for token in ["", "the-set-up-token-of-the-test", "the-set-up-token-of-the-tests!", "THE-SET-UP-TOKEN-OF-THE-TESTS"] {
            // When
            await sut.showForm(request: SetUp.ShowForm.Request(token: token))

            // Then
            XCTAssertEqual(presenterSpy.formResponse, .closed, token)
        }
    }

    func testShowFormShouldBeClosedWithoutASetUpLink() async throws {
        // Given
        services.setupToken = nil
        makeInteractor()

        // When
        await sut.showForm(request: SetUp.ShowForm.Request(token: ""))

        // Then
        XCTAssertEqual(presenterSpy.formResponse, .closed)
    }

    func testShowFormShouldBeClosedOnceASupervisorExists() async throws {
        // Given
        services = try await makeTestSignIn(role: .supervisor, setupToken: Self.token)
        makeInteractor()

        // When
        await sut.showForm(request: SetUp.ShowForm.Request(token: Self.token.text))

        // Then
        XCTAssertEqual(presenterSpy.formResponse, .closed)
    }

    func testShowFormShouldPresentUnavailableWhenTheAccountsCannotBeRead() async {
        // Given
        services = .down(setupToken: Self.token)
        makeInteractor()

        // When
        await sut.showForm(request: SetUp.ShowForm.Request(token: Self.token.text))

        // Then
        XCTAssertEqual(presenterSpy.formResponse, .unavailable)
    }

    // MARK: Tests: create the supervisor

    func testCreateSupervisorShouldMakeTheSupervisorAndSignThemIn() async throws {
        // When
        await createSupervisor(Self.fields(username: " sue ", displayName: " Sue Super "))

        // Then
        let sue = try await services.accounts.fetchAccount(username: "sue")
        XCTAssertEqual(sue?.role, .supervisor)
        XCTAssertEqual(sue?.displayName, "Sue Super", "Trimmed")
        XCTAssertEqual(sut.supervisor, sue, "The data store keeps the supervisor")
        let verified = try await services.passwords.verify(Self.strongPassword, hash: sue?.passwordHash ?? "")
        XCTAssert(verified)
        XCTAssertEqual(
            presenterSpy.supervisorResponse,
            .created(
                SignedIn(name: AccountName(username: "sue", displayName: "Sue Super"), role: .supervisor), session: AccountSeeds.sessionID(1),
                samples: nil))
        let session = try await services.sessions.session(forID: AccountSeeds.sessionID(1), now: Seeds.june29, timeouts: services.timeouts)
        XCTAssertEqual(session?.accountKey, "sue", "Signed in")
        let signIns = try await services.accountChanges.lastSignIns()
        XCTAssertNotNil(signIns["sue"], "Their sign-in is the accounts page's last sign-in")
        XCTAssertEqual(presenterSpy.calls, ["presentSupervisor"], "One trip through the cycle")
        let catalog = try await products.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 100)
        XCTAssertEqual(catalog, [], "The box unticked: no sample")
    }

    func testCreateSupervisorShouldLoadTheSampleCatalogWhenTheBoxIsTicked() async throws {
        // When
        await createSupervisor(Self.fields(loadSamples: true))

        // Then
        let sue = AccountName(username: "sue", displayName: "Sue Super")
        XCTAssertEqual(
            presenterSpy.supervisorResponse,
            .created(
                SignedIn(name: sue, role: .supervisor), session: AccountSeeds.sessionID(1),
                samples: .loaded(ProductImportResult(added: 12, updated: 0), taxRates: 12)))
        let catalog = try await products.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 100)
        XCTAssertEqual(catalog.count, 12)
        XCTAssertEqual(catalog.first?.sku, "BOOK-TEA")
        XCTAssert(catalog.allSatisfy { $0.createdBy == sue }, "Imported by the new supervisor")
        let history = try await products.fetchHistory(productID: catalog[0].id!)
        XCTAssertEqual(history.map(\.kind), [.imported])
    }

    func testCreateSupervisorShouldMakeTheSupervisorAndSayWhenTheSampleCannotBeLoaded() async throws {
        // Given
        sampleCatalogPath = "/nonexistent/sample-catalog.csv"
        makeInteractor()

        // When
        await createSupervisor(Self.fields(loadSamples: true))

        // Then
        let sue = try await services.accounts.fetchAccount(username: "sue")
        XCTAssertEqual(sue?.role, .supervisor, "The supervisor is made all the same")
        XCTAssertEqual(
            presenterSpy.supervisorResponse,
            .created(SignedIn(name: sue!.name, role: .supervisor), session: AccountSeeds.sessionID(1), samples: .failed))
    }

    func testCreateSupervisorShouldNameTheSupervisorByTheUsernameWithoutADisplayName() async throws {
        // When
        await createSupervisor(Self.fields(displayName: "  "))

        // Then
        let sue = try await services.accounts.fetchAccount(username: "sue")
        XCTAssertEqual(sue?.displayName, "sue")
    }

    func testCreateSupervisorShouldBeClosedToAWrongTokenAndMakeNothing() async throws {
        // When
        await createSupervisor(Self.fields(token: "guessed"))

        // Then
        XCTAssertEqual(presenterSpy.supervisorResponse, .closed)
        let none = try await supervisors()
        XCTAssertEqual(none, 0)
    }

    func testCreateSupervisorShouldBeClosedOnceASupervisorExists() async throws {
        // Given
        await createSupervisor()

        // When
        await createSupervisor(Self.fields(username: "mallory"))

        // Then
        XCTAssertEqual(presenterSpy.supervisorResponse, .closed, "The link works once")
        let one = try await supervisors()
        XCTAssertEqual(one, 1)
    }

    /// Issue 25, bug 4: another form makes the supervisor after this one found the link open and
    /// while its password was hashed: the store refuses it, and the page says so (no account made).
    func testCreateSupervisorShouldSayASupervisorWasMadeMeanwhileWhenTheStoreRefusesIt() async throws {
        // Given
        let accounts = services.accounts
        services.accounts = MeanwhileAccountsStore(accounts: accounts) {
            var other = AccountSeeds.sue
            other.username = "mallory"
            _ = try await accounts.createAccount(other)
        }
        makeInteractor()

        // When
        await createSupervisor()

        // Then
        XCTAssertEqual(presenterSpy.supervisorResponse, .madeMeanwhile)
        XCTAssertNil(sut.supervisor)
        let sue = try await accounts.fetchAccount(username: "sue")
        XCTAssertNil(sue, "no account made")
        let one = try await supervisors()
        XCTAssertEqual(one, 1)
    }

    func testCreateSupervisorShouldSayBusyWhenTooManyPasswordsWaitForBcrypt() async throws {
        // Given: bcrypt's one thread held, and no room to wait
        let hashing = PasswordHashing(threads: 1, queueLimit: 0, retryAfterSeconds: 7)
        services.passwords = PasswordWorker(cost: 4, hashing: hashing)
        makeInteractor()
        let release = DispatchSemaphore(value: 0)
        let holder = Task { try await hashing.run { release.wait() } }
        await hashing.waitUntilAdmitted(1)

        // When
        await createSupervisor()

        // Then
        XCTAssertEqual(presenterSpy.supervisorResponse, .busy(Self.fields(), retryAfterSeconds: 7))
        let none = try await supervisors()
        XCTAssertEqual(none, 0)
        release.signal()
        try await holder.value
        try await hashing.shutDown()
    }

    /// The accounts of `accounts`, where `meanwhile` runs just before the first supervisor is made.
    struct MeanwhileAccountsStore: AccountsStoreProtocol {
        let accounts: any AccountsStoreProtocol
        let meanwhile: @Sendable () async throws -> Void

        func createFirstSupervisor(_ account: Account) async throws(AccountsStoreError) -> Account {
            do { try await meanwhile() } catch { throw .unavailable("\(error)") }
            return try await accounts.createFirstSupervisor(account)
        }
        func createAccount(_ account: Account) async throws(AccountsStoreError) -> Account { try await accounts.createAccount(account) }
        func fetchAccount(username: String) async throws(AccountsStoreError) -> Account? { try await accounts.fetchAccount(username: username) }
        func fetchAccounts() async throws(AccountsStoreError) -> [Account] { try await accounts.fetchAccounts() }
        func disableAccount(username: String, at now: Date) async throws(AccountsStoreError) -> Account {
            try await accounts.disableAccount(username: username, at: now)
        }
        func setPasswordHash(_ hash: String, username: String, at now: Date) async throws(AccountsStoreError) -> Account {
            try await accounts.setPasswordHash(hash, username: username, at: now)
        }
        func countAccounts() async throws(AccountsStoreError) -> Int { try await accounts.countAccounts() }
        func countSupervisors() async throws(AccountsStoreError) -> Int { try await accounts.countSupervisors() }
    }

    func testCreateSupervisorShouldPresentEveryFieldProblemAndMakeNothing() async throws {
        let cases: [(SetUp.SetUpFormFields, [SetUp.FieldProblem])] = [
            (Self.fields(username: ""), [.init(field: .username, message: "A username is needed")]),
            (
                Self.fields(username: "sue super"),
                [.init(field: .username, message: "A username holds only letters a–z, digits and . _ - @ (not \" \")")]
            ),
            (
                Self.fields(displayName: "Sue\u{7}"),
                [.init(field: .displayName, message: "A display name cannot hold control characters")]
            ),
            (Self.fields(password: "short"), [.init(field: .password, message: "The password must be at least 12 characters long")]),
            (
                Self.fields(username: "sue.supervisor", password: "SUE.SUPERVISOR"),
                [.init(field: .password, message: "The password must not be the username")]
            ),
            (
                Self.fields(confirmation: "a long enough pass phrasE"),
                [.init(field: .passwordConfirmation, message: "The two passwords typed are not the same")]
            ),
            (
                Self.fields(username: "", password: "short", confirmation: "other"),
                [
                    .init(field: .username, message: "A username is needed"),
                    .init(field: .password, message: "The password must be at least 12 characters long"),
                ]
            ),
        ]
        for (fields, problems) in cases {
            // When
            await createSupervisor(fields)

            // Then
            XCTAssertEqual(presenterSpy.supervisorResponse, .invalid(fields, problems), "\(fields)")
        }
        let none = try await supervisors()
        XCTAssertEqual(none, 0)
    }

    func testCreateSupervisorShouldRefuseAUsernameTakenAlready() async throws {
        // When
        await createSupervisor(Self.fields(username: "SAM"))

        // Then
        XCTAssertEqual(
            presenterSpy.supervisorResponse,
            .invalid(Self.fields(username: "SAM"), [.init(field: .username, message: "An account with this username exists already")]))
        let none = try await supervisors()
        XCTAssertEqual(none, 0)
    }

    func testCreateSupervisorShouldPresentUnavailableWhenTheAccountsCannotBeRead() async {
        // Given
        services = .down(setupToken: Self.token)
        makeInteractor()

        // When
        await createSupervisor()

        // Then
        XCTAssertEqual(presenterSpy.supervisorResponse, .unavailable(Self.fields()))
    }
}
