import ArgumentParser
import CleanStore
import Logging

/// `cleanstore rotate-card-key`: re-encrypts every card number not under the current card key.
struct RotateCardKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-card-key",
        abstract: "Re-encrypt every card number under the current card key (safe while servers serve).",
        discussion: """
            Give the new key as the current one (--card-key-file or CLEANSTORE_CARD_KEY) and each older key with \
            --previous-card-key-file. Restart the servers with the same keys first, so that what they write is \
            under the new key. Rows are re-encrypted 200 to a transaction; order versions do not change, and a \
            row a server changes meanwhile is left as the server wrote it. When no row is left under an older \
            key, restart the servers without it: it is no longer needed.
            """)

    @OptionGroup
    var store: StoreOptions

    @Option(help: "Rows re-encrypted per transaction.")
    var batchSize = 200

    func validate() throws {
        guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1") }
    }

    func run() async throws {
        let logger = store.makeLogger()
        let database = try store.openDatabase(logger: logger)
        guard let rotation = database.cardKeyRotation else {
            throw ValidationError("\(database.description) keeps no card number at rest: nothing to re-encrypt")
        }
        let batchSize = self.batchSize
        let outcome = try await database.use { try await rotation.rotateCardKey(batchSize: batchSize) }
        logger.notice(
            "Re-encrypted \(outcome.reencrypted) card numbers under the current card key",
            metadata: ["remaining under other keys": "\(outcome.remaining)"])
        guard outcome.remaining == 0 else {
            logger.error(
                "\(outcome.remaining) card numbers are still under another key: a server still writes with an old key as its current one. Restart every server with the new key, then run rotate-card-key again")
            throw ExitCode.failure
        }
    }
}
