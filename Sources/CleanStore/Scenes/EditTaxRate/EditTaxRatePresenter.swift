protocol EditTaxRatePresentationLogic: AnyObject {
    func presentForm(response: EditTaxRate.ShowForm.Response)
    func presentSavedRate(response: EditTaxRate.SaveRate.Response)
}

/// The rate form in words: GOV.UK's question page, errors by field; a stale form (409) shows the
/// rate as stored now, with what was typed under each field that differs.
final class EditTaxRatePresenter: EditTaxRatePresentationLogic {
    weak var viewController: EditTaxRateDisplayLogic?

    static let conflictMessage =
        "Someone else changed this rate after you opened it, so your change was not saved. The form shows the rate as it is now, with what you typed under each field that differs: make your change again, or leave it."
    static let unavailableMessage = "The tax rates could not be reached, so nothing was saved. Try again in a moment."
    static let rateHint = "A percentage, like 8.875"
    static let postalPrefixHint = "The first digits of the ZIP codes it covers, like 100; empty for the whole state"
    static let dayHint = "As YYYY-MM-DD, like 2026-01-01"

    func presentForm(response: EditTaxRate.ShowForm.Response) {
        switch response {
        case .form(let id, let fields): viewController?.displayRate(viewModel: .form(form(id: id, fields), status: .ok))
        case .notFound: viewController?.displayRate(viewModel: .notFound)
        case .unavailable: viewController?.displayRate(viewModel: .unavailable)
        }
    }

    func presentSavedRate(response: EditTaxRate.SaveRate.Response) {
        switch response {
        case .saved(let rate, let isNew):
            let place = "\(rate.region) \(rate.postalPrefix.isEmpty ? "(whole state)" : rate.postalPrefix) from \(rate.effectiveFrom)"
            viewController?.displayRate(viewModel: .saved(flash: isNew ? "Tax rate added: \(place)." : "Tax rate changed: \(place)."))
        case .invalid(let id, let fields, let problems):
            viewController?.displayRate(viewModel: .form(form(id: id, fields, problems: problems), status: .invalid))
        case .conflict(let current, let typed):
            let stored = EditTaxRate.RateFormFields(current)
            var displayed = form(id: current.id, stored)
            displayed.formMessage = Self.conflictMessage
            for (field, storedValue, typedValue) in [
                (\EditTaxRate.DisplayedForm.region, stored.region, typed.region), (\.postalPrefix, stored.postalPrefix, typed.postalPrefix),
                (\.rate, stored.rate, typed.rate), (\.effectiveFrom, stored.effectiveFrom, typed.effectiveFrom),
                (\.effectiveTo, stored.effectiveTo, typed.effectiveTo),
            ] where storedValue != typedValue {
                displayed[keyPath: field].typedValue = typedValue.isEmpty ? "(empty)" : typedValue
            }
            viewController?.displayRate(viewModel: .form(displayed, status: .conflict))
        case .notFound:
            viewController?.displayRate(viewModel: .notFound)
        case .unavailable(let id, let fields):
            var displayed = form(id: id, fields)
            displayed.formMessage = Self.unavailableMessage
            viewController?.displayRate(viewModel: .form(displayed, status: .unavailable))
        }
    }

    private func form(id: Int64?, _ fields: EditTaxRate.RateFormFields, problems: [EditTaxRate.FieldProblem] = []) -> EditTaxRate.DisplayedForm {
        func field(_ key: EditTaxRate.RateFormFields.CodingKeys, _ value: String, hint: String? = nil) -> SignIn.DisplayedField {
            SignIn.DisplayedField(name: key.rawValue, value: value, errorMessage: problems.first { $0.field == key }?.message, hint: hint)
        }
        let heading = id == nil ? "Add a tax rate" : "Change a tax rate"
        return EditTaxRate.DisplayedForm(
            heading: heading,
            action: id.map { Paths.editTaxRate(String($0)) } ?? Paths.newTaxRate.description, version: fields.version,
            errors: problems.map { SignIn.DisplayedError(field: $0.field.rawValue, message: $0.message) }, formMessage: nil,
            region: field(.region, fields.region), postalPrefix: field(.postalPrefix, fields.postalPrefix, hint: Self.postalPrefixHint),
            rate: field(.rate, fields.rate, hint: Self.rateHint), collect: fields.collect == "on",
            shippingTaxable: fields.shippingTaxable == "on", effectiveFrom: field(.effectiveFrom, fields.effectiveFrom, hint: Self.dayHint),
            effectiveTo: field(.effectiveTo, fields.effectiveTo, hint: Self.dayHint + "; empty while it has no end"),
            button: id == nil ? "Add tax rate" : "Save tax rate")
    }
}
