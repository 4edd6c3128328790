import Foundation
import Mustache

/// The templates in `Views/`, rendered without swift-mustache's dynamic look-ups.
///
/// Why by hand: swift-mustache resolves every `{{name}}` at render time through a chain of dynamic
/// casts (`MustacheCustomRepresentation`, `MustacheParent`, `MustacheTemplate`,
/// `MustacheCustomRenderable`, `MustacheLambda`, `AnyOptional`), splits the name on "." into new
/// strings and builds each section's text as a string of its own: 37% of a list page's CPU in
/// `perf` (BENCHMARKS.md). None of the template libraries on hand (swift-mustache, Leaf, Stencil)
/// renders without such casts. So swift-mustache still reads `Views/` — its parser, with the
/// Mustache spec's rules for standalone lines, indentation and inheritance, is the one that
/// decides what a template says — and this renders the tokens it parsed: names split once at
/// start-up and interned (`TemplateName`), so that each view model type's table (`TemplateFields`,
/// `ViewModels+*.swift`) answers a name by an array index and a direct property read, values that
/// say themselves how a section treats them and write their own text (`TemplateValue`: no dynamic
/// cast per value), a list's rows pushed one by one, one stack pushed and popped for the whole
/// page, and one output string reserved at the size of the template's last page. The semantics are
/// swift-mustache's (2.1.1, pinned exactly in Package.swift, since its tokens are read through
/// `Mirror`), for the parts our
/// templates use: variables, `{{{ }}}`, sections and inverted sections over `Bool`, optionals,
/// values and arrays, dotted names, `.`, the `empty` transform, partials, and parents with blocks;
/// a template using anything else fails at start-up. The snapshot suite (every page, byte for
/// byte) holds the two to the same output.
struct CompiledTemplates: Sendable {
    struct UnsupportedTemplate: Error, CustomStringConvertible {
        let template: String
        let reason: String
        var description: String { "Template \(template): \(reason) (CompiledTemplates renders only what Views/ uses)" }
    }

    struct Name: Sendable {
        /// The name split on "." (empty for `.`, the current context).
        let path: [String]
        /// A name starting with "." looks in the current context only.
        let currentOnly: Bool
        /// Transforms as written, outermost first (`empty(tags)`: ["empty"]).
        let transforms: [String]
        /// `path`'s parts interned, each a number that indexes the view models' tables.
        let keys: [TemplateName]
        /// A name of one part, looked for from the innermost context out, without a transform
        /// (`{{name}}`, `{{#name}}`): most of a page's names, looked up without the general walk.
        let single: TemplateName?

        init(path: [String], currentOnly: Bool, transforms: [String]) {
            self.path = path
            self.currentOnly = currentOnly
            self.transforms = transforms
            keys = path.map(TemplateName.init)
            single = keys.count == 1 && !currentOnly && transforms.isEmpty ? keys[0] : nil
        }
    }

    indirect enum Node: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool, [Node])
        case partial(String, indentation: String?, overrides: [String: [Node]]?)
        case block(String, defaultNodes: [Node], indentation: String?)
    }

    private(set) var templates: [String: [Node]] = [:]
    /// The size of each template's last output, to reserve the next one's at once.
    private var sizeHints: [String: SizeHint] = [:]

    /// Every template that `names` use, read from swift-mustache's parse of them.
    init(library: MustacheLibrary, names: [String]) throws {
        for name in names {
            try add(name, from: library)
        }
        for name in templates.keys {
            sizeHints[name] = SizeHint()
        }
    }

    private mutating func add(_ name: String, from library: MustacheLibrary) throws {
        guard templates[name] == nil else { return }
        guard let template = library.getTemplate(named: name) else {
            throw UnsupportedTemplate(template: name, reason: "no such template")
        }
        templates[name] = []  // a partial that includes itself stops here
        var partials: [String] = []
        templates[name] = try Self.nodes(of: template, in: name, partials: &partials)
        for partial in partials {
            try add(partial, from: library)
        }
    }

    // MARK: Reading swift-mustache's tokens

    /// The template's tokens, read through `Mirror`: swift-mustache keeps them internal.
    private static func nodes(of template: MustacheTemplate, in name: String, partials: inout [String]) throws -> [Node] {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any] else {
            throw UnsupportedTemplate(template: name, reason: "swift-mustache's template has no tokens to read")
        }
        var nodes: [Node] = []
        for token in tokens {
            if let node = try self.node(of: token, in: name, partials: &partials) {
                nodes.append(node)
            }
        }
        return nodes
    }

    private static func node(of token: Any, in template: String, partials: inout [String]) throws -> Node? {
        guard let (kind, value) = Mirror(reflecting: token).children.first.map({ ($0.label ?? "", $0.value) }) else {
            throw UnsupportedTemplate(template: template, reason: "a token without a kind")
        }
        let fields = Mirror(reflecting: value).children.map { ($0.label ?? "", $0.value) }
        func field(_ label: String) -> Any? { fields.first { $0.0 == label }?.1 }
        func string(_ label: String) throws -> String {
            guard let text = field(label) as? String else {
                throw UnsupportedTemplate(template: template, reason: "a \(kind) token without its \(label)")
            }
            return text
        }
        func optionalString(_ label: String) -> String? {
            field(label).flatMap { unwrappingOptional($0) as? String }
        }
        func name() throws -> Name {
            let text = try string("name")
            let transforms = field("transforms") as? [String] ?? []
            if text.isEmpty && !transforms.isEmpty {
                throw UnsupportedTemplate(template: template, reason: "a transform of the sequence context")
            }
            for transform in transforms where transform != "empty" {
                throw UnsupportedTemplate(template: template, reason: "the transform \(transform)")
            }
            let path = text == "." ? [] : text.split(separator: ".").map(String.init)
            return Name(path: path, currentOnly: text.first == "." && text != ".", transforms: transforms)
        }
        func nested(_ label: String) throws -> [Node] {
            guard let inner = field(label) as? MustacheTemplate else {
                throw UnsupportedTemplate(template: template, reason: "a \(kind) token without its \(label)")
            }
            return try nodes(of: inner, in: template, partials: &partials)
        }
        switch kind {
        case "text":
            guard let text = value as? String else { throw UnsupportedTemplate(template: template, reason: "text that is not text") }
            return .text(text)
        case "variable":
            return .variable(try name(), escaped: true)
        case "unescapedVariable":
            return .variable(try name(), escaped: false)
        case "section":
            return .section(try name(), inverted: false, try nested("template"))
        case "invertedSection":
            return .section(try name(), inverted: true, try nested("template"))
        case "blockExpansion":
            return .block(try string("name"), defaultNodes: try nested("default"), indentation: optionalString("indentation"))
        case "partial":
            let partial = try string(".0")
            partials.append(partial)
            var overrides: [String: [Node]]?
            if let dictionary = field("inherits").flatMap(unwrappingOptional) as? [String: MustacheTemplate] {
                overrides = try dictionary.mapValues { try nodes(of: $0, in: template, partials: &partials) }
            }
            return .partial(partial, indentation: optionalString("indentation"), overrides: overrides)
        case "contentType":
            // Every template declares `CONTENT_TYPE: HTML`, which is HTMLEscaping (see PageRenderer).
            guard value is HTMLEscaping else {
                throw UnsupportedTemplate(template: template, reason: "a content type other than HTML")
            }
            return nil
        default:
            throw UnsupportedTemplate(template: template, reason: "the token \(kind)")
        }
    }

    // MARK: Rendering

    /// What a template sees while it renders: the contexts, innermost last (one array for the
    /// whole page, pushed and popped, not copied for each row), and the partial's indentation and
    /// blocks.
    private struct Context {
        var stack: [any TemplateValue]
        var indentation: String?
        var overrides: [String: [Node]]?
    }

    /// Renders the template `name` with `object` as its context (nil for a template it does not
    /// have). A view model is a `TemplateValue` (one cast, for the page); anything else is read as
    /// swift-mustache reads it (`MustacheParent`, else its stored properties).
    func render(_ object: Any, template name: String) -> String? {
        render(TemplateValues.value(of: object) ?? TemplateValues.Dynamic(value: object), template: name)
    }

    /// Renders the template `name` with `object` as its context.
    func render(_ object: any TemplateValue, template name: String) -> String? {
        guard let nodes = templates[name] else { return nil }
        let hint = sizeHints[name]
        var output = ""
        output.reserveCapacity(hint?.size ?? 16_384)
        var context = Context(stack: [object])
        context.stack.reserveCapacity(8)
        render(nodes, context: &context, into: &output)
        hint?.size = output.utf8.count
        return output
    }

    private func render(_ nodes: [Node], context: inout Context, into output: inout String) {
        guard let indentation = context.indentation, !indentation.isEmpty else {
            for node in nodes {
                render(node, context: &context, into: &output)
            }
            return
        }
        // As swift-mustache indents a partial: before a node's non-empty text, when this template's
        // own text so far ends a line.
        let start = output.utf8.count
        for node in nodes {
            let before = output.utf8.count
            let endsLine = before > start && output.utf8.last == UInt8(ascii: "\n")
            render(node, context: &context, into: &output)
            if endsLine, output.utf8.count > before {
                let index = output.utf8.index(output.startIndex, offsetBy: before)
                output.insert(contentsOf: indentation, at: index)
            }
        }
    }

    private func render(_ node: Node, context: inout Context, into output: inout String) {
        switch node {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let value = lookUp(name, in: context) else { return }
            value.appendTemplateText(to: &output, escaped: escaped)
        case .section(let name, let inverted, let nodes):
            let value = lookUp(name, in: context)
            if inverted {
                renderInverted(value, nodes, context: &context, into: &output)
            } else {
                renderSection(value, nodes, context: &context, into: &output)
            }
        case .partial(let name, let indentation, let overrides):
            guard let nodes = templates[name] else { return }
            let outer = (context.indentation, context.overrides)
            if let indentation { context.indentation = (outer.0 ?? "") + indentation }
            if let overrides {
                context.overrides = outer.1.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            }
            render(nodes, context: &context, into: &output)
            (context.indentation, context.overrides) = outer
        case .block(let name, let defaultNodes, let indentation):
            let outer = context.indentation
            if let indentation { context.indentation = (outer ?? "") + indentation }
            render(context.overrides?[name] ?? defaultNodes, context: &context, into: &output)
            context.indentation = outer
        }
    }

    /// Renders `nodes` with `value` pushed on the stack.
    private func render(_ nodes: [Node], with value: any TemplateValue, context: inout Context, into output: inout String) {
        context.stack.append(value)
        render(nodes, context: &context, into: &output)
        context.stack.removeLast()
    }

    /// swift-mustache's section: nothing for no value or `false`, the content once for `true`
    /// (in the same context), once for each element of a list, else once with the value pushed.
    private func renderSection(_ value: (any TemplateValue)?, _ nodes: [Node], context: inout Context, into output: inout String) {
        guard let value else { return }
        switch value.templateSection {
        case .flag(let on):
            if on { render(nodes, context: &context, into: &output) }
        case .list:
            for index in 0..<value.templateCount {
                render(nodes, with: value.templateElement(at: index), context: &context, into: &output)
            }
        case .text, .value:
            render(nodes, with: value, context: &context, into: &output)
        }
    }

    /// swift-mustache's inverted section: the content for no value, `false` or an empty list.
    private func renderInverted(_ value: (any TemplateValue)?, _ nodes: [Node], context: inout Context, into output: inout String) {
        guard let value else {
            render(nodes, context: &context, into: &output)
            return
        }
        switch value.templateSection {
        case .flag(let on):
            if !on { render(nodes, context: &context, into: &output) }
        case .list(let isEmpty):
            if isEmpty { render(nodes, with: value, context: &context, into: &output) }
        case .text, .value:
            return
        }
    }

    /// swift-mustache's `getChild`: the first context from the innermost out that has the name's
    /// first part (a nil value counts as not having it), then each further part in what it found.
    /// Each part is an interned name: a context's table answers it by index (`TemplateFields`).
    private func lookUp(_ name: Name, in context: Context) -> (any TemplateValue)? {
        if let key = name.single {
            // The first context from the innermost out that has it, returned as its table gave it:
            // the stack's contexts read where the array holds them, and the value moved once (the
            // general walk below copies each context it asks and moves the value several times;
            // issue 31).
            return context.stack.withUnsafeBufferPointer { stack in
                var index = stack.endIndex
                while index > stack.startIndex {
                    index -= 1
                    if let child = stack[index].templateChild(key) { return child }
                }
                return nil
            }
        }
        var found: (any TemplateValue)?
        if name.keys.isEmpty {
            found = context.stack.last
        } else if name.currentOnly {
            found = context.stack.last.flatMap { Self.follow(name.keys[...], from: $0) }
        } else {
            let first = name.keys[0]
            var index = context.stack.endIndex
            while index > context.stack.startIndex {
                index -= 1
                if let child = context.stack[index].templateChild(first) {
                    found = name.keys.count == 1 ? child : Self.follow(name.keys.dropFirst(), from: child)
                    break
                }
            }
        }
        guard var value = found else { return nil }
        // `empty` is the only transform the templates use (checked at start-up).
        for _ in name.transforms {
            switch value.templateSection {
            case .list(let isEmpty), .text(let isEmpty): value = isEmpty
            case .flag, .value: return nil
            }
        }
        return value
    }

    private static func follow(_ keys: ArraySlice<TemplateName>, from value: any TemplateValue) -> (any TemplateValue)? {
        var value = value
        for key in keys {
            guard let child = value.templateChild(key) else { return nil }
            value = child
        }
        return value
    }

    /// What an optional inside `Any` holds (nil for none); any other value as it is.
    static func unwrappingOptional(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    /// The size of a template's last output. A page's size barely changes from one request to the
    /// next, so its output is reserved at once instead of grown by doubling; under a lock, since
    /// requests render at once on several threads (one uncontended lock a page).
    private final class SizeHint: @unchecked Sendable {
        private let lock = NSLock()
        private var last = 16_384

        var size: Int {
            get { lock.withLock { last } }
            set { lock.withLock { last = max(newValue, 1_024) } }
        }
    }
}

/// A list of view models, as `TemplateNameCheck` (the tests) and `TemplateValues.Dynamic` walk it:
/// swift-mustache's `MustacheSequence`.
protocol TemplateSequence {
    var templateElements: [Any] { get }
    var templateIsEmpty: Bool { get }
}

extension Array: TemplateSequence {
    var templateElements: [Any] { map { $0 as Any } }
    var templateIsEmpty: Bool { isEmpty }
}
