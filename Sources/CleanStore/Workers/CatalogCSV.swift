import Foundation

/// A catalog as a CSV file (`cleanstore products import`, the sample the set-up page loads): the
/// header `sku,name,price,taxable,track_stock,on_hand`, then one product a record. Every record is
/// checked before anything is written; a file with any bad record is refused whole, each problem
/// with its line number.
public enum CatalogCSV {
    public static let header = ["sku", "name", "price", "taxable", "track_stock", "on_hand"]

    /// One thing wrong with the file, at the line its record starts on (1 is the header).
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every problem of a refused file, in the order of its lines.
    public struct Refused: Error, Equatable, Sendable, CustomStringConvertible {
        public var problems: [Problem]
        public var description: String {
            "The file is refused, nothing was imported:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
        }
    }

    /// The products of `text`, each checked by `ProductRules`; `Refused` listing every problem.
    public static func rows(from text: String) throws(Refused) -> [ProductImportRow] {
        let records: [Record]
        do {
            records = try self.records(text)
        } catch {
            throw Refused(problems: [error])
        }
        guard let first = records.first, first.fields == header else {
            throw Refused(problems: [Problem(line: 1, message: "the header must be exactly \(header.joined(separator: ","))")])
        }
        var rows: [ProductImportRow] = []
        var problems: [Problem] = []
        var lineOfSKU: [String: Int] = [:]
        for record in records.dropFirst() {
            switch row(of: record) {
            case .success(let row):
                if let earlier = lineOfSKU[row.sku] {
                    problems.append(Problem(line: record.line, message: "SKU \(row.sku) is on line \(earlier) already"))
                } else {
                    lineOfSKU[row.sku] = record.line
                    rows.append(row)
                }
            case .failure(let found):
                problems += found.messages.map { Problem(line: record.line, message: $0) }
            }
        }
        guard problems.isEmpty else { throw Refused(problems: problems) }
        return rows
    }

    private struct Messages: Error { var messages: [String] }

    private static func row(of record: Record) -> Result<ProductImportRow, Messages> {
        guard record.fields.count == header.count else {
            return .failure(Messages(messages: ["\(record.fields.count) fields, \(header.count) expected"]))
        }
        let fields = record.fields
        var messages: [String] = []
        var sku = ""
        switch ProductRules.sku(fields[0]) {
        case .success(let normalized): sku = normalized
        case .failure(let problem): messages.append(ProductRules.message(problem))
        }
        var name = ""
        switch ProductRules.name(fields[1]) {
        case .valid(let kept): name = kept
        case .invalid(let problem): messages.append(ProductRules.message(problem))
        }
        let price = Money.cents(from: fields[2])
        if price == nil { messages.append("the price \"\(fields[2])\" is not \(ProductRules.priceExample)") }
        let taxable = ProductRules.boolean(fields[3])
        if taxable == nil { messages.append("taxable \"\(fields[3])\" is not true or false") }
        let trackStock = ProductRules.boolean(fields[4])
        if trackStock == nil { messages.append("track_stock \"\(fields[4])\" is not true or false") }
        var onHand: Int64 = 0
        let typedOnHand = fields[5].trimmingCharacters(in: .whitespaces)
        if trackStock == true {
            if let count = ProductRules.onHand(typedOnHand) {
                onHand = count
            } else {
                messages.append("on_hand \"\(fields[5])\" is not \(ProductRules.onHandRange)")
            }
        } else if trackStock == false, !typedOnHand.isEmpty, typedOnHand != "0" {
            messages.append("on_hand is \(typedOnHand) but track_stock is false: leave it empty or 0")
        }
        guard messages.isEmpty, let price, let taxable, let trackStock else { return .failure(Messages(messages: messages)) }
        return .success(
            ProductImportRow(sku: sku, name: name, priceCents: price, taxable: taxable, trackStock: trackStock, onHand: onHand))
    }

    // MARK: RFC 4180

    typealias Record = CSVRows.Record

    /// The records of `text`, as `CSVRows` reads CSV (the tax table's import reads it so too), a
    /// failure as a problem of the line it is on.
    static func records(_ text: String) throws(Problem) -> [Record] {
        do {
            return try CSVRows.records(text)
        } catch {
            switch error {
            case .unclosedQuote(let line): throw Problem(line: line, message: "a quoted field is never closed")
            case .textAfterQuote(let line): throw Problem(line: line, message: "a closing quote must end its field")
            case .strayQuote(let line): throw Problem(line: line, message: "a quote inside a field that does not start with one")
            }
        }
    }
}
