import ArgumentParser
import CleanStore
import Foundation

/// `cleanstore seed N`: N made-up orders for benchmarks (scripts/bench), written through the store's
/// own code (`BenchmarkSeed`): real card ciphertexts under the database's card key, real search
/// columns, numbers from the counter, one transaction a batch.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Add N made-up orders for benchmarks (scripts/bench), through the store's own code.",
        discussion: """
            The orders are scripts/bench's: one second apart, the newest a minute ago, names cycling through 40 first \
            and 100 last names, a test card (4111 1111 1111 1111) encrypted under the database's card key, no lines. \
            They are written --batch-size at a time, each batch in one transaction. A database that holds any order \
            is refused unless --force: seeded orders must never land among a shop's real ones by a mistyped --database.
            """)

    @Argument(help: "How many orders to add.")
    var count: Int

    @Option(help: "Orders written in one transaction.")
    var batchSize: Int = 1_000

    @Flag(help: "Add the orders even when the database already holds some.")
    var force = false

    @OptionGroup
    var store: StoreOptions

    func validate() throws {
        guard count > 0 else { throw ValidationError("Give a number of orders from 1 up") }
        guard batchSize > 0 else { throw ValidationError("--batch-size takes a number from 1 up") }
    }

    func run() async throws {
        let logger = store.makeLogger()
        let database = try store.openDatabase(logger: logger)
        if database.description == "memory" {
            throw ValidationError("Orders seeded in :memory: would be forgotten at once: give --database an SQLite file or a PostgreSQL URL")
        }
        let seed = BenchmarkSeed(store: database.store, batchSize: batchSize)
        let (count, force) = (count, force)
        let started = ContinuousClock.now
        let written: Int
        do {
            written = try await database.use {
                try await seed.seed(count, now: Date(), force: force) { done in
                    // One line a tenth of the way (and at the end), to stderr: stdout is the summary alone.
                    if done == count || done * 10 / count != max(0, done - seed.batchSize) * 10 / count {
                        FileHandle.standardError.write(Data("Seeded \(done) of \(count) orders\n".utf8))
                    }
                }
            }
        } catch let refusal as BenchmarkSeed.Refusal {
            throw ValidationError(refusal.description)
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("Seeded \(written) orders in \(String(format: "%.1f", seconds)) s (\(database.description))")
    }
}
