import Foundation
import GRDB

/// What the SQLite stores share to read and write rows: a value of `OrderColumns` as SQLite keeps
/// it, and a GRDB row read as an `OrderRow` (the column mapping itself is the back ends' own,
/// `OrderColumns`).
extension OrderColumns.Value {
    var sqliteValue: DatabaseValue {
        switch self {
        case .text(let text): text.databaseValue
        case .integer(let integer): integer.databaseValue
        case .decimal(let decimal): "\(decimal)".databaseValue  // as text: exact
        case .bytes(let bytes): bytes.databaseValue
        case .real(let real): real.databaseValue
        case .bool(let bool): (bool ? 1 : 0).databaseValue
        case .money(let cents): Money.plainText(cents: cents).databaseValue  // as text: exact
        case .null: .null
        }
    }
}

extension StatementArguments {
    init(_ values: [OrderColumns.Value]) {
        self.init(values.map(\.sqliteValue))
    }
}

struct SQLiteRow: OrderRow {
    let row: Row
    func text(_ index: Int) -> String { row[index] }
    func int(_ index: Int) -> Int { row[index] }
    func int64(_ index: Int) -> Int64 { row[index] }
    func double(_ index: Int) -> Double { row[index] }
    func decimal(_ index: Int) -> Decimal { Decimal(string: row[index] as String) ?? 0 }
    func bytes(_ index: Int) -> Data { row[index] }
    func optionalText(_ index: Int) -> String? { row[index] }
    func optionalDouble(_ index: Int) -> Double? { row[index] }
    func bool(_ index: Int) -> Bool { row[index] }
    func optionalInt64(_ index: Int) -> Int64? { row[index] }
    func optionalBool(_ index: Int) -> Bool? { row[index] }
}
