import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Templates read view models through their tables (`TemplateParent`, answering `MustacheParent` too)
/// (`ViewModels+Mustache.swift`), and swift-mustache renders a name it cannot find as nothing. So
/// every stored property of every view model a template sees must be reachable by its name (but
/// a page's title, which the view controller reads: `TemplateNamesTests`), and answer its value.
final class ViewModelRenderingTests: XCTestCase {
    /// Every stored property of `value` (found by reflection) that `child(named:)` does not answer.
    func unreachableProperties(of value: some MustacheParent) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label).filter { value.child(named: $0) == nil }
    }

    /// Every stored property of `value` whose name `child(named:)` answers with something else
    /// (a `case "name": name` inside `child(named name:)` answers the parameter, not the property).
    func misansweredProperties(of value: some MustacheParent) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let label = child.label, let answer = value.child(named: label) else { return nil }
            return text(answer) == text(child.value) ? nil : label
        }
    }

    /// A value as text, without the `Optional(…)` that one side of the comparison has.
    func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        return mirror.children.first.map { text($0.value) } ?? "nil"
    }

    /// Every view model in `ViewModelSamples`' pages, and every view model inside them.
    func viewModels(in value: Any) -> [(String, any MustacheParent)] {
        var found: [(String, any MustacheParent)] = []
        if let parent = value as? any MustacheParent, !(value is [String: Any]) {
            found.append((String(String(reflecting: type(of: value)).drop { $0 != "." }.dropFirst()), parent))
        }
        for child in Mirror(reflecting: value).children {
            found += viewModels(in: child.value)
        }
        if let dictionary = value as? [String: Any] {
            for element in dictionary.values { found += viewModels(in: element) }
        }
        return found
    }

    func testEveryStoredPropertyOfEveryViewModelIsReachableFromTheTemplates() {
        let all = ViewModelSamples.pages.flatMap { viewModels(in: $0.sample) }
        XCTAssertGreaterThan(all.count, 36)
        for (name, viewModel) in all {
            let titleOfThePage = TemplateNamesTests.readByTheViewControllers.contains("\(name).title")
            XCTAssertEqual(
                unreachableProperties(of: viewModel).filter { !(titleOfThePage && $0 == "title") }, [],
                "\(name): add these to its template table (TemplateParent)")
            XCTAssertEqual(misansweredProperties(of: viewModel), [], "\(name): these names answer something other than their property")
        }
    }

    func testAPropertyLeftOutOfTheConformanceIsFound() {
        struct Incomplete: MustacheParent {
            var listed = "yes"
            var forgotten = "no"
            func child(named name: String) -> Any? { name == "listed" ? listed : nil }
        }
        XCTAssertEqual(unreachableProperties(of: Incomplete()), ["forgotten"])
    }

    func testANameThatAnswersTheParameterIsFound() {
        struct Shadowed: MustacheParent {
            var name = "username"
            var value: String? = "sam"
            func child(named name: String) -> Any? {
                switch name {
                case "name": name
                case "value": value
                default: nil
                }
            }
        }
        XCTAssertEqual(misansweredProperties(of: Shadowed()), ["name"])
    }
}
