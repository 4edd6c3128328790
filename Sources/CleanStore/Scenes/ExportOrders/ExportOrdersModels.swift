import Foundation

enum ExportOrders {
    // MARK: Use cases

    enum Export {
        struct Request {
            /// The list's search, filters and sort, as the URL carries them (`GET /orders.csv?q=…`).
            var filters = OrdersFilterParameters()
            /// Who is downloading (the route lets supervisors only): the export's log names them.
            var signedIn: SignedIn? = nil
        }

        enum Response {
            /// Every order the query finds, in its order, a batch at a time as the download reads
            /// them; `at` is when the export was asked for (it names the file).
            case export(ExportOrdersWorker.Batches, at: Date)
            /// The store could not be read: nothing was sent yet.
            case storeUnavailable
        }

        struct ViewModel {
            /// `orders-2026-11-23.csv`.
            var filename: String
            /// The columns' names, in the rows' order.
            var header: [String]
            /// The rows, a batch at a time: each row one order's cells, in the header's order.
            var rows: AsyncMapSequence<ExportOrdersWorker.Batches, RowBatch>
        }

        /// A batch's rows, each made as it is read (a batch's 500 rows are not all made before the
        /// first is written: the writing takes turns with the pages, `rowsPerTurn`).
        struct RowBatch: Sequence, Sendable {
            var orders: [Order]
            /// An order's cells, in the header's order.
            var row: @Sendable (Order) -> [String]

            func makeIterator() -> LazyMapSequence<[Order], [String]>.Iterator {
                orders.lazy.map(row).makeIterator()
            }
        }
    }
}
