import Foundation
import Mustache

// What `CompiledTemplates` renders: values that answer the templates' names by index and write
// their own text, so that a page is rendered without a string comparison or a dynamic cast per
// value.
//
// Why by hand: swift-mustache looks every name up at render time with `MustacheParent.child(named:)`
// (our view models answered it with a `switch` over strings: a miss compares every case) and
// casts each value it gets back (`Bool`? a sequence? a `MustacheParent`?). It offers no way to
// resolve a name once, nor typed values. Here each template's names are interned once, when the
// templates are read at start-up (`TemplateName`), and each view model type's table
// (`TemplateFields`, built once, at its first use) maps an interned name to the closure that reads
// the property: a look-up is an array index, a value says itself what it is (`TemplateSection`)
// and writes its own text, through the protocol's witness table, not the runtime's casts.

/// A name a template reads (one part of a dotted name), interned: the same text is the same number
/// everywhere, which indexes every view model type's table.
struct TemplateName: Hashable, Sendable {
    let id: Int
    let text: String

    init(_ text: String) {
        self.text = text
        id = Self.registry.id(for: text)
    }

    /// The interned name for `text`, nil when no template or table has used it (a look-up of a
    /// name that nothing knows, which must not grow the registry).
    static func existing(_ text: String) -> TemplateName? {
        registry.existingID(for: text).map { TemplateName(id: $0, text: text) }
    }

    private init(id: Int, text: String) {
        self.id = id
        self.text = text
    }

    /// Every name interned so far. Used while templates are read and tables are built, not while
    /// a page renders.
    private static let registry = Registry()

    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [String: Int] = [:]

        func id(for text: String) -> Int {
            lock.withLock {
                if let id = ids[text] { return id }
                let id = ids.count
                ids[text] = id
                return id
            }
        }

        func existingID(for text: String) -> Int? {
            lock.withLock { ids[text] }
        }
    }
}

/// How a section treats a value (swift-mustache's rules): a flag shows its content or not, text
/// and any other value are pushed as the context, a list repeats the content for each element.
/// `empty` applies to text and lists.
enum TemplateSection {
    case value
    case flag(Bool)
    case text(isEmpty: Bool)
    case list(isEmpty: Bool)
}

/// A value a template can read.
protocol TemplateValue {
    /// The value of `name` in this value, nil when it has none (a nil optional counts as none).
    func templateChild(_ name: TemplateName) -> (any TemplateValue)?
    /// Writes `{{name}}`'s text: swift-mustache's `String(describing:)`, HTML-escaped unless `{{{ }}}`.
    func appendTemplateText(to output: inout String, escaped: Bool)
    /// What a section of this value does.
    var templateSection: TemplateSection { get }
    /// A list's count (0 for any other value).
    var templateCount: Int { get }
    /// A list's element at `index` (the value itself for any other value).
    func templateElement(at index: Int) -> any TemplateValue
}

extension TemplateValue {
    func templateChild(_ name: TemplateName) -> (any TemplateValue)? { nil }

    func appendTemplateText(to output: inout String, escaped: Bool) {
        String(describing: self).appendTemplateText(to: &output, escaped: escaped)
    }

    var templateSection: TemplateSection { .value }
    var templateCount: Int { 0 }
    func templateElement(at index: Int) -> any TemplateValue { self }
}

/// A view model: its table says which names the templates may read and how each is read.
/// It is also a `MustacheParent` (its `child(named:)` answers from the same table), which the
/// tests' walks of the templates use.
protocol TemplateParent: TemplateValue, MustacheParent {
    /// The names the templates read of this type, each with the closure that reads it.
    static var templateFields: TemplateFields<Self> { get }
}

extension TemplateParent {
    @inline(__always)
    func templateChild(_ name: TemplateName) -> (any TemplateValue)? {
        Self.templateFields.value(name, of: self)
    }

    func child(named name: String) -> Any? {
        // The table first: making it interns its names, so a name it has is never unknown.
        let fields = Self.templateFields
        guard let name = TemplateName.existing(name), let value = fields.value(name, of: self) else { return nil }
        return (value as? TemplateValues.Dynamic)?.value ?? value as Any
    }
}

/// A view model type's table: its names, each resolved to an index once (when the table is made,
/// at the type's first use), and the closures reading them. Written as a dictionary literal,
/// `["name": { $0.name }]`; a closure's value becomes a `TemplateValue` where it is written (an
/// optional's none becomes no value), so nothing is cast when it is read.
struct TemplateFields<Root>: ExpressibleByDictionaryLiteral, Sendable {
    typealias Read = @Sendable (Root) -> (any TemplateValue)?

    /// The names, in the order written.
    let names: [String]
    /// By a name's interned number: its closure's index in `reads` plus one (0: not in this table).
    private let slots: [UInt16]
    private let reads: [Read]

    init(dictionaryLiteral elements: (String, Read)...) {
        var slots: [UInt16] = []
        for (index, (name, _)) in elements.enumerated() {
            let id = TemplateName(name).id
            if id >= slots.count {
                slots += repeatElement(0, count: id - slots.count + 1)
            }
            precondition(slots[id] == 0, "\(Root.self)'s template table names \(name) twice")
            slots[id] = UInt16(index + 1)
        }
        self.slots = slots
        names = elements.map(\.0)
        reads = elements.map(\.1)
    }

    /// The value of `name` in `root`: an array index and the closure's property read.
    @inline(__always)
    func value(_ name: TemplateName, of root: Root) -> (any TemplateValue)? {
        guard name.id < slots.count else { return nil }
        let slot = Int(slots[name.id])
        guard slot > 0 else { return nil }
        return reads[slot - 1](root)
    }
}

// MARK: The kinds of value the view models hold

extension String: TemplateValue {
    func appendTemplateText(to output: inout String, escaped: Bool) {
        if escaped {
            HTMLEscaping.escape(self, into: &output)
        } else {
            output += self
        }
    }

    var templateSection: TemplateSection { .text(isEmpty: isEmpty) }
}

extension Int: TemplateValue {
    func appendTemplateText(to output: inout String, escaped: Bool) {
        output += String(self)
    }
}

extension Bool: TemplateValue {
    func appendTemplateText(to output: inout String, escaped: Bool) {
        output += self ? "true" : "false"
    }

    var templateSection: TemplateSection { .flag(self) }
}

extension Array: TemplateValue where Element: TemplateValue {
    var templateSection: TemplateSection { .list(isEmpty: isEmpty) }
    var templateCount: Int { count }
    func templateElement(at index: Int) -> any TemplateValue { self[index] }
}

/// A dictionary's keys are its names (swift-mustache's `Dictionary: MustacheParent`): the order
/// form's fields, by field name.
extension Dictionary: TemplateValue where Key == String, Value: TemplateValue {
    func templateChild(_ name: TemplateName) -> (any TemplateValue)? {
        self[name.text]
    }
}

// MARK: Anything else

enum TemplateValues {
    /// `value` as a `TemplateValue` if it is one (an optional's content; nil for none).
    static func value(of value: Any) -> (any TemplateValue)? {
        if let typed = value as? any TemplateValue { return typed }
        guard let unwrapped = CompiledTemplates.unwrappingOptional(value) else { return nil }
        if let typed = unwrapped as? any TemplateValue { return typed }
        return Dynamic(value: unwrapped)
    }

    /// A value that is no `TemplateValue`, read as swift-mustache reads it, with casts at each
    /// look-up: a `MustacheParent`'s `child(named:)`, else its stored properties (`Mirror`). No
    /// page of the app renders one (every view model has a table); a test's context may, and so
    /// may a view model added without its table.
    struct Dynamic: TemplateValue {
        let value: Any

        func templateChild(_ name: TemplateName) -> (any TemplateValue)? {
            let child: Any?
            if let parent = value as? any MustacheParent {
                child = parent.child(named: name.text)
            } else {
                child = Mirror(reflecting: value).children.first { $0.label == name.text }?.value
            }
            return child.flatMap(TemplateValues.value(of:))
        }

        func appendTemplateText(to output: inout String, escaped: Bool) {
            String(describing: value).appendTemplateText(to: &output, escaped: escaped)
        }

        var templateSection: TemplateSection {
            if let sequence = value as? any TemplateSequence { return .list(isEmpty: sequence.templateIsEmpty) }
            return .value
        }

        var templateCount: Int {
            (value as? any TemplateSequence)?.templateElements.count ?? 0
        }

        func templateElement(at index: Int) -> any TemplateValue {
            guard let sequence = value as? any TemplateSequence else { return self }
            return TemplateValues.value(of: sequence.templateElements[index]) ?? Dynamic(value: sequence.templateElements[index])
        }
    }
}
