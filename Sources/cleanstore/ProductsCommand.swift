import ArgumentParser
import CleanStore
import Foundation

/// `cleanstore products …`: the catalog from the command line (the catalog's pages come on top of
/// the same store).
struct ProductsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products",
        abstract: "Import the catalog from a CSV file.",
        subcommands: [ImportProductsCommand.self])
}

/// `cleanstore products import FILE`
struct ImportProductsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update products by SKU from a CSV file, all in one transaction.",
        discussion: """
            The file's first line is exactly \(CatalogCSV.header.joined(separator: ",")). A price is typed as 12, 12.5, \
            12.50 or 1,234.50 (a leading $ allowed); taxable and track_stock are true or false; on_hand is a whole number \
            (empty or 0 when stock is not tracked). A name may hold commas in double quotes. Any bad row refuses the whole \
            file: every problem is listed with its line number, and nothing is imported.
            """)

    @Argument(help: "The CSV file.", completion: .file(extensions: ["csv"]))
    var file: String

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ValidationError("Cannot read \(file): \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ValidationError("\(file) is not UTF-8 text") }
        let logger = store.makeLogger()
        let database = try store.openDatabase(logger: logger)
        if database.description == "memory" {
            throw ValidationError("A catalog in :memory: would be forgotten at once: give --database an SQLite file or a PostgreSQL URL")
        }
        let products = database.products
        let result = try await database.use { try await CatalogImport.importCSV(text, into: products, by: nil, at: Date()) }
        print(CatalogImport.summary(result))
    }
}
