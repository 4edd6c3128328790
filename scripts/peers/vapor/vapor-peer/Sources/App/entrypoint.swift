import Foundation
import Logging
import Vapor

@main
enum Entrypoint {
    static func main() async throws {
        // This binary exists to be benchmarked: without --env or VAPOR_ENV it runs as
        // production (Leaf caches templates, log level notice), not Vapor's usual development.
        let args = CommandLine.arguments
        if ProcessInfo.processInfo.environment["VAPOR_ENV"] == nil,
           !args.contains(where: { $0 == "--env" || $0 == "-e" || $0.hasPrefix("--env=") }) {
            setenv("VAPOR_ENV", "production", 1)
        }

        var env = try Environment.detect()
        try LoggingSystem.bootstrap(from: &env)

        let app = try await Application.make(env)
        do {
            try await configure(app)
            try await app.execute()
        } catch {
            app.logger.report(error: error)
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
