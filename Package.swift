// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "CleanStoreWeb",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "cleanstore", targets: ["cleanstore"]),
        .executable(name: "new-scene", targets: ["new-scene"]),
        .library(name: "CleanStore", targets: ["CleanStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // Exactly 2.1.1: CompiledTemplates (Sources/CleanStore/Server/CompiledTemplates.swift) reads
        // this version's internals through Mirror (a template's `tokens`, each token's case and
        // fields), which a patch release may rename without breaking its API. Move it up by hand,
        // with CompiledTemplatesTests (its output against swift-mustache's, feature by feature)
        // and the page snapshots green.
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", exact: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already in the graph through hummingbird; named for the connection handler (NIO channel handlers).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        // bcrypt for account passwords (HummingbirdBcrypt only: its sessions are in-memory).
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        // Already in the graph through hummingbird-auth; named for base64url (tokens, ids, keys).
        .package(url: "https://github.com/swift-extras/swift-extras-base64.git", from: "1.2.0"),
        // The JSON API (openapi.yaml): the runtime the generated code in Server/API/Generated needs,
        // and its transport on Hummingbird's router. The generator itself is not a dependency: it is
        // pinned in scripts/openapi-generator (scripts/openapi-generate, scripts/openapi-check).
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", exact: "2.1.0"),
    ],
    targets: [
        .target(
            name: "CleanStore",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                // The webhooks' sender (`WebhookSender`): a connection to the address it checked.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(
            name: "cleanstore",
            dependencies: [
                "CleanStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The scene generator: `swift run new-scene DeleteOrder` writes a scene from Templates/Scene.
        .target(name: "SceneGenerator"),
        .executableTarget(
            name: "new-scene",
            dependencies: ["SceneGenerator", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "SceneGeneratorTests", dependencies: ["SceneGenerator"], exclude: ["__Snapshots__"]),
        // libxml2 from the system (libxml2-dev), wrapped in a small module that tests use
        // to parse every rendered page as XML and check its structure with XPath.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "HTMLCheck", dependencies: ["CLibXML2"]),
        .testTarget(name: "HTMLCheckTests", dependencies: ["HTMLCheck"]),
        // What both test targets use: seeds, spies, test stores, the in-process app and the
        // spawned server. Compiled with testing enabled, as test targets are (`@testable import`).
        .target(
            name: "CleanStoreTestSupport",
            dependencies: [
                "CleanStore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/CleanStoreTestSupport"
        ),
        // Unit tests (Models, Scenes, Workers, Services, Server) and router-level HTTP tests (HTTP/:
        // the whole app in process, through HummingbirdTesting).
        .testTarget(
            name: "CleanStoreTests",
            dependencies: [
                "CleanStore",
                "CleanStoreTestSupport",
                "HTMLCheck",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            exclude: ["HTTP/__Snapshots__", "Services/Fixtures"]
        ),
        // Tests that spawn the `cleanstore` executable (signals, restarts, files, several instances):
        // `swift test --filter CleanStoreProcessTests` runs them apart.
        .testTarget(
            name: "CleanStoreProcessTests",
            dependencies: [
                "CleanStore",
                "CleanStoreTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ]
)
