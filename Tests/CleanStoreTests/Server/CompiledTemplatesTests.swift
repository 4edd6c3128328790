import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `CompiledTemplates` renders what swift-mustache parsed; these hold it to swift-mustache's own
/// output for each feature the templates use (the page snapshots hold it for the real pages).
final class CompiledTemplatesTests: XCTestCase {
    struct Row: MustacheParent {
        var name: String
        var note: String?
        var count: Int
        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "note": note
            case "count": count
            default: nil
            }
        }
    }

    /// No `MustacheParent`: swift-mustache reads its stored properties.
    struct Plain {
        var label: String
        var hint: String?
    }

    struct Page: MustacheParent {
        var title = "Orders <&> \"all\""
        var note: String? = "outer note"
        var empty = ""
        var flag = true
        var off = false
        var missing: String?
        var rows = [Row(name: "Amy", note: nil, count: 3), Row(name: "Ada's", note: "inner", count: 0)]
        var none: [Row] = []
        var plain = Plain(label: "Plain label", hint: nil)
        var html = "<b>bold</b>"
        var byName = ["amy": Row(name: "Amy", note: "by name", count: 1)]

        func child(named name: String) -> Any? {
            switch name {
            case "byName": byName
            case "title": title
            case "note": note
            case "empty": empty
            case "flag": flag
            case "off": off
            case "missing": missing
            case "rows": rows
            case "none": none
            case "plain": plain
            case "html": html
            default: nil
            }
        }
    }

    /// `Row`, `Plain` and `Page` with tables: what the app's view models are.
    struct FastRow: TemplateParent {
        var name: String
        var note: String?
        var count: Int
        static let templateFields: TemplateFields<Self> = [
            "name": { $0.name },
            "note": { $0.note },
            "count": { $0.count },
        ]
    }

    struct FastPlain: TemplateParent {
        var label: String
        var hint: String?
        static let templateFields: TemplateFields<Self> = [
            "label": { $0.label },
            "hint": { $0.hint },
        ]
    }

    struct FastPage: TemplateParent {
        var page = Page()
        var rows: [FastRow] { page.rows.map { FastRow(name: $0.name, note: $0.note, count: $0.count) } }
        var none: [FastRow] { [] }
        var plain: FastPlain { FastPlain(label: page.plain.label, hint: page.plain.hint) }
        var byName: [String: FastRow] { page.byName.mapValues { FastRow(name: $0.name, note: $0.note, count: $0.count) } }
        static let templateFields: TemplateFields<Self> = [
            "title": { $0.page.title },
            "note": { $0.page.note },
            "empty": { $0.page.empty },
            "flag": { $0.page.flag },
            "off": { $0.page.off },
            "missing": { $0.page.missing },
            "rows": { $0.rows },
            "none": { $0.none },
            "plain": { $0.plain },
            "html": { $0.page.html },
            "byName": { $0.byName },
        ]
    }

    static let templates = [
        "variables": "{{% CONTENT_TYPE: HTML}}\n<h1>{{title}}</h1> {{{html}}} {{&html}} [{{missing}}] [{{nothing}}]\n",
        "sections": """
            {{% CONTENT_TYPE: HTML}}
            {{#rows}}
            <li>{{name}} {{note}} {{count}}{{#note}} ({{.}}){{/note}}</li>
            {{/rows}}
            {{^none}}
            <p>none</p>
            {{/none}}
            {{#empty}}[empty string is a value]{{/empty}}{{#flag}}on{{/flag}}{{^off}} off{{/off}}{{#missing}}never{{/missing}}{{^missing}} no value{{/missing}}

            """,
        "transforms": """
            {{% CONTENT_TYPE: HTML}}
            {{^empty(rows)}}
            rows: {{#rows}}{{name}};{{/rows}}
            {{/empty(rows)}}
            {{#empty(none)}}
            no rows
            {{/empty(none)}}

            """,
        "dotted": "{{% CONTENT_TYPE: HTML}}\n{{plain.label}}|{{plain.hint}}|{{#plain}}{{label}} {{title}}{{/plain}}|{{.title}}\n",
        "item": "{{% CONTENT_TYPE: HTML}}\n<span>{{name}}</span>\n<em>{{title}}</em>\n",
        "nested": """
            {{% CONTENT_TYPE: HTML}}
            {{#rows}}
            [{{name}}: {{#plain}}{{label}}/{{name}}/{{count}}{{/plain}}{{^note}} no note{{/note}}{{#note}} {{.}}{{/note}}{{^none}} and none{{/none}}]
            {{#rows}}({{name}}){{/rows}}
            {{/rows}}
            {{byName.amy.note}}|{{#byName.amy}}{{name}} {{title}}{{/byName.amy}}|{{byName.bob.name}}|{{html}}|{{{html}}}|{{count}}|{{rows.name}}

            """,
        "partials": "{{% CONTENT_TYPE: HTML}}\n<ul>\n{{#rows}}\n  {{>item}}\n{{/rows}}\n</ul>\n",
        "field": """
            {{% CONTENT_TYPE: HTML}}
            <label>{{$label}}Default label{{/label}}</label>
            <input class="{{$width}}full{{/width}}" {{$attributes}}{{/attributes}}/>

            """,
        "parents": """
            {{% CONTENT_TYPE: HTML}}
            {{<field}}
            {{$label}}Name of {{title}}{{/label}}
            {{$width}}half {{/width}}
            {{/field}}
            {{<field}}{{/field}}

            """,
    ]

    func library() throws -> MustacheLibrary {
        HTMLEscaping.register()
        var library = MustacheLibrary()
        for (name, text) in Self.templates {
            try library.register(text, named: name)
        }
        return library
    }

    func testEveryFeatureRendersAsSwiftMustacheRendersIt() throws {
        let library = try library()
        let compiled = try CompiledTemplates(library: library, names: Array(Self.templates.keys))
        for name in Self.templates.keys.sorted() where name != "item" && name != "field" {
            let expected = try XCTUnwrap(library.render(Page(), withTemplate: name))
            XCTAssertEqual(compiled.render(Page(), template: name), expected, name)
            XCTAssertFalse(expected.isEmpty, name)
        }
    }

    func testViewModelsWithTablesRenderAsSwiftMustacheRendersThePlainOnes() throws {
        let library = try library()
        let compiled = try CompiledTemplates(library: library, names: Array(Self.templates.keys))
        for name in Self.templates.keys.sorted() where name != "item" && name != "field" {
            let expected = try XCTUnwrap(library.render(Page(), withTemplate: name))
            XCTAssertEqual(compiled.render(FastPage(), template: name), expected, name)
            XCTAssertEqual(compiled.render(FastPage() as any TemplateValue, template: name), expected, name)
        }
    }

    func testNestedSectionsListsAndDictionariesLookOutwards() throws {
        let compiled = try CompiledTemplates(library: library(), names: ["nested"])
        let expected = """
            [Amy: Plain label/Amy/3 outer note and none]
            (Amy)(Ada&#39;s)
            [Ada&#39;s: Plain label/Ada&#39;s/0 inner and none]
            (Amy)(Ada&#39;s)
            by name|Amy Orders &lt;&amp;&gt; &quot;all&quot;||&lt;b&gt;bold&lt;/b&gt;|<b>bold</b>||

            """
        XCTAssertEqual(compiled.render(FastPage(), template: "nested"), expected)
        XCTAssertEqual(compiled.render(Page(), template: "nested"), expected)
    }

    func testATableResolvesEachNameOnceToItsReading() {
        let row = FastRow(name: "Amy", note: nil, count: 3)
        XCTAssertEqual(FastRow.templateFields.names, ["name", "note", "count"])
        XCTAssertEqual(FastRow.templateFields.value(TemplateName("name"), of: row) as? String, "Amy")
        XCTAssertEqual(FastRow.templateFields.value(TemplateName("count"), of: row) as? Int, 3)
        // A nil optional is no value; a name the table lacks is none either, whether or not
        // another table or template has it.
        XCTAssertNil(FastRow.templateFields.value(TemplateName("note"), of: row))
        XCTAssertNil(FastRow.templateFields.value(TemplateName("label"), of: row))
        XCTAssertNil(FastRow.templateFields.value(TemplateName("a name no table has, made here"), of: row))
        // One number for one name, everywhere.
        XCTAssertEqual(TemplateName("name").id, TemplateName("name").id)
        XCTAssertNotEqual(TemplateName("name").id, TemplateName("note").id)
        // The tests' walks read the same table by name; an unknown name is not interned by asking.
        XCTAssertEqual(row.child(named: "name") as? String, "Amy")
        XCTAssertNil(row.child(named: "note"))
        XCTAssertNil(row.child(named: "never interned: asked by name only"))
        XCTAssertNil(TemplateName.existing("never interned: asked by name only"))
    }

    /// A table asked by name before any template or render has used it answers all its names.
    struct Unrendered: TemplateParent {
        var onlyHereNamed = "here"
        static let templateFields: TemplateFields<Self> = ["onlyHereNamed": { $0.onlyHereNamed }]
    }

    func testATableAskedByNameFirstKnowsItsNames() {
        XCTAssertEqual(Unrendered().child(named: "onlyHereNamed") as? String, "here")
    }

    func testValuesSayWhatASectionDoesAndWriteTheirText() {
        func text(_ value: any TemplateValue, escaped: Bool = true) -> String {
            var output = ">"
            value.appendTemplateText(to: &output, escaped: escaped)
            return output
        }
        XCTAssertEqual(text("<a href='x'>&</a>"), ">&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;")
        XCTAssertEqual(text("<b>", escaped: false), "><b>")
        XCTAssertEqual(text(42), ">42")
        XCTAssertEqual(text(true), ">true")
        XCTAssertEqual(text([1, 2]), ">[1, 2]")
        guard case .flag(false) = false.templateSection, case .text(isEmpty: true) = "".templateSection,
            case .list(isEmpty: false) = [FastRow(name: "a", note: nil, count: 0)].templateSection,
            case .value = FastPlain(label: "l", hint: nil).templateSection, case .value = 3.templateSection
        else { return XCTFail("a value's section is not swift-mustache's") }
        let rows = [FastRow(name: "a", note: nil, count: 0), FastRow(name: "b", note: nil, count: 1)]
        XCTAssertEqual(rows.templateCount, 2)
        XCTAssertEqual((rows.templateElement(at: 1) as? FastRow)?.name, "b")
        XCTAssertEqual(["k": "v"].templateChild(TemplateName("k")) as? String, "v")
        XCTAssertNil(["k": "v"].templateChild(TemplateName("other")))
    }

    /// `{{ }}` escapes `< > & " '` and nothing else, in a short string and a long one, ASCII or not.
    func testEveryByteIsEscapedAsHTMLAsks() {
        func expected(_ text: String) -> String {
            text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "<": "&lt;"
                case ">": "&gt;"
                case "&": "&amp;"
                case "\"": "&quot;"
                case "'": "&#39;"
                default: String(scalar)
                }
            }.joined()
        }
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += texts.map { "Order 1042, José — " + $0 + " and more than fifteen bytes" }
        texts += ["", "plain", "é'", "\"\u{0301}", "東京<", String(repeating: "a", count: 64) + "&"]
        for text in texts {
            var output = ">"
            text.appendTemplateText(to: &output, escaped: true)
            XCTAssertEqual(output, ">" + expected(text), "\(Array(text.utf8))")
            XCTAssertEqual(HTMLEscaping.escape(text), expected(text))
        }
    }

    func testTheOutputIsWhatTheTemplatesSay() throws {
        let compiled = try CompiledTemplates(library: library(), names: ["variables", "sections"])
        XCTAssertEqual(
            compiled.render(Page(), template: "variables"),
            "<h1>Orders &lt;&amp;&gt; &quot;all&quot;</h1> <b>bold</b> <b>bold</b> [] []\n")
        // A nil value is no value: the look-up goes on outwards (the page's note for Amy's row).
        XCTAssertEqual(
            compiled.render(Page(), template: "sections"),
            "<li>Amy outer note 3 (outer note)</li>\n<li>Ada&#39;s inner 0 (inner)</li>\n<p>none</p>\n"
                + "[empty string is a value]on off no value\n")
    }

    func testATemplateUsingWhatItDoesNotRenderFailsAtStartUp() throws {
        HTMLEscaping.register()
        var library = MustacheLibrary()
        try library.register("{{% CONTENT_TYPE: HTML}}\n{{uppercased(title)}}\n", named: "shouting")
        XCTAssertThrowsError(try CompiledTemplates(library: library, names: ["shouting"])) { error in
            XCTAssertTrue("\(error)".contains("uppercased"), "\(error)")
        }
        XCTAssertThrowsError(try CompiledTemplates(library: library, names: ["absent"]))
    }

    func testAnUnknownTemplateRendersNil() throws {
        let compiled = try CompiledTemplates(library: library(), names: ["variables"])
        XCTAssertNil(compiled.render(Page(), template: "sections"))
    }
}
