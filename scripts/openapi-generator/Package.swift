// swift-tools-version:6.2
// The OpenAPI generator, pinned, in a package of its own: `scripts/openapi-generate` runs it to
// write Sources/CleanStore/Server/API/Generated from openapi.yaml, and `scripts/openapi-check`
// (CI) regenerates into a scratch folder and fails when anything differs. The app's own build never
// builds the generator (see docs/NOTES.md, "The JSON API").
import PackageDescription

let package = Package(
    name: "openapi-generator-tool",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", exact: "1.14.3"),
    ],
    targets: []
)
