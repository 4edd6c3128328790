import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API face of EditDraft: each JSON body as the form its section posts, the draft read again
/// after a save; the presenter's drafts and problems in the pages' words at the JSON's fields.
final class EditDraftAPITests: XCTestCase {
    static let caller = APICaller(
        signedIn: SignedIn(name: testAccount.name, role: .clerk), tokenPrefix: "csk_AAAAAAAA", logger: Logger(label: "test"))
    static let draft = Draft(
        ref: "D-ABCDEB", contact: Draft.Contact(firstName: "Amy", lastName: "Adams", phone: "(415) 555-0100", email: "amy@example.com"),
        lines: [OrderLine(key: "l1", productID: 1, sku: "MUG-1", name: "Blue mug", catalogPriceCents: 1250, quantity: 2, taxable: true)],
        version: 3, createdAt: Seeds.june29)
    static let check = PlacingCheck(totals: OrderTotals(subtotalCents: 2500, shippingCents: 0, taxCents: 0, tax: nil), incomplete: [.delivery])

    final class BusinessLogicSpy: EditDraftBusinessLogic, EditDraftDataStore {
        var draft: Draft?
        var started: EditDraft.StartDraft.Request?
        var kept: EditDraft.KeepOrderForm.Request?
        var shown: [String] = []
        var saved: [EditDraft.SaveSection.Request] = []
        var presenter: EditDraftAPIPresenter?

        func startDraft(request: EditDraft.StartDraft.Request) async {
            started = request
            draft = EditDraftAPITests.draft
            presenter?.presentStartedDraft(response: .created(ref: "D-ABCDEB"))
        }
        func keepOrderForm(request: EditDraft.KeepOrderForm.Request) async {
            kept = request
            draft = EditDraftAPITests.draft
            presenter?.presentKeptOrderForm(response: .kept(ref: "D-ABCDEB"))
        }
        func showDraft(request: EditDraft.ShowDraft.Request) async {
            shown.append(request.ref)
            presenter?.presentDraft(response: .found(EditDraft.Loaded(draft: EditDraftAPITests.draft, check: EditDraftAPITests.check)))
        }
        func saveSection(request: EditDraft.SaveSection.Request) async {
            saved.append(request)
            presenter?.presentSavedSection(response: .saved(ref: request.ref, .caller))
        }
    }

    final class DisplaySpy: EditDraftAPIDisplayLogic {
        var viewModel: EditDraft.APIViewModel?
        func displayDraft(viewModel: EditDraft.APIViewModel) { self.viewModel = viewModel }
    }

    func makeSUT() async throws -> (EditDraftAPIViewController, BusinessLogicSpy, SceneEnvironment) {
        var environment = try await makeTestEnvironment()
        let accounts = try XCTUnwrap(environment.signIn.accounts as? AccountsMemStore)
        _ = try await APITokensMemStore(database: accounts.database).createToken(
            APIToken(prefix: Self.caller.tokenPrefix, hash: Data([1]), accountKey: testAccount.key, name: "T", role: .clerk, createdAt: Seeds.june29))
        environment.idempotencyKeys = IdempotencyKeysMemStore(database: accounts.database)
        let sut = EditDraftAPIViewController(environment: environment, caller: Self.caller)
        let spy = BusinessLogicSpy()
        let presenter = EditDraftAPIPresenter(formatter: environment.formatter)
        presenter.viewController = sut
        spy.presenter = presenter
        sut.interactor = spy
        return (sut, spy, environment)
    }

    // MARK: View controller

    func testCreatingWithNoSectionStartsADraftOnceAndAnswersItReadAgain() async throws {
        let (sut, spy, environment) = try await makeSUT()
        let made = try await sut.createDraft(idempotencyKey: "k-1", body: .init())
        guard case .created(let created) = made else { return XCTFail("\(made)") }
        XCTAssertEqual(created.headers.location, "/api/v1/drafts/D-ABCDEB")
        XCTAssertEqual(created.headers.eTag, "\"3\"")
        XCTAssertEqual(spy.started?.signedIn, testAccount.name)
        XCTAssertNil(spy.kept)
        XCTAssertEqual(spy.shown, ["D-ABCDEB"])
        let key = try await environment.idempotencyKeys.storedKey(tokenPrefix: Self.caller.tokenPrefix, key: "k-1")
        XCTAssertEqual(key?.ref, "D-ABCDEB", "the key is the draft's")

        let again = try await sut.createDraft(idempotencyKey: "k-1", body: .init())
        guard case .ok = again else { return XCTFail("\(again)") }
        XCTAssertNotNil(spy.started, "started once")
        XCTAssertEqual(spy.shown, ["D-ABCDEB", "D-ABCDEB"])
    }

    func testCreatingWithSectionsKeepsThemAsTheOrderFormsFieldsNeverACard() async throws {
        let (sut, spy, _) = try await makeSUT()
        let body = Components.Schemas.NewDraft(
            caller: .init(firstName: "Amy", lastName: "Adams", phone: "1", email: "a@b.c"),
            delivery: .init(
                shippingAddress: .init(street1: "1 Market St", street2: "", city: "SF", state: "CA", zip: "94105"), billingSameAsShipping: false,
                billingAddress: .init(street1: "2 Bay St", street2: "Apt 2", city: "Oakland", state: "CA", zip: "94607"), shipping: .twoDay))
        _ = try await sut.createDraft(idempotencyKey: "k-2", body: body)
        let fields = try XCTUnwrap(spy.kept?.orderFormFields)
        XCTAssertEqual(fields.firstName, "Amy")
        XCTAssertEqual(fields.shipmentAddressCity, "SF")
        XCTAssertEqual(fields.shipmentMethodSpeed, "2")
        XCTAssertEqual(fields.billingAddressSameAsShipping, "")
        XCTAssertEqual(fields.billingAddressStreet2, "Apt 2")
        XCTAssertEqual(fields.paymentMethodCreditCardNumber, "")
    }

    func testAKeyOfAnotherShapeIs400AndNothingIsMade() async throws {
        let (sut, spy, _) = try await makeSUT()
        do {
            _ = try await sut.createDraft(idempotencyKey: "two words", body: .init())
            XCTFail("made")
        } catch let problem as APIProblem {
            XCTAssertEqual(problem.status, .badRequest)
        }
        XCTAssertNil(spy.started)
    }

    func testASectionIsSavedThenTheDraftReadAgain() async throws {
        let (sut, spy, _) = try await makeSUT()
        let fields = EditDraftAPIViewController.fields(caller: .init(firstName: "A", lastName: "B", phone: "1", email: "e"), delivery: nil)
        let answer = try await sut.save(ref: "D-ABCDEB", ifMatch: "\"2\"", .caller(fields))
        XCTAssertEqual(answer.headers.eTag, "\"3\"")
        XCTAssertEqual(spy.saved.map(\.section), [.caller(fields)])
        XCTAssertEqual(spy.saved.first?.signedIn, testAccount.name)
        XCTAssertEqual(spy.saved.first?.expectedVersion, 2, "the version If-Match names, for the interactor and the store to hold")
        XCTAssertEqual(spy.shown, ["D-ABCDEB"])
    }

    /// The problem `body` throws, or nil.
    func problem(_ body: () async throws -> Void) async -> APIProblem? {
        do {
            try await body()
            return nil
        } catch {
            return error as? APIProblem
        }
    }

    func testASaveWithoutIfMatchIs428AndOneNamingNoVersion412AndNothingIsAsked() async throws {
        let (sut, spy, _) = try await makeSUT()
        let fields = EditDraftAPIViewController.fields(caller: .init(firstName: "A", lastName: "B", phone: "1", email: "e"), delivery: nil)
        let missing = await problem { _ = try await sut.save(ref: "D-ABCDEB", ifMatch: nil, .caller(fields)) }
        XCTAssertEqual(missing?.status, .preconditionRequired)
        let notAVersion = await problem { _ = try await sut.save(ref: "D-ABCDEB", ifMatch: "*", .caller(fields)) }
        XCTAssertEqual(notAVersion?.status, .preconditionFailed)
        let lineMissing = await problem { _ = try await sut.changeLine(ref: "D-ABCDEB", ifMatch: nil, sku: "MUG-1", quantity: 1) }
        XCTAssertEqual(lineMissing?.status, .preconditionRequired)
        XCTAssertTrue(spy.saved.isEmpty)
        XCTAssertTrue(spy.shown.isEmpty, "refused before the draft is read")
    }

    func testALineIsFoundByItsSKUAndChangedOrRemovedByItsKey() async throws {
        let (sut, spy, _) = try await makeSUT()
        _ = try await sut.changeLine(ref: "D-ABCDEB", ifMatch: "\"3\"", sku: "mug-1", quantity: 4)
        _ = try await sut.changeLine(ref: "D-ABCDEB", ifMatch: "\"3\"", sku: "MUG-1", quantity: nil)
        XCTAssertEqual(spy.saved.map(\.section), [
            .quantities(EditDraft.QuantitiesFormFields(line: ["l1": .init(quantity: "4")])), .removeLine(key: "l1"),
        ])
        XCTAssertEqual(spy.saved.map(\.expectedVersion), [3, 3])
        let notThere = await problem { _ = try await sut.changeLine(ref: "D-ABCDEB", ifMatch: "\"3\"", sku: "CAP-1", quantity: 1) }
        XCTAssertEqual(notThere?.status, .notFound)
    }

    func testALineChangedFromAnotherVersionIs412WithTheDraftsETagBeforeItsLinesAreLookedAt() async throws {
        let (sut, spy, _) = try await makeSUT()
        // Read at version 2; the draft is at 3 now: its lines may not be the ones the client saw
        let stale = await problem { _ = try await sut.changeLine(ref: "D-ABCDEB", ifMatch: "\"2\"", sku: "CAP-1", quantity: 1) }
        XCTAssertEqual(stale?.status, .preconditionFailed)
        XCTAssertEqual(stale?.headers[.eTag], "\"3\"")
        XCTAssertTrue(spy.saved.isEmpty)
    }

    // MARK: Presenter

    func testThePresenterGivesTheDraftWithItsTotalsAndWhatStandsInTheWay() {
        let sut = EditDraftAPIPresenter(formatter: OrderDisplayFormatter(timeZone: .gmt))
        let spy = DisplaySpy()
        sut.viewController = spy
        sut.presentDraft(response: .found(EditDraft.Loaded(draft: Self.draft, check: Self.check)))
        guard case .draft(let draft) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(draft.ref, "D-ABCDEB")
        XCTAssertEqual(draft.version, 3)
        XCTAssertEqual(draft.lines.map(\.sku), ["MUG-1"])
        XCTAssertEqual(draft.subtotal, .init(amount: 2500, currency: .usd))
        XCTAssertNil(draft.tax, "no state yet")
        XCTAssertEqual(draft.readyToPlace, false)
        XCTAssertEqual(draft.problems, ["Enter the shipment address"])
        sut.presentDraft(response: .notFound)
        XCTAssertEqual(spy.viewModel, .problem(EditDraftAPIPresenter.notFound))
        sut.presentDraft(response: .storeUnavailable)
        XCTAssertEqual(spy.viewModel, .problem(.unavailable))
    }

    func testThePresenterSaysASavedOrMadeDraftByItsReference() {
        let sut = EditDraftAPIPresenter(formatter: OrderDisplayFormatter(timeZone: .gmt))
        let spy = DisplaySpy()
        sut.viewController = spy
        sut.presentStartedDraft(response: .created(ref: "D-ABCDEB"))
        XCTAssertEqual(spy.viewModel, .saved(ref: "D-ABCDEB"))
        sut.presentStartedDraft(response: .storeUnavailable)
        XCTAssertEqual(spy.viewModel, .problem(.unavailable))
        sut.presentKeptOrderForm(response: .kept(ref: "D-ABCDEC"))
        XCTAssertEqual(spy.viewModel, .saved(ref: "D-ABCDEC"))
        sut.presentSavedSection(response: .saved(ref: "D-ABCDED", .quantities))
        XCTAssertEqual(spy.viewModel, .saved(ref: "D-ABCDED"))
        sut.presentSavedSection(response: .notFound)
        XCTAssertEqual(spy.viewModel, .problem(EditDraftAPIPresenter.notFound))
    }

    func testThePresenterSaysADraftChangedMeanwhileIs412WithItsETagNow() {
        let sut = EditDraftAPIPresenter(formatter: OrderDisplayFormatter(timeZone: .gmt))
        let spy = DisplaySpy()
        sut.viewController = spy
        sut.presentSavedSection(response: .changedMeanwhile(current: Self.draft))
        guard case .problem(let problem) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(problem.status, .preconditionFailed)
        XCTAssertEqual(problem.title, "The draft changed since it was read")
        XCTAssertEqual(problem.headers[.eTag], "\"3\"")
    }

    func testARefusedSectionIs422WithTheFormsAndTheItemsMessagesAtTheJSONsFields() {
        let sut = EditDraftAPIPresenter(formatter: OrderDisplayFormatter(timeZone: .gmt))
        let spy = DisplaySpy()
        sut.viewController = spy
        let loaded = EditDraft.Loaded(draft: Self.draft, check: Self.check)
        let refusal = EditDraft.Refusal(
            posted: .delivery(CreateOrder.OrderFormFields()),
            fieldErrors: [
                CreateOrder.FieldError(field: .shipmentAddressStreet1, problem: .missing),
                CreateOrder.FieldError(field: .billingAddressZIP, problem: .missing),
            ])
        sut.presentSavedSection(response: .invalid(loaded, refusal))
        guard case .problem(let problem) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(problem.status, .unprocessableContent)
        XCTAssertEqual(problem.errors.map(\.field), ["shippingAddress.street1", "billingAddress.zip"])

        let lines = EditDraft.Refusal(
            posted: .quantities(.init()), itemErrors: [EditDraft.ItemError(field: "line[l1][quantity]", problem: .quantityOutOfRange)])
        sut.presentSavedSection(response: .invalid(loaded, lines))
        XCTAssertEqual(spy.viewModel, .problem(.invalid([.init(field: "quantity", message: "Enter a quantity of Blue mug from 1 to 9,999")])))

        sut.presentKeptOrderForm(response: .keptWithMistakes(loaded, refusal))
        guard case .problem(let kept) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(kept.status, .unprocessableContent)
        XCTAssertEqual(kept.headers[.location], "/api/v1/drafts/D-ABCDEB", "the draft was made with the sections that passed")
    }
}
