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
            "Tests/CleanStoreTests/Scenes/ExampleScene/ExampleSceneInteractorTests.swift",
            "Tests/CleanStoreTests/Scenes/ExampleScene/ExampleScenePresenterTests.swift",
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
