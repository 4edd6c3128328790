import AsyncHTTPClient
import Foundation
import XCTest

/// A test case with a fresh folder of its own for each test (`directory`), removed afterwards:
/// for database files, key files and their copies.
class TemporaryDirectoryTestCase: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cleanstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    /// `orders.sqlite` in the test's folder.
    var databasePath: String { directory.appendingPathComponent("orders.sqlite").path }

    /// A copy of the file at `path` alone (without its -wal and -shm), in a folder of its own.
    func copyAlone(_ path: String) throws -> String {
        let folder = directory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    /// The permission bits of the file at `path` (0o600 for the owner's only).
    func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue & 0o777
    }
}

/// A test case of the real executable (`ServerProcess`): a folder of its own and an HTTP client
/// that follows no redirect (redirects are what is tested).
class ProcessTestCase: TemporaryDirectoryTestCase {
    var client: HTTPClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
    }

    override func tearDown() async throws {
        try await client.shutdown()
        try await super.tearDown()
    }
}
