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

        func child(named name: String) -> Any? {
            switch name {
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
