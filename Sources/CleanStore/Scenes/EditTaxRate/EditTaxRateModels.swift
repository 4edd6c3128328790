enum EditTaxRate {
    // MARK: Form

    /// What the rate form posts, as typed. `collect` and `shippingTaxable` are checkboxes (`on`
    /// when ticked); `version` is the rate's when the form was opened (empty for a new rate).
    struct RateFormFields: Equatable, Decodable, Sendable {
        var region = ""
        var postalPrefix = ""
        var rate = ""
        var collect = ""
        var shippingTaxable = ""
        var effectiveFrom = ""
        var effectiveTo = ""
        var version = ""

        init(
            region: String = "", postalPrefix: String = "", rate: String = "", collect: String = "", shippingTaxable: String = "",
            effectiveFrom: String = "", effectiveTo: String = "", version: String = ""
        ) {
            self.region = region
            self.postalPrefix = postalPrefix
            self.rate = rate
            self.collect = collect
            self.shippingTaxable = shippingTaxable
            self.effectiveFrom = effectiveFrom
            self.effectiveTo = effectiveTo
            self.version = version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func text(_ key: CodingKeys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
            self.init(
                region: try text(.region), postalPrefix: try text(.postalPrefix), rate: try text(.rate), collect: try text(.collect),
                shippingTaxable: try text(.shippingTaxable), effectiveFrom: try text(.effectiveFrom), effectiveTo: try text(.effectiveTo),
                version: try text(.version))
        }

        enum CodingKeys: String, CodingKey {
            case region, postalPrefix, rate, collect, shippingTaxable, effectiveFrom, effectiveTo, version
        }

        /// The form filled from a stored rate: its percentage as stored (`8.875`, even where it is
        /// not collected), its days, its version.
        init(_ rate: TaxRate) {
            let percent = AppliedTax(region: rate.region, postalPrefix: rate.postalPrefix, ratePPM: rate.ratePPM, collect: true, shippingTaxable: false)
                .percentText
            self.init(
                region: rate.region, postalPrefix: rate.postalPrefix, rate: String(percent.dropLast()), collect: rate.collect ? "on" : "",
                shippingTaxable: rate.shippingTaxable ? "on" : "", effectiveFrom: rate.effectiveFrom.text,
                effectiveTo: rate.effectiveTo?.text ?? "", version: String(rate.version))
        }
    }

    /// A field's problem, in words already.
    struct FieldProblem: Equatable, Sendable {
        var field: RateFormFields.CodingKeys
        var message: String
    }

    // MARK: Use cases

    enum ShowForm {
        /// nil: a new rate.
        struct Request {
            var id: Int64?
        }

        enum Response: Equatable {
            case form(id: Int64?, RateFormFields)
            case notFound
            case unavailable
        }
    }

    enum SaveRate {
        struct Request {
            /// nil: a new rate.
            var id: Int64?
            var fields: RateFormFields
            var by: AccountName?
        }

        enum Response: Equatable {
            case saved(TaxRate, isNew: Bool)
            case invalid(id: Int64?, RateFormFields, [FieldProblem])
            /// Someone saved the rate since the form was opened: the rate as stored, and what was typed.
            case conflict(current: TaxRate, typed: RateFormFields)
            case notFound
            case unavailable(id: Int64?, RateFormFields)
        }
    }

    // MARK: View model

    enum ViewModel {
        case form(DisplayedForm, status: FormStatus)
        case saved(flash: String)
        case notFound
        case unavailable
    }

    enum FormStatus: Equatable {
        case ok, invalid, conflict, unavailable
    }

    struct DisplayedForm {
        var heading: String
        var action: String
        var version: String
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        var region: SignIn.DisplayedField
        var postalPrefix: SignIn.DisplayedField
        var rate: SignIn.DisplayedField
        var collect: Bool
        var shippingTaxable: Bool
        var effectiveFrom: SignIn.DisplayedField
        var effectiveTo: SignIn.DisplayedField
        var button: String
        var cancelURL = Paths.taxRates.description
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
        /// The page's title: "Error: " first when the form says what is wrong (GOV.UK).
        var title: String { (hasErrors ? "Error: " : "") + heading }
    }
}
