import Foundation

/// A tax table file as `cleanstore tax-rates import` reads it: the header
/// `region,postal_prefix,rate,collect,shipping_taxable,effective_from`, then one rate a row,
/// `rate` a percentage (`8.875`, `TaxRate.ppm(fromPercent:)`), `collect` and `shipping_taxable`
/// `true` or `false`, `effective_from` a day (`2020-01-01`). The whole file is taken or none of it:
/// every bad row is named by its line, with every problem it has.
public enum TaxRatesCSV {
    public static let header = ["region", "postal_prefix", "rate", "collect", "shipping_taxable", "effective_from"]

    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every bad row of a file, in line order.
    public struct Refused: Error, Equatable, Sendable {
        public var problems: [Problem]
    }

    /// The rates of the file, in its order; or every problem, by line.
    public static func rates(from text: String) -> Result<[TaxRate], Refused> {
        let records: [CSVRows.Record]
        do {
            records = try CSVRows.records(text)
        } catch {
            switch error {
            case .unclosedQuote(let line): return .failure(Refused(problems: [Problem(line: line, message: "a quoted field is never closed")]))
            case .textAfterQuote(let line): return .failure(Refused(problems: [Problem(line: line, message: "text after a closing quote")]))
            case .strayQuote(let line): return .failure(Refused(problems: [Problem(line: line, message: "a quote inside a field that does not start with one")]))
            }
        }
        guard let first = records.first, first.fields == header else {
            let line = records.first?.line ?? 1
            return .failure(Refused(problems: [Problem(line: line, message: "the first line must be exactly \(header.joined(separator: ","))")]))
        }
        var rates: [TaxRate] = []
        var problems: [Problem] = []
        /// The line of each place (region, prefix, first day) seen so far.
        var places: [String: Int] = [:]
        for record in records.dropFirst() {
            switch rate(from: record.fields) {
            case (_, let messages) where !messages.isEmpty:
                problems.append(Problem(line: record.line, message: messages.joined(separator: "; ")))
            case (let rate?, _):
                let place = "\(rate.region),\(rate.postalPrefix),\(rate.effectiveFrom)"
                if let earlier = places[place] {
                    problems.append(Problem(line: record.line, message: "the same region, prefix and first day as line \(earlier)"))
                } else {
                    places[place] = record.line
                    rates.append(rate)
                }
            case (nil, _):
                break
            }
        }
        return problems.isEmpty ? .success(rates) : .failure(Refused(problems: problems))
    }

    /// The row's rate, or what is wrong with it (every problem, in the columns' order).
    static func rate(from fields: [String]) -> (TaxRate?, [String]) {
        guard fields.count == header.count else {
            return (nil, ["\(fields.count) fields, not \(header.count)"])
        }
        var messages: [String] = []
        let ppm = TaxRate.ppm(fromPercent: fields[2])
        if ppm == nil { messages.append("rate \"\(shown(fields[2]))\" is not a percentage from 0 to 100 with at most 4 decimals") }
        let collect = flag(fields[3])
        if collect == nil { messages.append("collect \"\(shown(fields[3]))\" is not true or false") }
        let shipping = flag(fields[4])
        if shipping == nil { messages.append("shipping_taxable \"\(shown(fields[4]))\" is not true or false") }
        let from = ShopDay(fields[5])
        if from == nil { messages.append("effective_from \"\(shown(fields[5]))\" is not a day written YYYY-MM-DD") }
        let rate = TaxRate(
            region: fields[0], postalPrefix: fields[1], ratePPM: ppm ?? 0, collect: collect ?? true, shippingTaxable: shipping ?? false,
            effectiveFrom: from ?? ShopDay("2000-01-01")!)
        // The region's and the prefix's rules are TaxRateWrites' (the stores keep them too); they
        // come first, in the columns' order.
        let rules = TaxRateWrites.problems(of: rate)
        var first: [String] = []
        if rules.contains(.region) {
            first.append("region \"\(shown(fields[0]))\" is not the two capital letters of a US state or territory")
        }
        if rules.contains(.postalPrefix) { first.append("postal_prefix \"\(shown(fields[1]))\" is not 0 to 5 digits") }
        messages = first + messages
        return messages.isEmpty ? (rate, []) : (nil, messages)
    }

    static func flag(_ text: String) -> Bool? {
        switch text {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// A field as a message shows it: at most 40 characters, control characters escaped (a message
    /// goes to a terminal and to logs).
    static func shown(_ field: String) -> String {
        let short = field.count > 40 ? String(field.prefix(40)) + "…" : field
        return short.unicodeScalars.map { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            ? $0.escaped(asASCII: true) : String($0) }.joined()
    }
}
