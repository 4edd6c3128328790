import Foundation

protocol AddOrderNotePresentationLogic: AnyObject {
    func presentAddedNote(response: AddOrderNote.AddNote.Response)
}

/// A note in words: the flash after it is added; the page a refused one comes back on, GOV.UK's
/// error message style (say what to do; no "please", no "invalid").
final class AddOrderNotePresenter: AddOrderNotePresentationLogic {
    weak var viewController: AddOrderNoteDisplayLogic?

    static let addedMessage = "Note added."
    static let hint = "Up to \(grouped(OrderNotesWorker.maximumLength)) characters. Never a card number."
    static let storeUnavailableMessage =
        "The note could not be saved just now. Nothing you typed was lost: check it and add it again."

    // MARK: Add note

    func presentAddedNote(response: AddOrderNote.AddNote.Response) {
        let viewModel: AddOrderNote.AddNote.ViewModel
        switch response {
        case .added(let note):
            viewModel = .added(orderID: note.orderID, flash: Self.addedMessage)
        case .invalid(let orderID, let fields, let problem):
            viewModel = .invalid(displayedForm(orderID: orderID, fields: fields, errorMessage: Self.message(for: problem)))
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable(let orderID, let fields):
            var form = displayedForm(orderID: orderID, fields: fields, errorMessage: nil)
            form.formMessage = Self.storeUnavailableMessage
            form.title = "Error: " + form.title
            viewModel = .unavailable(form)
        }
        viewController?.displayAddedNote(viewModel: viewModel)
    }

    static func message(for problem: OrderNotesWorker.TextProblem) -> String {
        switch problem {
        case .missing: return "Enter a note"
        case .tooLong(let maximum): return "Note must be \(grouped(maximum)) characters or fewer"
        case .controlCharacters: return "Remove the hidden control characters (shown as \u{FFFD}) from the note"
        case .looksLikeCardNumber: return "Remove the card number from the note"
        case .invisibleCharacters: return "Remove the hidden formatting characters (shown as \u{FFFD}), such as text direction marks, from the note"
        }
    }

    private func displayedForm(orderID: String, fields: AddOrderNote.NoteFormFields, errorMessage: String?) -> AddOrderNote.DisplayedForm {
        let heading = "Add a note to order \(orderID)"
        let name = AddOrderNote.NoteFormFields.CodingKeys.text.rawValue
        return AddOrderNote.DisplayedForm(
            title: errorMessage == nil ? heading : "Error: " + heading,
            heading: heading,
            errors: errorMessage.map { [SignIn.DisplayedError(field: name, message: $0)] } ?? [],
            formMessage: nil,
            text: SignIn.DisplayedField(name: name, value: Self.shown(fields.text), errorMessage: errorMessage, hint: Self.hint),
            action: Paths.orderNotes(orderID), orderURL: Paths.order(orderID), backLinkText: "Back to order \(orderID)",
            forPacker: fields.isForPacker)
    }

    /// The text as typed, line breaks as LF (as the textarea shows them anyway) and each control
    /// or invisible formatting character a note may not hold shown as � (U+FFFD), so the clerk sees
    /// where they are (and no page carries one).
    static func shown(_ typed: String) -> String {
        let text = TextRules.showingInvisibleCharacters(FreeTextRule.lineBreaksAsLineFeeds(typed), as: "\u{FFFD}")
        guard text.unicodeScalars.contains(where: FreeTextRule.isRefusedControlCharacter) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { FreeTextRule.isRefusedControlCharacter($0) ? "\u{FFFD}" : $0 }))
    }

    /// 1,000: thousands grouped with commas, whatever the server's locale.
    private static func grouped(_ number: Int) -> String {
        number.formatted(.number.locale(Locale(identifier: "en_US")))
    }
}
