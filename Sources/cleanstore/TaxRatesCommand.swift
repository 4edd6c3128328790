import ArgumentParser
import CleanStore
import Foundation

/// `cleanstore tax-rates …`: the US tax table, loaded from a file (the supervisors' page,
/// `/tax-rates`, reads and changes the same table).
struct TaxRatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tax-rates",
        abstract: "Load the tax table from a CSV file.",
        subcommands: [ImportTaxRatesCommand.self])
}

/// `cleanstore tax-rates import FILE`
struct ImportTaxRatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or replace tax rates from a CSV file, all of them or none.",
        discussion: """
            The first line is exactly \(TaxRatesCSV.header.joined(separator: ",")). A row is a state's two capital \
            letters, a ZIP prefix of 0 to 5 digits (empty for the whole state), the rate as a percentage (8.875), \
            collect and shipping_taxable as true or false, and the first day in force (2020-01-01). A rate at the same \
            state, prefix and first day as a stored one replaces it. A file with any bad row changes nothing: each bad \
            row is listed by its line. deploy/sample-tax-rates.csv is an example.
            """)

    @Argument(help: "The CSV file.")
    var file: String

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        // The file is read and checked whole before the database is opened.
        guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("Cannot read \(file)") }
        guard let text = String(data: data, encoding: .utf8) else { throw ValidationError("\(file) is not UTF-8 text") }
        let rates: [TaxRate]
        switch TaxRatesCSV.rates(from: text) {
        case .success(let read):
            rates = read
        case .failure(let refused):
            var message = "\(file) was not imported (nothing changed): \(refused.problems.count) bad line(s)\n"
            for problem in refused.problems { message += "\(problem)\n" }
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode.failure
        }
        let logger = store.makeLogger()
        let database = try store.openDatabase(logger: logger)
        if database.description == "memory" {
            throw ValidationError("Tax rates in :memory: would be forgotten at once: give --database an SQLite file or a PostgreSQL URL")
        }
        let counts = try await database.use { try await database.taxRates.importRates(rates, by: nil, at: Date()) }
        print("\(rates.count) tax rates: \(counts.added) added, \(counts.updated) updated")
    }
}
