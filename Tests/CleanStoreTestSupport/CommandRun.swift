import Foundation

@testable import CleanStore

/// Runs the real `cleanstore` with `arguments` (a subcommand that exits: backup, migrate, check…)
/// from the repository root, with the test card key unless `environment` says otherwise, and
/// returns its exit status and everything it printed. `input`, when given, is its standard input.
func runCleanStore(_ arguments: [String], environment: [String: String?] = [:], input: String? = nil) throws -> (
    status: Int32, output: String
) {
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
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// A port of 127.0.0.1 nothing listens on now, chosen at random below the ephemeral range.
func freeLoopbackPort() throws -> Int {
    // Below the kernel's ephemeral range: a server started with --port 0 (which the kernel gives a
    // port from that range) can never be handed this one after it is released.
    let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
        .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    let low = min(range?.first ?? 32768, 32768)
    for _ in 0..<200 {
        let port = Int.random(in: 20000..<max(20001, low))
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        if bound { return port }
    }
    throw POSIXError(.EADDRINUSE)
}
