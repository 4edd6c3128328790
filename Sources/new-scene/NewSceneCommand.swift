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

    func run() throws {
        let generator = SceneGenerator(packageRoot: URL(fileURLWithPath: packageRoot))
        do {
            for path in try generator.generate(scene: name) { print("created \(path)") }
        } catch let failure as SceneGenerator.Failure {
            throw ValidationError(failure.description)
        }
        print("""

            Next: add the scene's route to Sources/CleanStore/Server/Routes.swift and its template to
            PageRenderer.requiredTemplates, then fill in the blanks: models, the three protocols,
            the three classes, and their tests.
            """)
    }
}
