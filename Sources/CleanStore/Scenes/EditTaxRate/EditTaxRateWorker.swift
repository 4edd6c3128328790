/// The rate form's rules: what a supervisor typed becomes a `TaxRate`, or a message per field.
/// The stores keep the same rules (`TaxRateWrites`); these say them in words, at the fields. Not
/// final: tests subclass it into a spy.
class EditTaxRateWorker {
    static let regionMessage = "Enter a US state as its two letters, like NY"
    static let postalPrefixMessage = "Enter up to 5 digits that start the ZIP codes, or leave it empty for the whole state"
    static let rateMessage = "Enter the rate as a percentage from 0 to 100 with up to 4 decimals, like 8.875"
    static let effectiveFromMessage = "Enter the first day as YYYY-MM-DD, like 2026-01-01"
    static let effectiveToMessage = "Enter the last day as YYYY-MM-DD, or leave it empty"
    static let effectiveToBeforeMessage = "The last day must be the first day or later"

    /// The rate the form describes (spaces around a value ignored, the state in capitals), with
    /// `id` and the form's version; or every field's problem, in the form's order.
    func rate(from fields: EditTaxRate.RateFormFields, id: Int64?) -> Result<TaxRate, Problems> {
        func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces) }
        var problems: [EditTaxRate.FieldProblem] = []
        let region = trimmed(fields.region).uppercased()
        if !TaxRateWrites.regions.contains(region) { problems.append(.init(field: .region, message: Self.regionMessage)) }
        let prefix = trimmed(fields.postalPrefix)
        if prefix.count > TaxRateWrites.longestPrefix || !prefix.allSatisfy({ $0.isASCII && $0.isNumber }) {
            problems.append(.init(field: .postalPrefix, message: Self.postalPrefixMessage))
        }
        let ppm = TaxRate.ppm(fromPercent: fields.rate)
        if ppm == nil { problems.append(.init(field: .rate, message: Self.rateMessage)) }
        let from = ShopDay(trimmed(fields.effectiveFrom))
        if from == nil { problems.append(.init(field: .effectiveFrom, message: Self.effectiveFromMessage)) }
        var to: ShopDay?
        if !trimmed(fields.effectiveTo).isEmpty {
            to = ShopDay(trimmed(fields.effectiveTo))
            if to == nil {
                problems.append(.init(field: .effectiveTo, message: Self.effectiveToMessage))
            } else if let from, let to, to < from {
                problems.append(.init(field: .effectiveTo, message: Self.effectiveToBeforeMessage))
            }
        }
        guard problems.isEmpty, let ppm, let from else { return .failure(Problems(problems: problems)) }
        return .success(
            TaxRate(
                id: id, region: region, postalPrefix: prefix, ratePPM: ppm, collect: fields.collect == "on",
                shippingTaxable: fields.shippingTaxable == "on", effectiveFrom: from, effectiveTo: to,
                // A version that is no number is no version: the store answers a conflict.
                version: Int(fields.version) ?? 0))
    }

    struct Problems: Error, Equatable {
        var problems: [EditTaxRate.FieldProblem]
    }
}
