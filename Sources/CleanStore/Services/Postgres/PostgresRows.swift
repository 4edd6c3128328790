import Foundation
import Logging
import PostgresNIO

/// What the PostgreSQL stores share to read and write rows: `OrderColumns` values bound as
/// PostgresNIO binds them, a row read as an `OrderRow`, and a store error thrown inside a
/// transaction coming out as it was.
enum PostgresValues {
    static func append(_ values: [OrderColumns.Value], to binds: inout PostgresBindings) throws {
        for value in values {
            switch value {
            case .text(let text): binds.append(text)
            case .integer(let integer): binds.append(integer)
            case .decimal(let decimal): try binds.append(decimal, context: .default)
            case .bytes(let bytes): try binds.append(bytes, context: .default)
            case .real(let real): binds.append(real)
            case .bool(let bool): binds.append(bool)
            case .money(let cents): try binds.append(Decimal(cents) / 100, context: .default)
            case .null: binds.appendNull()
            }
        }
    }

    /// Appends the values of `columns` to `binds`; returns their names, in the same order.
    static func bind(_ columns: [(name: String, value: OrderColumns.Value)], into binds: inout PostgresBindings) throws -> [String] {
        try append(columns.map(\.value), to: &binds)
        return columns.map(\.name)
    }

    /// "$first, $first+1, …": `count` numbered parameters of a statement, the way every store
    /// lists the values it binds.
    static func placeholders(_ count: Int, from first: Int = 1) -> String {
        (first..<first + count).map { "$\($0)" }.joined(separator: ", ")
    }

    /// The most values one statement binds: the protocol counts its parameters in 16 bits.
    static let maximumBinds = 65_535

    /// INSERTs `rows` (each the values of the same columns, in order) into `target` ("table
    /// (column, …)"; `overridingSystemValue` for an identity column written) as multi-row INSERTs:
    /// as many rows a statement as its binds allow (`maximumBinds`), one round trip each instead
    /// of one a row. PostgreSQL coerces each row's values to the target columns' types, as a
    /// one-row INSERT's.
    static func insertRows(
        _ rows: [[OrderColumns.Value]], into target: String, overridingSystemValue: Bool = false, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        guard let width = rows.first?.count, width > 0 else { return }
        let perStatement = max(1, maximumBinds / width)
        var start = rows.startIndex
        while start < rows.endIndex {
            let chunk = rows[start..<min(rows.endIndex, start + perStatement)]
            var binds = PostgresBindings(capacity: chunk.count * width)
            var sql = "INSERT INTO \(target)\(overridingSystemValue ? " OVERRIDING SYSTEM VALUE" : "") VALUES "
            sql.reserveCapacity(sql.utf8.count + chunk.count * width * 8)
            for (offset, values) in chunk.enumerated() {
                precondition(values.count == width, "every row of a multi-row INSERT has the same columns")
                try append(values, to: &binds)
                sql += offset == 0 ? "(" : ", ("
                for column in 0..<width {
                    if column > 0 { sql += ", " }
                    sql += "$\(offset * width + column + 1)"
                }
                sql += ")"
            }
            try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
            start = chunk.endIndex
        }
    }

    static func query(_ statement: OrdersQuerySQL.Statement) throws -> PostgresQuery {
        var binds = PostgresBindings()
        try append(statement.arguments, to: &binds)
        return PostgresQuery(unsafeSQL: statement.sql, binds: binds)
    }
}

struct PostgresOrderRow: OrderRow {
    let row: PostgresRandomAccessRow
    func text(_ index: Int) throws -> String { try row[index].decode(String.self) }
    func int(_ index: Int) throws -> Int { try row[index].decode(Int.self) }
    func int64(_ index: Int) throws -> Int64 { try row[index].decode(Int64.self) }
    func double(_ index: Int) throws -> Double { try row[index].decode(Double.self) }
    func decimal(_ index: Int) throws -> Decimal { try row[index].decode(Decimal.self) }
    func bytes(_ index: Int) throws -> Data { try row[index].decode(Data.self) }
    func optionalText(_ index: Int) throws -> String? { try row[index].decode(String?.self) }
    func optionalDouble(_ index: Int) throws -> Double? { try row[index].decode(Double?.self) }
    func bool(_ index: Int) throws -> Bool { try row[index].decode(Bool.self) }
    func optionalInt64(_ index: Int) throws -> Int64? { try row[index].decode(Int64?.self) }
    func optionalBool(_ index: Int) throws -> Bool? { try row[index].decode(Bool?.self) }
}

extension OrdersStoreError {
    /// As `from(_:else:)`, and a store error thrown inside a transaction (an `OrderWrites`
    /// refusal) comes out as it was.
    static func from(unwrapping error: any Error, else wrap: (any Error) -> OrdersStoreError) -> OrdersStoreError {
        if let error = error as? PostgresTransactionError, let inner = error.closureError as? OrdersStoreError {
            return inner
        }
        return .from(error, else: wrap)
    }
}
