protocol MergeCustomersPresentationLogic: AnyObject {
    func presentPick(response: MergeCustomers.PickOther.Response)
    func presentPreview(response: MergeCustomers.Preview.Response)
    func presentMerge(response: MergeCustomers.Merge.Response)
}

/// Merging in words: the search for the other customer, the preview (each field where the two
/// differ a choice, the survivor's value chosen unless the other's was taken), and what was done.
final class MergeCustomersPresenter: MergeCustomersPresentationLogic {
    weak var viewController: MergeCustomersDisplayLogic?

    // MARK: Pick the other

    func presentPick(response: MergeCustomers.PickOther.Response) {
        switch response {
        case .found(let survivor, let text, let results):
            let id = String(survivor.id ?? 0)
            let found = results ?? []
            viewController?.display(
                viewModel: .pick(
                    MergeCustomers.DisplayedPick(
                        heading: "Merge \(Self.name(survivor)) with another customer", survivor: Self.contact(survivor),
                        action: Paths.mergeCustomer(id), text: text,
                        results: found.map { other in
                            MergeCustomers.DisplayedCandidate(
                                name: Self.name(other), details: Self.contact(other),
                                url: Paths.mergePreview(id, key: String(other.id ?? 0)))
                        },
                        caption: found.count == 1 ? "1 other customer found" : "\(found.count) other customers found",
                        noMatchMessage: results != nil && found.isEmpty ? "No other customer found for “\(text)”" : nil,
                        customerURL: Paths.customer(id))))
        case .alreadyMerged(let customer): viewController?.display(viewModel: .refusal(Self.refusal(customer)))
        case .notFound: viewController?.display(viewModel: .refusal(.notFound))
        case .unavailable: viewController?.display(viewModel: .refusal(.unavailable))
        }
    }

    // MARK: Preview

    func presentPreview(response: MergeCustomers.Preview.Response) {
        switch response {
        case .preview(let pair): viewController?.display(viewModel: .preview(Self.preview(pair, conflict: false), conflict: false))
        case .alreadyMerged(let customer): viewController?.display(viewModel: .refusal(Self.refusal(customer)))
        case .notFound: viewController?.display(viewModel: .refusal(.notFound))
        case .unavailable: viewController?.display(viewModel: .refusal(.unavailable))
        }
    }

    // MARK: Merge

    func presentMerge(response: MergeCustomers.Merge.Response) {
        switch response {
        case .done(let merge):
            viewController?.display(
                viewModel: .done(
                    survivorID: merge.survivor.id ?? 0,
                    flash: "\(CustomerWrites.reference(merge.merged)) was merged into \(Self.name(merge.survivor)), with their orders"))
        case .conflict(let pair): viewController?.display(viewModel: .preview(Self.preview(pair, conflict: true), conflict: true))
        case .alreadyMerged(let customer): viewController?.display(viewModel: .refusal(Self.refusal(customer)))
        case .badRequest: viewController?.display(viewModel: .refusal(.badRequest))
        case .notFound: viewController?.display(viewModel: .refusal(.notFound))
        case .unavailable: viewController?.display(viewModel: .refusal(.unavailable))
        }
    }

    // MARK: Words

    static let conflictMessage =
        "One of the two customers was changed after this page was opened, so nothing was merged. Here they are as they are now: check the choices, then merge again."

    private static func preview(_ pair: MergeCustomers.Pair, conflict: Bool) -> MergeCustomers.DisplayedPreview {
        let survivor = pair.survivor
        let other = pair.other
        let id = String(survivor.id ?? 0)
        let otherID = String(other.id ?? 0)
        var choices: [MergeCustomers.DisplayedChoice] = []
        var same: [MergeCustomers.DisplayedSame] = []
        for field in CustomerMergeField.allCases {
            let kept = value(field, of: survivor)
            let taken = value(field, of: other)
            if kept == taken {
                same.append(MergeCustomers.DisplayedSame(label: label(field), value: kept))
            } else {
                choices.append(
                    MergeCustomers.DisplayedChoice(
                        legend: label(field), name: field.rawValue, keepID: field.rawValue, takeID: "\(field.rawValue)-take",
                        kept: kept, other: taken, takeChecked: pair.taken.contains(field)))
            }
        }
        let orders = pair.otherOrders == 1 ? "their 1 order" : "their \(pair.otherOrders) orders"
        return MergeCustomers.DisplayedPreview(
            heading: "Merge \(CustomerWrites.reference(other)) into \(CustomerWrites.reference(survivor))",
            summary:
                "\(CustomerWrites.reference(survivor)) is kept and gets \(orders). \(CustomerWrites.reference(other)) is kept too, marked as merged: their page will link to the customer they were merged into, and no search will find them.",
            survivorName: CustomerWrites.reference(survivor), otherName: CustomerWrites.reference(other), choices: choices, same: same,
            action: Paths.mergePreview(id, key: otherID), version: String(survivor.version), otherVersion: String(other.version),
            swapURL: Paths.mergePreview(otherID, key: id), customerURL: Paths.customer(id),
            conflictMessage: conflict ? conflictMessage : nil)
    }

    private static func refusal(_ customer: Customer) -> ErrorPage.Refusal {
        .because(.customerMerged(name: name(customer), survivorID: customer.mergedInto ?? 0))
    }

    static func name(_ customer: Customer) -> String { customer.name.isEmpty ? "(no name)" : customer.name }

    /// "(415) 555-0100, jane@example.com, San Francisco": what tells two customers apart.
    static func contact(_ customer: Customer) -> String {
        let parts = [customer.phone, customer.email, customer.shippingAddress.city].filter { !$0.isEmpty }
        return parts.isEmpty ? "No phone, email or city" : parts.joined(separator: ", ")
    }

    static func label(_ field: CustomerMergeField) -> String {
        switch field {
        case .name: "Name"
        case .phone: "Phone"
        case .email: "Email"
        case .shippingAddress: "Shipping address"
        case .billingAddress: "Billing address"
        case .note: "Note"
        }
    }

    static func value(_ field: CustomerMergeField, of customer: Customer) -> String {
        let text: String =
            switch field {
            case .name: customer.name
            case .phone: customer.phone
            case .email: customer.email
            case .shippingAddress: CustomerWrites.line(customer.shippingAddress)
            case .billingAddress: CustomerWrites.line(customer.billingAddress)
            case .note: customer.note
            }
        return text.isEmpty ? "Not known" : text
    }
}
