import Foundation

@testable import CleanStore

/// Runs the real `cleanstore` with `arguments` (a subcommand that exits: backup, migrate, check…)
/// from the repository root, with the test card key unless `environment` says otherwise, and
/// returns its exit status and everything it printed.
func runCleanStore(_ arguments: [String], environment: [String: String?] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = ServerProcess.executable
    process.arguments = arguments
    process.currentDirectoryURL = Repository.root
    var variables = ProcessInfo.processInfo.environment
    variables["CLEANSTORE_CARD_KEY"] = TestCardKeys.base64
    for (name, value) in environment { variables[name] = value }
    process.environment = variables
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
