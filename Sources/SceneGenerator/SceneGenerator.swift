import Foundation

/// Writes a new scene from the templates in `Templates/Scene`: its six source files, its view and
/// its tests, in the house style of the hand-written scenes ("The Systematic Steps": then fill
/// in the blanks).
public struct SceneGenerator {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notAnIdentifier(String)
        case sceneExists(String)
        case noTemplates(String)
        case noAnchor(file: String, line: String)

        public var description: String {
            switch self {
            case .notAnIdentifier(let name):
                return "\(name.debugDescription) is not a scene name: use a Swift type name such as DeleteOrder (letters and digits, starting with a capital)."
            case .sceneExists(let path):
                return "\(path) already exists: new-scene never overwrites a scene."
            case .noTemplates(let path):
                return "No scene templates in \(path)."
            case .noAnchor(let file, let line):
                return "\(file) has no line `\(line)` to add the scene's wiring after: add it by hand."
            }
        }
    }

    /// The package's folder (where `Package.swift` and `Templates/Scene` are).
    public let packageRoot: URL

    public init(packageRoot: URL) {
        self.packageRoot = packageRoot
    }

    static let keywords: Set<String> = [
        "Any", "Self", "Type", "Protocol", "Never", "String", "Int", "Order", "Address", "Flash", "Response", "Request",
    ]

    /// Throws unless `name` can name a scene: an UpperCamelCase Swift identifier not already a type here.
    public static func validate(name: String) throws {
        guard let first = name.unicodeScalars.first, first.properties.isUppercase, first.isASCII,
            name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0)) }),
            !keywords.contains(name)
        else { throw Failure.notAnIdentifier(name) }
    }

    /// The files the scene gets: path relative to the package → contents.
    public func files(forScene name: String) throws -> [(path: String, contents: String)] {
        try Self.validate(name: name)
        let templates = packageRoot.appendingPathComponent("Templates/Scene")
        guard let enumerator = FileManager.default.enumerator(atPath: templates.path) else {
            throw Failure.noTemplates(templates.path)
        }
        let lowerName = name.prefix(1).lowercased() + name.dropFirst()
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "__Scene__", with: name).replacingOccurrences(of: "__scene__", with: lowerName)
        }
        var files: [(String, String)] = []
        for case let path as String in enumerator where path.hasSuffix(".template") {
            let contents = try String(contentsOf: templates.appendingPathComponent(path), encoding: .utf8)
            files.append((fill(String(path.dropLast(".template".count))), fill(contents)))
        }
        guard !files.isEmpty else { throw Failure.noTemplates(templates.path) }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The lines that wire a generated scene into the app, each with the file and the line it goes
    /// after: its path, its route, its template, and its page's sample for `TemplateNamesTests`
    /// (which holds every required template and its view model's table to each other). The generator prints them and never edits the
    /// hand-written files itself (`scripts/check-new-scene` applies them to prove they build).
    public static func wiring(forScene name: String) throws -> [(file: String, after: String, lines: String)] {
        try validate(name: name)
        let lowerName = name.prefix(1).lowercased() + name.dropFirst()
        // DeleteOrder → /delete-order
        let path = "/" + name.unicodeScalars.enumerated().map { index, scalar in
            let letter = String(scalar).lowercased()
            return index > 0 && scalar.properties.isUppercase ? "-" + letter : letter
        }.joined()
        return [
            (
                "Sources/CleanStore/Server/App/Paths.swift", "public enum Paths {",
                "    public static let \(lowerName) = AppPath(\"\(path)\")"
            ),
            (
                "Sources/CleanStore/Server/App/Routes.swift", "        return [",
                """
                            Route(method: .get, path: Paths.\(lowerName)) { _, context in
                                await \(name)ViewController(environment: environment.serving(context), browser: context.browser).doSomething()
                            },
                """
            ),
            (
                "Sources/CleanStore/Server/Rendering/PageRenderer.swift", "    public static let requiredTemplates = [",
                "        \"\(name)/something\","
            ),
            (
                "Tests/CleanStoreTests/Server/ViewModelSamples.swift", "    static var scenePages: [(template: String, sample: Any)] { [",
                "        (\"\(name)/something\", \(name)ViewControllerTests.viewModel),"
            ),
        ]
    }

    /// Adds the scene's wiring (`wiring(forScene:)`) to the app's files, each after its line.
    public func wire(scene name: String) throws {
        let edits = try Self.wiring(forScene: name).map { wiring in
            let url = packageRoot.appendingPathComponent(wiring.file)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            guard let anchor = lines.firstIndex(of: wiring.after) else {
                throw Failure.noAnchor(file: wiring.file, line: wiring.after)
            }
            lines.insert(wiring.lines, at: anchor + 1)
            return (url, lines.joined(separator: "\n"))
        }
        // Only once every anchor is found, so a failure leaves every file as it was.
        for (url, contents) in edits {
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Writes the scene's files; refuses when the scene, or any file it would write, exists.
    @discardableResult
    public func generate(scene name: String) throws -> [String] {
        let files = try files(forScene: name)
        let sceneFolder = "Sources/CleanStore/Scenes/\(name)"
        let fileManager = FileManager.default
        for path in [sceneFolder] + files.map(\.path) where fileManager.fileExists(atPath: packageRoot.appendingPathComponent(path).path) {
            throw Failure.sceneExists(path)
        }
        for file in files {
            let url = packageRoot.appendingPathComponent(file.path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return files.map(\.path)
    }
}
