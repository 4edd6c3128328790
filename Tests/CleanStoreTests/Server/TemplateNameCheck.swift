import Foundation
import Mustache

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Holds the templates in `Views/` and the view models' `TemplateParent` tables
/// (`Sources/CleanStore/Server/Rendering/ViewModels+*.swift`) to each other, both ways: every name a template
/// reads must be exposed by a view model it is rendered with, and every stored property of every
/// view model a template sees must be read by some template, and so must every name a table
/// answers (a table's `case "name":` lines, read from its source).
///
/// It walks the templates as `CompiledTemplates` parsed them and looks names up as it renders them
/// (innermost context out, a nil value counting as none), but down every branch: a section's
/// content whether or not its value is empty or false, an inverted section's too, each element of
/// a list. So it needs samples with everything filled in: a nil optional or an empty list in a
/// sample would hide what the template reads under it, and is itself a finding (`unfilled`).
struct TemplateNameCheck {
    struct Findings: Equatable, CustomStringConvertible {
        /// `template: name` for each name a template reads that none of its contexts exposes.
        var unexposed: [String] = []
        /// `Type.property` for each stored property of a view model that no template reads.
        var unread: [String] = []
        /// `Type.name` for each name a table answers that no template reads (`Type` alone: a table
        /// of a view model that no page shows).
        var unreadEntries: [String] = []
        /// `Type.property` for each nil optional or empty list in a sample.
        var unfilled: [String] = []

        var isEmpty: Bool { self == Findings() }

        var description: String {
            "names no view model exposes: \(unexposed); properties no template reads: \(unread); "
                + "table entries no template reads: \(unreadEntries); properties the samples leave empty: \(unfilled)"
        }
    }

    typealias Node = CompiledTemplates.Node
    let templates: CompiledTemplates
    /// The names each type's table answers, by the type's name (`ListOrders.FetchOrders.ViewModel`).
    var tables: [String: [String]] = [:]

    /// The tables in `source`: each `extension Type: TemplateParent {` line and the `"name": {`
    /// lines after it, as `ViewModels+*.swift` write them (one name a line); or a `MustacheParent`
    /// conformance's `case "name":` lines. Only the check of
    /// entries no template reads depends on reading them; the other two walk the values.
    static func tables(inSource source: String) -> [String: [String]] {
        var tables: [String: [String]] = [:]
        var current: String?
        for line in source.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("extension "), let conformance = [": TemplateParent {", ": MustacheParent {"].first(where: text.hasSuffix) {
                let type = text.dropFirst("extension ".count).dropLast(conformance.count)
                current = String(type)
                tables[String(type), default: []] = []
            } else if let type = current, text.hasPrefix("case \""), let end = text.dropFirst(6).firstIndex(of: "\"") {
                tables[type, default: []].append(String(text[text.index(text.startIndex, offsetBy: 6)..<end]))
            } else if let type = current, text.hasPrefix("\""), text.contains("\": {"), let end = text.dropFirst().firstIndex(of: "\"") {
                tables[type, default: []].append(String(text[text.index(after: text.startIndex)..<end]))
            }
        }
        return tables
    }

    /// The tables of every `ViewModels+*.swift` in `directory`.
    static func tables(inDirectory directory: String) throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: directory)
        where file.hasPrefix("ViewModels+") && file.hasSuffix(".swift") {
            let source = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            tables.merge(Self.tables(inSource: source)) { $0 + $1 }
        }
        return tables
    }

    /// The findings of rendering each page's template with its sample. `readElsewhere` names the
    /// properties (`Type.property`) that code reads instead of a template (a page's title, which
    /// the view controller hands to the layout); they are no finding, unless a table answers them.
    func check(_ pages: [(template: String, sample: Any)], readElsewhere: Set<String> = []) -> Findings {
        let walk = Walk(templates: templates.templates)
        for (template, sample) in pages {
            guard let nodes = templates.templates[template] else {
                walk.findings.unexposed.append("\(template): no such template")
                continue
            }
            walk.push(sample)
            walk.walk(nodes, stack: [sample], overrides: nil, template: template, partials: [])
        }
        var findings = walk.findings
        var readByName: [String: Set<String>] = [:]
        for (type, viewModel) in walk.viewModels {
            let read = walk.reads[type, default: []]
            readByName[viewModel.name] = read
            for property in viewModel.properties where !read.contains(property) && !readElsewhere.contains("\(viewModel.name).\(property)") {
                findings.unread.append("\(viewModel.name).\(property)")
            }
        }
        let properties = Set(walk.viewModels.values.flatMap { viewModel in viewModel.properties.map { "\(viewModel.name).\($0)" } })
        findings.unread += readElsewhere.subtracting(properties).map { "\($0) (listed as read elsewhere: no such property)" }
        for (type, names) in tables {
            guard let read = readByName[type] else {
                findings.unreadEntries.append(type)
                continue
            }
            findings.unreadEntries += names.filter { !read.contains($0) }.map { "\(type).\($0)" }
        }
        findings.unexposed = Array(Set(findings.unexposed)).sorted()
        findings.unread.sort()
        findings.unreadEntries.sort()
        findings.unfilled = Array(Set(findings.unfilled)).sorted()
        return findings
    }

    private final class Walk {
        let templates: [String: [Node]]
        var findings = Findings()
        /// The names read of each view model type, by the type.
        var reads: [ObjectIdentifier: Set<String>] = [:]
        /// Every view model type met: its name and its stored properties.
        var viewModels: [ObjectIdentifier: (name: String, properties: [String])] = [:]

        init(templates: [String: [Node]]) {
            self.templates = templates
        }

        /// A view model is what has a table: a `MustacheParent` other than a dictionary (whose
        /// keys swift-mustache looks up, as the order form's `fields`).
        func isViewModel(_ value: Any) -> Bool {
            value is any MustacheParent && !(value is [String: Any])
        }

        static func typeName(_ value: Any) -> String {
            let name = String(reflecting: type(of: value))
            return name.split(separator: ".", maxSplits: 1).last.map(String.init) ?? name
        }

        /// Notes a view model as met, and what its sample leaves empty.
        func push(_ value: Any) {
            guard isViewModel(value) else { return }
            let properties = Mirror(reflecting: value).children.compactMap { child -> String? in
                guard let label = child.label else { return nil }
                let mirror = Mirror(reflecting: child.value)
                if (mirror.displayStyle == .optional || mirror.displayStyle == .collection) && mirror.children.isEmpty {
                    findings.unfilled.append("\(Self.typeName(value)).\(label)")
                }
                return label
            }
            viewModels[ObjectIdentifier(type(of: value))] = (Self.typeName(value), properties)
        }

        /// `name` in `value` as `CompiledTemplates` looks it up: its table, else a stored property.
        func child(_ name: String, of value: Any) -> Any? {
            if let parent = value as? any MustacheParent {
                guard let found = parent.child(named: name) else { return nil }
                if isViewModel(value) { reads[ObjectIdentifier(type(of: value)), default: []].insert(name) }
                return Self.unwrapped(found)
            }
            return Mirror(reflecting: value).children.first { $0.label == name }.flatMap { Self.unwrapped($0.value) }
        }

        static func unwrapped(_ value: Any) -> Any? {
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { return value }
            return mirror.children.first.flatMap { unwrapped($0.value) }
        }

        func lookUp(_ name: CompiledTemplates.Name, stack: [Any], template: String) -> Any? {
            guard let first = name.path.first else { return stack.last }
            let dotted = (name.currentOnly ? "." : "") + name.path.joined(separator: ".")
            let frames = name.currentOnly ? Array(stack.suffix(1)) : stack.reversed()
            guard var found = frames.lazy.compactMap({ self.child(first, of: $0) }).first else {
                findings.unexposed.append("\(template): \(dotted)")
                return nil
            }
            for part in name.path.dropFirst() {
                guard let next = child(part, of: found) else {
                    findings.unexposed.append("\(template): \(dotted)")
                    return nil
                }
                found = next
            }
            return found
        }

        func walk(_ nodes: [Node], stack: [Any], overrides: [String: [Node]]?, template: String, partials: Set<String>) {
            for node in nodes {
                switch node {
                case .text:
                    continue
                case .variable(let name, _):
                    _ = lookUp(name, stack: stack, template: template)
                case .section(let name, let inverted, let inner):
                    let value = lookUp(name, stack: stack, template: template)
                    if inverted || !name.transforms.isEmpty || value == nil || value is Bool {
                        // Rendered in the same context (when the value is empty, false or none).
                        walk(inner, stack: stack, overrides: overrides, template: template, partials: partials)
                    } else if let sequence = value as? any TemplateSequence {
                        for element in sequence.templateElements {
                            push(element)
                            walk(inner, stack: stack + [element], overrides: overrides, template: template, partials: partials)
                        }
                    } else if let value {
                        push(value)
                        walk(inner, stack: stack + [value], overrides: overrides, template: template, partials: partials)
                    }
                case .partial(let partial, _, let partialOverrides):
                    guard !partials.contains(partial), let inner = templates[partial] else { continue }
                    var merged = overrides
                    if let partialOverrides {
                        merged = overrides.map { $0.merging(partialOverrides) { outer, _ in outer } } ?? partialOverrides
                    }
                    walk(inner, stack: stack, overrides: merged, template: template, partials: partials.union([partial]))
                case .block(let block, let defaultNodes, _):
                    walk(overrides?[block] ?? defaultNodes, stack: stack, overrides: overrides, template: template, partials: partials)
                }
            }
        }
    }
}
