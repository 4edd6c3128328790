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
/// start-up, each context cast to `MustacheParent` once when it is pushed (not at every look-up),
/// a list of view models pushed row by row without a cast per row (`ParentSequence`), one stack
/// pushed and popped for the whole page, and one output string. The semantics are swift-mustache's (2.1.1, pinned
/// exactly in Package.swift, since its tokens are read through `Mirror`), for the parts our
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
    }

    indirect enum Node: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool, [Node])
        case partial(String, indentation: String?, overrides: [String: [Node]]?)
        case block(String, defaultNodes: [Node], indentation: String?)
    }

    private(set) var templates: [String: [Node]] = [:]

    /// Every template that `names` use, read from swift-mustache's parse of them.
    init(library: MustacheLibrary, names: [String]) throws {
        for name in names {
            try add(name, from: library)
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

    /// A context on the stack: cast to `MustacheParent` once, when pushed.
    private enum Frame {
        case parent(any MustacheParent)
        case other(Any)

        init(_ value: Any) {
            // Text is the commonest section value that is no `MustacheParent`: known without asking
            // the runtime for a conformance (a look-up in its hash table, 4.5% of a list page).
            if value is String {
                self = .other(value)
            } else if let parent = value as? any MustacheParent {
                self = .parent(parent)
            } else {
                self = .other(value)
            }
        }

        var value: Any {
            switch self {
            case .parent(let parent): parent
            case .other(let value): value
            }
        }

        func child(named name: String) -> Any? {
            switch self {
            case .parent(let parent): return parent.child(named: name)
            case .other(let value): return Self.mirrorChild(named: name, of: value)
            }
        }

        /// swift-mustache's look-up in a value that is no `MustacheParent`: its stored property.
        static func mirrorChild(named name: String, of value: Any) -> Any? {
            guard let matched = Mirror(reflecting: value).children.first(where: { $0.label == name }) else { return nil }
            return CompiledTemplates.unwrappingOptional(matched.value)
        }
    }

    /// What a template sees while it renders: the contexts, innermost last (one array for the
    /// whole page, pushed and popped, not copied for each row), and the partial's indentation and
    /// blocks.
    private struct Context {
        var stack: [Frame]
        var indentation: String?
        var overrides: [String: [Node]]?
    }

    /// Renders the template `name` with `object` as its context ("" for a template it does not have).
    func render(_ object: Any, template name: String) -> String? {
        guard let nodes = templates[name] else { return nil }
        var output = ""
        output.reserveCapacity(16_384)
        var context = Context(stack: [Frame(object)])
        context.stack.reserveCapacity(8)
        render(nodes, context: &context, into: &output)
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
            let text = Self.text(of: value)
            output += escaped ? HTMLEscaping.escape(text) : text
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

    /// A variable's text: swift-mustache's `String(describing:)` of the value (an optional's
    /// content), with the kinds the view models hold taken without `Mirror`.
    private static func text(of value: Any) -> String {
        if let text = value as? String { return text }
        if let number = value as? Int { return String(number) }
        if let flag = value as? Bool { return String(flag) }
        return String(describing: unwrappingOptional(value) ?? value)
    }

    /// Renders `nodes` with `value` pushed on the stack.
    private func render(_ nodes: [Node], with frame: Frame, context: inout Context, into output: inout String) {
        context.stack.append(frame)
        render(nodes, context: &context, into: &output)
        context.stack.removeLast()
    }

    private func renderSection(_ value: Any?, _ nodes: [Node], context: inout Context, into output: inout String) {
        // The cheap checks first (no value, a flag, text); the runtime's conformance look-ups only
        // for what may be a list.
        guard let value else { return }
        if let flag = value as? Bool {
            if flag { render(nodes, context: &context, into: &output) }
        } else if value is String {
            render(nodes, with: .other(value), context: &context, into: &output)
        } else if let parents = value as? any ParentSequence {
            // A list of view models: each already a `MustacheParent`, no cast per row.
            for parent in parents.templateParents {
                render(nodes, with: .parent(parent), context: &context, into: &output)
            }
        } else if let sequence = value as? any TemplateSequence {
            for element in sequence.templateElements {
                render(nodes, with: Frame(element), context: &context, into: &output)
            }
        } else {
            render(nodes, with: Frame(value), context: &context, into: &output)
        }
    }

    private func renderInverted(_ value: Any?, _ nodes: [Node], context: inout Context, into output: inout String) {
        guard let value else {
            render(nodes, context: &context, into: &output)
            return
        }
        if let flag = value as? Bool {
            if !flag { render(nodes, context: &context, into: &output) }
        } else if value is String {
            return
        } else if let sequence = value as? any TemplateSequence {
            guard sequence.templateIsEmpty else { return }
            render(nodes, with: Frame(sequence), context: &context, into: &output)
        }
    }

    /// swift-mustache's `getChild`: the first context from the innermost out that has the name's
    /// first part (a nil value counts as not having it), then each further part in what it found.
    private func lookUp(_ name: Name, in context: Context) -> Any? {
        var found: Any?
        if name.path.isEmpty {
            found = context.stack.last?.value
        } else if name.currentOnly {
            found = context.stack.last.flatMap { Self.follow(name.path[...], from: $0) }
        } else {
            let first = name.path[0]
            var index = context.stack.endIndex
            while index > context.stack.startIndex {
                index -= 1
                if let child = context.stack[index].child(named: first) {
                    found = name.path.count == 1 ? child : Self.follow(name.path.dropFirst(), from: Frame(child))
                    break
                }
            }
        }
        guard var value = found else { return nil }
        if name.transforms.isEmpty { return value }
        for transform in name.transforms.reversed() {
            // `empty` is the only transform the templates use (checked at start-up).
            if transform == "empty", let sequence = value as? any TemplateSequence {
                value = sequence.templateIsEmpty
            } else if transform == "empty", let text = value as? String {
                value = text.isEmpty
            } else {
                return nil
            }
        }
        return value
    }

    private static func follow(_ path: ArraySlice<String>, from frame: Frame) -> Any? {
        guard let first = path.first else { return frame.value }
        guard let child = frame.child(named: first) else { return nil }
        return follow(path.dropFirst(), from: Frame(child))
    }

    /// What an optional inside `Any` holds (nil for none); any other value as it is.
    private static func unwrappingOptional(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}

/// A list of view models the templates read through `MustacheParent`: one conformance look-up for
/// the list, none for each of its rows (`[DisplayedOrder]`, the fifty rows of the list page).
protocol ParentSequence {
    var templateParents: [any MustacheParent] { get }
}

extension Array: ParentSequence where Element: MustacheParent {
    var templateParents: [any MustacheParent] { map { $0 } }
}

/// What a section iterates: an array of view models (swift-mustache's `MustacheSequence`).
protocol TemplateSequence {
    var templateElements: [Any] { get }
    var templateIsEmpty: Bool { get }
}

extension Array: TemplateSequence {
    var templateElements: [Any] { map { $0 as Any } }
    var templateIsEmpty: Bool { isEmpty }
}
