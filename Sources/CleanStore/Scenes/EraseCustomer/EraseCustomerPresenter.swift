protocol EraseCustomerPresentationLogic: AnyObject {
    func presentForm(response: EraseCustomer.ShowForm.Response)
    func presentErase(response: EraseCustomer.Erase.Response)
}

/// Erasing in words: what goes and what stays, the name to type, a wrong name's inline error, a
/// conflict, and what was erased.
final class EraseCustomerPresenter: EraseCustomerPresentationLogic {
    weak var viewController: EraseCustomerDisplayLogic?

    func presentForm(response: EraseCustomer.ShowForm.Response) {
        switch response {
        case .form(let subject): viewController?.display(viewModel: .form(Self.form(subject), status: .shown))
        case .notFound: viewController?.display(viewModel: .refusal(.notFound))
        case .unavailable: viewController?.display(viewModel: .refusal(.unavailable))
        }
    }

    func presentErase(response: EraseCustomer.Erase.Response) {
        switch response {
        case .erased(let erasure):
            let id = erasure.customer.id ?? 0
            viewController?.display(viewModel: .erased(customerID: id, flash: Self.flash(erasure)))
        case .wrongName(let subject, let typed):
            var form = Self.form(subject)
            form.typed = typed
            form.errorMessage = "Enter the customer’s name exactly as shown: \(form.name)"
            viewController?.display(viewModel: .form(form, status: .wrongName))
        case .conflict(let subject):
            var form = Self.form(subject)
            form.conflictMessage = Self.conflictMessage
            viewController?.display(viewModel: .form(form, status: .conflict))
        case .badRequest: viewController?.display(viewModel: .refusal(.badRequest))
        case .notFound: viewController?.display(viewModel: .refusal(.notFound))
        case .unavailable: viewController?.display(viewModel: .refusal(.unavailable))
        }
    }

    // MARK: Words

    static let conflictMessage =
        "This customer was changed after this page was opened, so nothing was erased. Check who they are now, then type their name again."

    static let warning = "Erasing cannot be undone. Their personal data is replaced by “Erased” everywhere this shop keeps it."

    static func form(_ subject: EraseCustomer.Subject) -> EraseCustomer.DisplayedForm {
        let customer = subject.customer
        let id = String(customer.id ?? 0)
        let name = EraseCustomerInteractor.expectedName(customer)
        let orders = subject.orders == 1 ? "their 1 order" : "their \(subject.orders) orders"
        return EraseCustomer.DisplayedForm(
            heading: "Erase the personal data of \(name)", name: name, warning: warning,
            erased: [
                "Their name, phone, email and addresses, on this customer and on \(orders) and any draft copied from them",
                "Their card numbers (the last four digits are shown as ••••)",
                "Their name, phone and email wherever a note, a reason or the history holds them",
                "The same for every customer merged with them",
            ],
            kept: [
                "Each order’s number, items, totals, tax region and rate, and status",
                "Notes and history, with the personal values replaced, and a record that a supervisor erased them",
            ],
            action: Paths.eraseCustomer(id), version: String(customer.version), customerURL: Paths.customer(id), typed: "")
    }

    static func flash(_ erasure: CustomerErasure) -> String {
        let orders = erasure.orders == 1 ? "1 order" : "\(erasure.orders) orders"
        let drafts = erasure.drafts == 1 ? "1 draft" : "\(erasure.drafts) drafts"
        let others = erasure.customerIDs.count - 1
        let merged = others == 0 ? "" : others == 1 ? ", and of 1 customer merged with them" : ", and of \(others) customers merged with them"
        return "Personal data erased from this customer, \(orders) and \(drafts)\(merged)"
    }
}
