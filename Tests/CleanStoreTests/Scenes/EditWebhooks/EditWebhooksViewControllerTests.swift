import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditWebhooksViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditWebhooksViewController!
    var pagesSpy: PageRendererSpy!

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EditWebhooksViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class EditWebhooksBusinessLogicSpy: EditWebhooksBusinessLogic {
        var showEndpointsCalled = false
        var showNewFormCalled = false
        var registered: EditWebhooks.RegisterFormFields?
        var shownID: Int64?
        var changed: EditWebhooks.ChangeEnabled.Request?

        func showEndpoints(request: EditWebhooks.ShowEndpoints.Request) async { showEndpointsCalled = true }
        func showNewForm(request: EditWebhooks.ShowNewForm.Request) { showNewFormCalled = true }
        func register(request: EditWebhooks.Register.Request) async { registered = request.fields }
        func showEndpoint(request: EditWebhooks.ShowEndpoint.Request) async { shownID = request.id }
        func changeEnabled(request: EditWebhooks.ChangeEnabled.Request) async { changed = request }
    }

    // MARK: Tests

    func testEachRouteAsksItsUseCase() async {
        let spy = EditWebhooksBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showEndpoints()
        _ = sut.showNewForm()
        let fields = EditWebhooks.RegisterFormFields(url: "https://example.com/in", events: ["order.placed"])
        _ = await sut.register(fields: fields)
        _ = await sut.showEndpoint(id: "7", flash: nil)
        _ = await sut.changeEnabled(id: "7", fields: EditWebhooks.EnabledFormFields(enabled: "false", version: "3"))
        XCTAssertTrue(spy.showEndpointsCalled)
        XCTAssertTrue(spy.showNewFormCalled)
        XCTAssertEqual(spy.registered, fields)
        XCTAssertEqual(spy.shownID, 7)
        XCTAssertEqual(spy.changed?.id, 7)
        XCTAssertEqual(spy.changed?.enabled, false)
        XCTAssertEqual(spy.changed?.version, 3)
    }

    func testAnIdThatIsNoNumberIsNoEndpointAndAChangeOfAnotherShapeIsA400() async {
        let spy = EditWebhooksBusinessLogicSpy()
        sut.interactor = spy
        let notFound = await sut.showEndpoint(id: "x1", flash: nil)
        XCTAssertEqual(notFound.status, .notFound)
        let tooLong = await sut.changeEnabled(id: String(repeating: "9", count: 30), fields: .init(enabled: "true", version: "1"))
        XCTAssertEqual(tooLong.status, .notFound)
        for fields in [
            EditWebhooks.EnabledFormFields(enabled: "yes", version: "1"), .init(enabled: "true", version: ""),
            .init(enabled: "true", version: "-1"), .init(enabled: "true", version: "99999999999999999999"),
        ] {
            let response = await sut.changeEnabled(id: "1", fields: fields)
            XCTAssertEqual(response.status, .badRequest, "\(fields)")
        }
        XCTAssertNil(spy.shownID)
        XCTAssertNil(spy.changed)
    }

    func testEachViewModelIsItsPageWithItsStatus() {
        sut.displayWebhooks(viewModel: .list(Self.list))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditWebhooks/list")
        XCTAssertEqual(sut.response?.status, .ok)
        sut.displayWebhooks(viewModel: .form(Self.invalidForm, invalid: true))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditWebhooks/form")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Register a webhook endpoint")
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        sut.displayWebhooks(viewModel: .secret(Self.secret))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditWebhooks/secret")
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(sut.response?.headers[.cacheControl], "no-store", "the secret is kept by no cache")
        sut.displayWebhooks(viewModel: .endpoint(Self.endpoint, conflict: true))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditWebhooks/endpoint")
        XCTAssertEqual(sut.response?.status, .conflict)
        sut.displayWebhooks(viewModel: .done(url: "/webhooks/1", flash: "Endpoint disabled"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/webhooks/1")
        sut.displayWebhooks(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayWebhooks(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    // MARK: Samples (every field filled: what TemplateNamesTests and the snapshots walk)

    static let list = EditWebhooks.DisplayedList(endpoints: [
        .init(url: "https://warehouse.example.com/hooks", link: "/webhooks/1", events: "Order placed, Order status changed, Order cancelled",
            state: "Enabled", isEnabled: true),
        .init(url: "https://books.example.com/in", link: "/webhooks/2", events: "Order cancelled", state: "Disabled", isEnabled: false),
    ])
    static var invalidForm: EditWebhooks.DisplayedForm {
        var form = EditWebhooksPresenter.form(
            EditWebhooks.RegisterFormFields(url: "http://warehouse.example.com", events: []), EditWebhooks.FormProblems(url: .notHTTPS, noEvents: true))
        form.formMessage = "Check the URL and the events"
        form.url.typedValue = "t"  // never set by this form; filled so the name check walks the shared field
        return form
    }
    static let secret = EditWebhooks.DisplayedSecret(
        url: "https://warehouse.example.com/hooks", secret: "whsec_AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=", endpointURL: "/webhooks/1")
    static let endpoint = EditWebhooks.DisplayedEndpoint(
        url: "https://warehouse.example.com/hooks", events: "Order placed, Order cancelled", secretHint: "whsec_AQID…", state: "Enabled",
        isEnabled: true, version: 1, action: "/webhooks/1/enabled", button: "Disable this endpoint",
        conflictMessage: "Someone else changed this endpoint since you opened its page: it is now enabled. Nothing was changed.",
        deliveries: [
            .init(
                event: "Order placed", webhookID: "msg_1042_1_1183100400000", orderID: "1042", orderURL: "/orders/1042", created: "29 Jun 2007, 06:00:00",
                state: "Trying again", tagClass: "tag-grey", attempts: "2 of 8, next at 29 Jun 2007, 06:01:30", lastAnswer: "HTTP 500")
        ])
    static var listPage: EditWebhooksViewController.ListPage { .init(list: list) }
    static var formPage: EditWebhooksViewController.FormPage { .init(form: invalidForm, csrfToken: "token") }
    static var secretPage: EditWebhooksViewController.SecretPage { .init(secret: secret) }
    static var endpointPage: EditWebhooksViewController.EndpointPage { .init(endpoint: endpoint, csrfToken: "token") }

    func testTheTemplatesReadWhatTheViewModelsExposeAndAllOfIt() async throws {
        let names = ["EditWebhooks/list", "EditWebhooks/form", "EditWebhooks/secret", "EditWebhooks/endpoint"]
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: names),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))
        let findings = check.check(
            [(names[0], Self.listPage), (names[1], Self.formPage), (names[2], Self.secretPage), (names[3], Self.endpointPage)],
            readElsewhere: TemplateNamesTests.readByTheViewControllers)
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+EditWebhooks.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("EditWebhooks") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("EditWebhooks") }, [], "Remove these from ViewModels+EditWebhooks.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
