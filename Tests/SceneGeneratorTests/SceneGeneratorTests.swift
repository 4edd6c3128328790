import Foundation
import SceneGenerator
import XCTest

/// The generator writes exactly the reference files (`__Snapshots__/ExampleScene/…`, which are what
/// the templates give for "ExampleScene"), refuses to overwrite, and rejects names that are no
/// Swift type names. `scripts/check-new-scene` builds and tests a generated scene for real.
final class SceneGeneratorTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/ExampleScene")

    var workspace: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        // A package folder of its own with the real templates.
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("new-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.packageRoot.appendingPathComponent("Templates/Scene"), to: workspace.appendingPathComponent("Templates/Scene"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
        try super.tearDownWithError()
    }

    func testGeneratesTheScenesSourcesViewAndTests() throws {
        let written = try SceneGenerator(packageRoot: workspace).generate(scene: "ExampleScene")
        XCTAssertEqual(written, [
            "Sources/CleanStore/Scenes/ExampleScene/ExampleSceneInteractor.swift",
            "Sources/CleanStore/Scenes/ExampleScene/ExampleSceneModels.swift",
            "Sources/CleanStore/Scenes/ExampleScene/ExampleScenePresenter.swift",
            "Sources/CleanStore/Scenes/ExampleScene/ExampleSceneRouter.swift",
            "Sources/CleanStore/Scenes/ExampleScene/ExampleSceneViewController.swift",
            "Sources/CleanStore/Scenes/ExampleScene/ExampleSceneWorker.swift",
            "Sources/CleanStore/Server/Rendering/ViewModels+ExampleScene.swift",
            "Tests/CleanStoreTests/Scenes/ExampleScene/ExampleSceneInteractorTests.swift",
            "Tests/CleanStoreTests/Scenes/ExampleScene/ExampleScenePresenterTests.swift",
            "Tests/CleanStoreTests/Scenes/ExampleScene/ExampleSceneRouterTests.swift",
            "Tests/CleanStoreTests/Scenes/ExampleScene/ExampleSceneViewControllerTests.swift",
            "Tests/CleanStoreTests/Scenes/ExampleScene/ExampleSceneWorkerTests.swift",
            "Views/ExampleScene/something.mustache",
        ])
        let record = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all"
        for path in written {
            let generated = try String(contentsOf: workspace.appendingPathComponent(path), encoding: .utf8)
            let reference = Self.references.appendingPathComponent(path)
            if record {
                try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
                try generated.write(to: reference, atomically: true, encoding: .utf8)
            }
            XCTAssertEqual(generated, try String(contentsOf: reference, encoding: .utf8), path)
            XCTAssertFalse(generated.contains("__Scene__") || generated.contains("__scene__"), path)
        }
    }

    func testWiringAddsThePathTheRouteTheTemplateAndItsSampleAfterTheirLines() throws {
        // Given: the app's four files, as they are
        for file in ["Sources/CleanStore/Server/App/Paths.swift", "Sources/CleanStore/Server/App/Routes.swift",
                     "Sources/CleanStore/Server/Rendering/PageRenderer.swift", "Tests/CleanStoreTests/Server/ViewModelSamples.swift"] {
            let target = workspace.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent(file), to: target)
        }

        // When
        try SceneGenerator(packageRoot: workspace).wire(scene: "ExampleScene")

        // Then
        func text(_ file: String) throws -> String {
            try String(contentsOf: workspace.appendingPathComponent("Sources/CleanStore/Server/\(file)"), encoding: .utf8)
        }
        XCTAssert(try text("App/Paths.swift").contains("public enum Paths {\n    public static let exampleScene = AppPath(\"/example-scene\")\n"))
        XCTAssert(try text("App/Routes.swift").contains("""
                    return [
                        Route(method: .get, path: Paths.exampleScene) { _, context in
                            await ExampleSceneViewController(environment: environment.serving(context), browser: context.browser).doSomething()
                        },

            """))
        XCTAssert(try text("Rendering/PageRenderer.swift").contains("requiredTemplates = [\n        \"ExampleScene/something\",\n"))
        let samples = try String(contentsOf: workspace.appendingPathComponent("Tests/CleanStoreTests/Server/ViewModelSamples.swift"), encoding: .utf8)
        XCTAssert(samples.contains("scenePages: [(template: String, sample: Any)] { [\n        (\"ExampleScene/something\", ExampleSceneViewControllerTests.viewModel),\n"))
    }

    func testWiringChangesNothingWhenALineIsMissing() throws {
        // Given: a package whose route table has no `return [` line
        let server = workspace.appendingPathComponent("Sources/CleanStore/Server/App")
        try FileManager.default.createDirectory(at: server, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Sources/CleanStore/Server/App/Paths.swift"), to: server.appendingPathComponent("Paths.swift"))
        try "enum Routes {}\n".write(to: server.appendingPathComponent("Routes.swift"), atomically: true, encoding: .utf8)
        let paths = try String(contentsOf: server.appendingPathComponent("Paths.swift"), encoding: .utf8)

        // When
        XCTAssertThrowsError(try SceneGenerator(packageRoot: workspace).wire(scene: "ExampleScene")) { error in
            // Then
            XCTAssertEqual(error as? SceneGenerator.Failure, .noAnchor(file: "Sources/CleanStore/Server/App/Routes.swift", line: "        return ["))
        }
        XCTAssertEqual(try String(contentsOf: server.appendingPathComponent("Paths.swift"), encoding: .utf8), paths, "Nothing was changed")
    }

    func testRefusesToOverwriteAnExistingScene() throws {
        let generator = SceneGenerator(packageRoot: workspace)
        try generator.generate(scene: "ExampleScene")
        let presenter = workspace.appendingPathComponent("Sources/CleanStore/Scenes/ExampleScene/ExampleScenePresenter.swift")
        try "// filled in by hand".write(to: presenter, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try generator.generate(scene: "ExampleScene")) { error in
            XCTAssertEqual(error as? SceneGenerator.Failure, .sceneExists("Sources/CleanStore/Scenes/ExampleScene"))
        }
        XCTAssertEqual(try String(contentsOf: presenter, encoding: .utf8), "// filled in by hand", "Nothing was overwritten")
    }

    func testRejectsNamesThatAreNotSwiftTypeNames() {
        for name in ["", "deleteOrder", "Delete Order", "Delete-Order", "1Order", "Délete", "Order", "Self", "Delete_Order!"] {
            XCTAssertThrowsError(try SceneGenerator(packageRoot: workspace).generate(scene: name), name) { error in
                XCTAssertEqual(error as? SceneGenerator.Failure, .notAnIdentifier(name))
            }
        }
        XCTAssertNoThrow(try SceneGenerator.validate(name: "DeleteOrder2"))
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: workspace.path)) ?? []
        XCTAssertEqual(folders, ["Templates"], "A rejected name writes nothing")
    }
}
