import ArgumentParser
import CleanStore
import Foundation
import Hummingbird
import Logging

@main
struct CleanStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cleanstore",
        abstract: "CleanStore Web: create, list, show and edit orders from a browser.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "The SQLite database file (created when missing), or :memory: for a store that forgets on exit.")
    var database = "cleanstore.sqlite"

    @Option(help: "The folder holding the page templates.")
    var views = "Views"

    @Option(name: .customLong("public"), help: "The folder of static files (CSS, scripts).")
    var publicDirectory = "Public"

    @Option(help: "The log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: String = ProcessInfo.processInfo.environment["LOG_LEVEL"] ?? "info"

    func run() async throws {
        var logger = Logger(label: "cleanstore")
        logger.logLevel = Logger.Level(rawValue: logLevel.lowercased()) ?? .info

        let store: any OrdersStoreProtocol
        if database == ":memory:" {
            store = OrdersMemStore()
        } else {
            store = try OrdersSQLiteStore(path: database)
        }
        let pages = try await PageRenderer(directory: views)
        let environment = SceneEnvironment(ordersStore: store, pages: pages)
        logger.info("Serving orders from \(database == ":memory:" ? "memory" : database)")
        let app = buildApplication(
            environment: environment,
            configuration: AppConfiguration(host: host, port: port, publicDirectory: publicDirectory),
            logger: logger)
        try await app.runService()
    }
}
