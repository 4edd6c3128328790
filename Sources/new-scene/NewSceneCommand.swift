import ArgumentParser
import Foundation
import SceneGenerator

@main
struct NewSceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-scene",
        abstract: "Generate a Clean Swift scene: view controller, interactor, presenter, router, models, worker, view and tests.")

    @Argument(help: "The scene's name, a Swift type name such as DeleteOrder.")
    var name: String

    @Option(help: "The package's folder (default: the current folder).")
    var packageRoot = FileManager.default.currentDirectoryPath

    @Flag(help: "Also add the scene's path, route and template to the app's files (otherwise they are printed).")
    var wire = false

    func run() throws {
        let generator = SceneGenerator(packageRoot: URL(fileURLWithPath: packageRoot))
        do {
            for path in try generator.generate(scene: name) { print("created \(path)") }
            if wire {
                try generator.wire(scene: name)
                print("\nWired into the app (path, route, template):")
            } else {
                print("\nNext, wire the scene into the app (or run with --wire):")
            }
            for wiring in try SceneGenerator.wiring(forScene: name) {
                print("\nIn \(wiring.file), after the line `\(wiring.after.trimmingCharacters(in: .whitespaces))`:\n\(wiring.lines)")
            }
        } catch let failure as SceneGenerator.Failure {
            throw ValidationError(failure.description)
        }
        print("""

            Then fill in the blanks, in the handbook's order: models, the three protocols, the three
            classes, and their tests.
            """)
    }
}
