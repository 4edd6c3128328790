import Foundation
import Logging

/// The samples a newcomer may load from the first-supervisor set-up page (`SetUpInteractor`), so
/// that an order can be placed minutes after `swift run cleanstore`: the sample catalog
/// (`deploy/sample-catalog.csv`), imported through the same code as `cleanstore products import`
/// (`CatalogImport`). The one call site of the set-up's samples: the tax table's sample goes here
/// beside the catalog's.
struct SampleDataWorker {
    let products: any ProductsStoreProtocol
    let taxRates: any TaxRatesStoreProtocol
    /// The sample catalog's CSV, relative to the working directory as `Views/` is; the sample tax
    /// table (`sample-tax-rates.csv`, imported as `cleanstore tax-rates import` does) is beside it.
    let catalogPath: String
    let logger: Logger
    let now: @Sendable () -> Date

    var taxRatesPath: String { URL(fileURLWithPath: catalogPath).deletingLastPathComponent().appendingPathComponent("sample-tax-rates.csv").path }

    /// What loading the samples came to (the log says it too).
    enum Outcome: Equatable, Sendable {
        /// The catalog's import, and how many tax rates the table holds of the sample's.
        case loaded(ProductImportResult, taxRates: Int)
        /// A file is missing, unreadable or refused, or the store failed: the catalog may be
        /// loaded without the tax table (the log says which).
        case failed
    }

    /// Imports the sample catalog, then the sample tax table, by `by`, and logs the outcome.
    func loadCatalog(by: AccountName?) async -> Outcome {
        guard let catalog = read(catalogPath, "catalog"), let table = read(taxRatesPath, "tax table") else { return .failed }
        do {
            let result = try await CatalogImport.importCSV(catalog, into: products, by: by, at: now())
            logger.notice("Loaded the sample catalog: \(CatalogImport.summary(result))", metadata: ["path": "\(catalogPath)"])
            guard case .success(let rates) = TaxRatesCSV.rates(from: table) else {
                logger.error("The sample tax table was not loaded: it is refused", metadata: ["path": "\(taxRatesPath)"])
                return .failed
            }
            let counts = try await taxRates.importRates(rates, by: by, at: now())
            logger.notice(
                "Loaded the sample tax table: \(rates.count) tax rates: \(counts.added) added, \(counts.updated) updated",
                metadata: ["path": "\(taxRatesPath)"])
            return .loaded(result, taxRates: rates.count)
        } catch {
            logger.error("The samples were not loaded", metadata: ["error": "\(error)"])
            return .failed
        }
    }

    private func read(_ path: String, _ what: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            logger.error("The sample \(what) was not loaded: cannot read it", metadata: ["path": "\(path)"])
            return nil
        }
        return text
    }
}
