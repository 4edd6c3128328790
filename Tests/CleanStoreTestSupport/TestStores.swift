import Foundation
import Logging

@testable import CleanStore

/// What test stores are opened with.
enum TestStores {
    /// A logger that drops everything, for stores whose logs a test does not read.
    static let silentLogger = Logger(label: "cleanstore.tests.store") { _ in SwiftLogNoOpLogHandler() }
}

/// Fixed card keys for tests: what a store encrypts is the same key every run.
enum TestCardKeys {
    /// Base64 of the bytes 0, 1, …, 31: the key every test store and test server uses.
    static let base64 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    /// Base64 of the bytes 100, 101, …, 131: another key (a rotation's new one, or a wrong one).
    static let otherBase64 = "ZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7fH1+f4CBgoM="

    static let key = try! CardKey(base64: base64)
    static let other = try! CardKey(base64: otherBase64)
    static let keyring = CardKeyring(current: key)
}

extension OrdersSQLiteStore {
    /// The store on `path`, with the test card key unless `cards` says otherwise, as most tests
    /// open one.
    convenience init(path: String, cards: CardKeyring = TestCardKeys.keyring) throws {
        try self.init(path: path, cards: cards, logger: TestStores.silentLogger)
    }
}
