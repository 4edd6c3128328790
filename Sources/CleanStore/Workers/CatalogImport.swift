import Foundation
import Logging

/// A catalog CSV imported into a store: the one way `cleanstore products import` and the set-up
/// page's sample catalog (`SampleDataWorker.loadCatalog`) do it. Every row is checked first
/// (`CatalogCSV`); then all of them are added or updated by SKU in one transaction of the store.
public enum CatalogImport {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file's problems, each with its line: nothing was imported.
        case refused(CatalogCSV.Refused)
        /// The store could not import it: nothing was imported.
        case store(ProductsStoreError)

        public var description: String {
            switch self {
            case .refused(let refused): refused.description
            case .store(let error): "The catalog could not be imported, nothing was: \(error)"
            }
        }
    }

    public static func importCSV(
        _ text: String, into store: any ProductsStoreProtocol, by: AccountName?, at: Date
    ) async throws(Failure) -> ProductImportResult {
        let rows: [ProductImportRow]
        do {
            rows = try CatalogCSV.rows(from: text)
        } catch {
            throw .refused(error)
        }
        do {
            return try await store.importProducts(rows, by: by, at: at)
        } catch {
            throw .store(error)
        }
    }

    /// "12 products: 10 added, 2 updated".
    public static func summary(_ result: ProductImportResult) -> String {
        let count = result.added + result.updated
        return "\(count) product\(count == 1 ? "" : "s"): \(result.added) added, \(result.updated) updated"
    }
}
