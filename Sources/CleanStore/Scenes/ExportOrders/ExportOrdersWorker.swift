import Foundation
import Logging

/// Reads every order of an export and says who exported what. Not final: tests subclass it into a spy.
class ExportOrdersWorker {
    /// Orders read from the store at a time: the memory an export holds, whatever its size.
    static let batchSize = 500

    let ordersStore: OrdersStoreProtocol
    /// Where every export is logged (the request's logger, with its id).
    let logger: Logger

    init(ordersStore: OrdersStoreProtocol, logger: Logger) {
        self.ordersStore = ordersStore
        self.logger = logger
    }

    /// Every order `query` finds, in its order: the first batch read now (so that a store that cannot
    /// be read is an answer before anything is sent), the rest as they are asked for. The export is
    /// logged now, and again when its last row has been read (or the store fails on the way), with
    /// its rows: who, which query, how many.
    func export(_ query: OrdersQuery, parameters: [(name: String, value: String)], by account: AccountName?) async throws(OrdersStoreError)
        -> Batches
    {
        let log = ExportLog(
            logger: logger,
            metadata: [
                "account": .string(account?.username ?? "-"),
                "query": .string(Paths.query(parameters)),
            ])
        // Through the shared worker, as every scene's reads: timed, and a store that fails is logged.
        let first = try await OrdersWorker(ordersStore: ordersStore, logger: logger)
            .fetchOrders(page: OrdersPageRequest(limit: Self.batchSize, query: query))
        log.started()
        return Batches(first: first, store: ordersStore, query: query, batchSize: Self.batchSize, log: log)
    }

    /// Says an export's start and end in the log.
    struct ExportLog: Sendable {
        let logger: Logger
        let metadata: Logger.Metadata

        func started() {
            logger.info("Orders export started", metadata: metadata)
        }

        func finished(rows: Int) {
            logger.info("Orders exported", metadata: metadata.merging(["rows": "\(rows)"]) { $1 })
        }

        func failed(rows: Int, error: OrdersStoreError) {
            logger.error("Orders export failed", metadata: metadata.merging(["rows": "\(rows)", "error": "\(error)"]) { $1 })
        }
    }

    /// The batches of one export: the first page already read, then the store's keyset pages after
    /// it (`OrdersBatches`), counted, and logged at the end.
    struct Batches: AsyncSequence, Sendable {
        typealias Element = [Order]
        typealias Failure = OrdersStoreError

        let first: OrdersPage
        let store: any OrdersStoreProtocol
        let query: OrdersQuery
        let batchSize: Int
        let log: ExportLog

        func makeAsyncIterator() -> Iterator {
            var rest: OrdersBatches.AsyncIterator?
            if first.hasOlder, let last = first.orders.last, let cursor = OrdersCursor(order: last, sortedBy: query.sort.key) {
                rest = OrdersBatches(store: store, query: query, batchSize: batchSize).makeAsyncIterator(from: .after(cursor))
            }
            return Iterator(first: first.orders, rest: rest, log: log)
        }

        struct Iterator: AsyncIteratorProtocol {
            var first: [Order]?
            var rest: OrdersBatches.AsyncIterator?
            let log: ExportLog
            var rows = 0
            var done = false

            mutating func next() async throws(OrdersStoreError) -> [Order]? {
                if done { return nil }
                var batch: [Order]?
                if let first, !first.isEmpty {
                    batch = first
                    self.first = nil
                } else if rest != nil {
                    do {
                        batch = try await rest!.next()
                    } catch {
                        done = true
                        log.failed(rows: rows, error: error)
                        throw error
                    }
                }
                guard let batch else {
                    done = true
                    log.finished(rows: rows)
                    return nil
                }
                rows += batch.count
                return batch
            }
        }
    }
}
