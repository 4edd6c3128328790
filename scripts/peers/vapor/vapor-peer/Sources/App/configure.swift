import Fluent
import FluentSQLiteDriver
import Leaf
import NIOCore
import SQLKit
import Vapor

func configure(_ app: Application) async throws {
    // Templates and static files are found under app.directory: Resources/Views and Public.
    // Vapor takes it from the working directory; VAPOR_PEER_DIR overrides that.
    if let dir = Environment.get("VAPOR_PEER_DIR") {
        app.directory = DirectoryConfiguration(workingDirectory: dir)
    }

    app.middleware.use(FileMiddleware(publicDirectory: app.directory.publicDirectory))

    let path = Environment.get("DATABASE_PATH") ?? "vapor-peer.sqlite"
    app.databases.use(.sqlite(.file(path)), as: .sqlite)
    app.migrations.add(CreateOrder())

    app.views.use(.leaf)

    app.asyncCommands.use(SeedCommand(), as: "seed")

    try await configureSQLite(app)
    try await app.autoMigrate()

    try routes(app)
}

/// WAL (a property of the file, set once) and synchronous=FULL, a per-connection setting, on
/// every connection of the pool: Fluent keeps one SQLite connection per event loop.
/// (FULL is also SQLite's default in this build; it is set to be explicit.)
private func configureSQLite(_ app: Application) async throws {
    let sql = app.db(.sqlite) as! any SQLDatabase
    try await sql.raw("PRAGMA journal_mode=WAL").run()
    for eventLoop in app.eventLoopGroup.makeIterator() {
        let db = app.databases.database(.sqlite, logger: app.logger, on: eventLoop)! as! any SQLDatabase
        try await db.raw("PRAGMA synchronous=FULL").run()
        let mode = try await db.raw("PRAGMA synchronous").first(decoding: [String: Int].self)
        app.logger.debug("SQLite on \(eventLoop): synchronous=\(mode?["synchronous"] ?? -1) (2 = FULL)")
    }
}
