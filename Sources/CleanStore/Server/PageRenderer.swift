import Foundation
import Mustache

/// Renders a scene's template into the app's layout. View controllers talk to it through
/// `PageRendering`, so their tests can use a spy.
public protocol PageRendering: Sendable {
    /// Renders `Views/<template>.mustache` with `context`, inside `Views/layout.mustache`.
    func render(template: String, context: Any, title: String, flash: String?) -> String
}

/// The Mustache (swift-mustache) page renderer. Templates are parsed once, at start-up.
public struct PageRenderer: PageRendering {
    public struct MissingTemplate: Error, CustomStringConvertible {
        public let name: String
        public let directory: String
        public var description: String { "No template \(name).mustache in \(directory)" }
    }

    private let library: MustacheLibrary

    /// Templates every page needs; start-up fails early when one is missing, because
    /// swift-mustache would otherwise render a missing template as nothing.
    public static let requiredTemplates = [
        "layout", "error", "field", "ListOrders/list", "ShowOrder/show", "CreateOrder/form", "DeleteOrder/confirm",
    ]

    public init(library: MustacheLibrary) {
        self.library = library
    }

    /// Loads every `.mustache` file below `directory` (e.g. `Views`).
    public init(directory: String) async throws {
        let library = try await MustacheLibrary(directory: directory)
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw MissingTemplate(name: name, directory: directory)
        }
        self.init(library: library)
    }

    public func render(template: String, context: Any, title: String, flash: String?) -> String {
        let body = library.render(context, withTemplate: template) ?? ""
        let layout = Layout(title: title, flash: flash, body: body)
        return library.render(layout, withTemplate: "layout") ?? body
    }

    /// What the layout prints around every page.
    struct Layout {
        var title: String
        var flash: String?
        var body: String
    }
}
