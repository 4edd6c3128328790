import ArgumentParser
import CleanStore
import Foundation

/// What a server needs beside its database, shared by `serve` and `check`: the templates, the
/// static files and the secret.
struct AppOptions: ParsableArguments {
    @Option(help: "The folder holding the page templates.")
    var views = "Views"

    @Option(name: .customLong("public"), help: "The folder of static files (CSS, scripts).")
    var publicDirectory = "Public"

    @Option(
        help: ArgumentHelp(
            "The secret that signs browser ids, forms' CSRF tokens and redirect messages, 32 bytes or more (default: $CLEANSTORE_SECRET). Prefer --secret-file or the environment: a command line is visible to every user of the machine.",
            discussion: "Give every instance behind one load balancer the same secret. Without one, a random secret is made at start-up: forms opened before a restart are then refused."))
    var secret: String?

    @Option(help: "A file whose first line is the secret (instead of --secret).")
    var secretFile: String?

    @Option(help: "The JSON API's spec, served at /api/v1/openapi.yaml.")
    var apiSpec = "openapi.yaml"

    /// The spec's text, or nil (then not served) when the file cannot be read.
    func readAPISpec() -> String? {
        try? String(contentsOfFile: apiSpec, encoding: .utf8)
    }

    /// The secret given, if any (read here, not as an option's default: --help prints defaults;
    /// never logged). Throws, saying why, for a short secret or an unreadable file.
    func givenSecret() throws -> String? {
        do {
            return try RequestSecurity.secret(option: secret, file: secretFile, environment: ProcessInfo.processInfo.environment)
        } catch let error as RequestSecurity.SecretError {
            throw ValidationError(error.description)
        }
    }
}
