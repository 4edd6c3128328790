import Foundation
import Logging

/// The samples a newcomer may load from the first-supervisor set-up page (`SetUpInteractor`), so
/// that an order can be placed minutes after `swift run cleanstore`: the sample catalog
/// (`deploy/sample-catalog.csv`), imported through the same code as `cleanstore products import`
/// (`CatalogImport`). The one call site of the set-up's samples: the tax table's sample goes here
/// beside the catalog's.
struct SampleDataWorker {
    let products: any ProductsStoreProtocol
    /// The sample catalog's CSV, relative to the working directory as `Views/` is.
    let catalogPath: String
    let logger: Logger
    let now: @Sendable () -> Date

    /// What loading the sample catalog came to (the log says it too).
    enum Outcome: Equatable, Sendable {
        case loaded(ProductImportResult)
        /// The file is missing, unreadable or refused, or the store failed: nothing was imported.
        case failed
    }

    /// Imports the sample catalog, by `by`, and logs the outcome.
    func loadCatalog(by: AccountName?) async -> Outcome {
        guard let data = FileManager.default.contents(atPath: catalogPath), let text = String(data: data, encoding: .utf8) else {
            logger.error("The sample catalog was not loaded: cannot read it", metadata: ["path": "\(catalogPath)"])
            return .failed
        }
        do {
            let result = try await CatalogImport.importCSV(text, into: products, by: by, at: now())
            logger.notice("Loaded the sample catalog: \(CatalogImport.summary(result))", metadata: ["path": "\(catalogPath)"])
            return .loaded(result)
        } catch {
            logger.error("The sample catalog was not loaded", metadata: ["path": "\(catalogPath)", "error": "\(error)"])
            return .failed
        }
    }
}
