import Foundation
import Logging

@testable import CleanStore

/// What test stores are opened with.
enum TestStores {
    /// A logger that drops everything, for stores whose logs a test does not read.
    static let silentLogger = Logger(label: "cleanstore.tests.store") { _ in SwiftLogNoOpLogHandler() }
}

extension OrdersSQLiteStore {
    /// The store on `path`, as most tests open one.
    convenience init(path: String) throws {
        try self.init(path: path, logger: TestStores.silentLogger)
    }
}
