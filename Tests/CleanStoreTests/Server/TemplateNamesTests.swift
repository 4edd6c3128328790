import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The templates in `Views/` and the view models' tables (`Sources/CleanStore/Server/Rendering/ViewModels+*.swift`)
/// held to each other by `TemplateNameCheck`: a template naming something its view model does not
/// expose fails here, and so does a view model property, or a table entry, that no template reads.
final class TemplateNamesTests: XCTestCase {
    /// The app's templates (`PageRenderer.requiredTemplates` and what they include), and `adding`.
    static func appTemplates(adding more: [String] = []) async throws -> CompiledTemplates {
        HTMLEscaping.register()
        let library = try await MustacheLibrary(directory: Repository.views)
        return try CompiledTemplates(library: library, names: PageRenderer.requiredTemplates + more)
    }

    /// What the view controllers read of the view models instead of the templates: each page's
    /// title, which goes to the layout's `<title>` through `PageRendering.render(template:context:title:…)`.
    static let readByTheViewControllers: Set<String> = [
        "AddOrderNote.DisplayedForm.title", "ChangeOrderStatus.CancelForm.title", "ChangeOrderStatus.ShipForm.title", "ChangeOrderStatus.TrackingForm.title", "CreateOrder.DisplayedForm.title", "EditDraft.DisplayedDraft.title", "PlaceDraft.DisplayedCheck.title", "ListDrafts.DisplayedList.title",
        "DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder.title", "SetUp.DisplayedForm.title",
        "ShowOrder.GetOrder.ViewModel.DisplayedOrder.title", "SignIn.DisplayedForm.title",
        "EditAccount.DisplayedForm.title", "EditAccount.DisplayedLink.title", "EditAccount.DisplayedAccount.title",
        "SetPassword.DisplayedForm.title",
        "ManageTokens.DisplayedPage.title", "ManageTokens.DisplayedSecret.title", "ManageTokens.DisplayedRevoke.title",
    ]

    func testEveryPageReadsWhatItsViewModelExposesAndAllOfIt() async throws {
        let check = TemplateNameCheck(
            templates: try await Self.appTemplates(),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))
        XCTAssertGreaterThan(check.tables.count, 30, "The tables were read")
        let findings = check.check(ViewModelSamples.pages, readElsewhere: Self.readByTheViewControllers)
        XCTAssertEqual(findings.unexposed, [], "Names the templates read that no view model exposes: add them to the tables")
        XCTAssertEqual(findings.unread, [], "View model properties no template reads: remove them, or show them")
        XCTAssertEqual(findings.unreadEntries, [], "Table entries no template reads: remove them")
        XCTAssertEqual(findings.unfilled, [], "ViewModelSamples leaves these empty: fill them, so what the templates read under them is checked")
    }

    func testEveryTemplateThePagesNeedIsChecked() async throws {
        let templates = try await Self.appTemplates()
        var reached = Set<String>()
        func reach(_ name: String) {
            guard reached.insert(name).inserted else { return }
            func partials(of nodes: [CompiledTemplates.Node]) {
                for node in nodes {
                    switch node {
                    case .partial(let partial, _, let overrides):
                        reach(partial)
                        overrides?.values.forEach(partials)
                    case .section(_, _, let inner): partials(of: inner)
                    case .block(_, let defaultNodes, _): partials(of: defaultNodes)
                    case .text, .variable: continue
                    }
                }
            }
            partials(of: templates.templates[name] ?? [])
        }
        ViewModelSamples.pages.forEach { reach($0.template) }
        XCTAssertEqual(Set(PageRenderer.requiredTemplates).subtracting(reached), [], "Add a sample of these pages to ViewModelSamples.pages")
    }

    // MARK: The check itself

    struct Row: TemplateParent {
        var label: String
        var note: String?
        static let templateFields: TemplateFields<Self> = [
            "label": { $0.label },
            "note": { $0.note },
        ]
    }

    struct Page: TemplateParent {
        var heading = "h"
        var rows = [Row(label: "a", note: "n")]
        var flag = true
        var plain = Plain(hint: "p")
        static let templateFields: TemplateFields<Self> = [
            "heading": { $0.heading },
            "rows": { $0.rows },
            "flag": { $0.flag },
            "plain": { TemplateValues.Dynamic(value: $0.plain) },
        ]
    }

    /// No table: swift-mustache reads its stored properties.
    struct Plain {
        var hint: String
    }

    /// `Page`'s and `Row`'s tables, as `ViewModels+*.swift` writes them.
    static let tablesSource = """
        extension TemplateNamesTests.Page: TemplateParent {
            static let templateFields: TemplateFields<Self> = [
                "heading": { $0.heading },
                "rows": { $0.rows },
                "flag": { $0.flag },
                "plain": { TemplateValues.Dynamic(value: $0.plain) },
            ]
        }

        extension TemplateNamesTests.Row: TemplateParent {
            static let templateFields: TemplateFields<Self> = [
                "label": { $0.label },
                "note": { $0.note },
            ]
        }
        """

    func check(_ templates: [String: String], page: Any = Page(), readElsewhere: Set<String> = []) throws -> TemplateNameCheck.Findings {
        HTMLEscaping.register()
        var library = MustacheLibrary()
        for (name, text) in templates {
            try library.register("{{% CONTENT_TYPE: HTML}}\n" + text, named: name)
        }
        let check = TemplateNameCheck(
            templates: try CompiledTemplates(library: library, names: Array(templates.keys)),
            tables: TemplateNameCheck.tables(inSource: Self.tablesSource))
        return check.check([("page", page)], readElsewhere: readElsewhere)
    }

    func testTheTablesAreReadFromTheirSource() {
        XCTAssertEqual(
            TemplateNameCheck.tables(inSource: Self.tablesSource),
            ["TemplateNamesTests.Page": ["heading", "rows", "flag", "plain"], "TemplateNamesTests.Row": ["label", "note"]])
    }

    func testATemplateReadingAllOfItsViewModelsHasNoFinding() throws {
        // Names looked up outwards from a row, in a partial, in a parent's block, dotted, in a
        // stored property of a value with no table, and under a false flag: all found.
        let findings = try check([
            "page": "{{#rows}}{{>row}}{{/rows}}{{<frame}}{{$inside}}{{plain.hint}}{{/inside}}{{/frame}}{{^flag}}{{heading}}{{/flag}}",
            "row": "{{label}} {{#note}}{{.}}{{/note}} {{heading}}",
            "frame": "<div>{{$inside}}{{/inside}}</div>",
        ])
        XCTAssertTrue(findings.isEmpty, "\(findings)")
    }

    func testANameItsViewModelDoesNotExposeIsFound() throws {
        let findings = try check(["page": "{{heading}}{{#rows}}{{label}}{{note}}{{lable}}{{/rows}}{{plain.hint}}{{plain.title}}{{#flag}}{{subheading}}{{/flag}}"])
        XCTAssertEqual(findings.unexposed, ["page: lable", "page: plain.title", "page: subheading"])
        XCTAssertEqual(findings.unread, [])
    }

    func testAPropertyNoTemplateReadsIsFound() throws {
        let findings = try check(["page": "{{heading}}{{#rows}}{{label}}{{/rows}}{{plain.hint}}"])
        XCTAssertEqual(findings.unread, ["TemplateNamesTests.Page.flag", "TemplateNamesTests.Row.note"])
        XCTAssertEqual(findings.unreadEntries, ["TemplateNamesTests.Page.flag", "TemplateNamesTests.Row.note"])
        XCTAssertEqual(findings.unexposed, [])
    }

    func testAPropertyReadElsewhereIsNoFindingUnlessATableAnswersIt() throws {
        let findings = try check(
            ["page": "{{#rows}}{{label}}{{note}}{{/rows}}{{plain.hint}}{{#flag}}on{{/flag}}"],
            readElsewhere: ["TemplateNamesTests.Page.heading", "TemplateNamesTests.Page.subtitle"])
        XCTAssertEqual(findings.unread, ["TemplateNamesTests.Page.subtitle (listed as read elsewhere: no such property)"])
        XCTAssertEqual(findings.unreadEntries, ["TemplateNamesTests.Page.heading"], "Its table still answers it")
    }

    func testASampleLeftEmptyIsFound() throws {
        let findings = try check(["page": "{{heading}}{{#rows}}{{label}}{{note}}{{/rows}}{{plain.hint}}{{#flag}}on{{/flag}}"],
            page: Page(rows: [Row(label: "a", note: nil)]))
        XCTAssertEqual(findings.unfilled, ["TemplateNamesTests.Row.note"])
        let noRows = try check(["page": "{{heading}}{{#rows}}{{label}}{{note}}{{/rows}}{{plain.hint}}{{#flag}}on{{/flag}}"],
            page: Page(rows: []))
        XCTAssertEqual(noRows.unfilled, ["TemplateNamesTests.Page.rows"])
        XCTAssertEqual(noRows.unreadEntries, ["TemplateNamesTests.Row"], "No page showed a row")
    }
}
