enum AddOrderNote {
    // MARK: Form

    /// What a note form posts, as typed: the order page's "Add a note" form and this scene's own page
    /// post the same field, `text` (a textarea).
    struct NoteFormFields: Equatable, Decodable, Sendable {
        var text = ""
        /// The box "For the packer" (`on` when ticked): the note prints on the packing slip.
        var forPacker: String? = nil

        init(text: String = "", forPacker: String? = nil) {
            self.text = text
            self.forPacker = forPacker
        }

        /// A form without the field is an empty note (the rules say so), not a 400.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
            forPacker = try container.decodeIfPresent(String.self, forKey: .forPacker)
        }

        enum CodingKeys: String, CodingKey {
            case text, forPacker
        }

        /// Whether the note is for the packer: the box ticked.
        var isForPacker: Bool { forPacker == "on" }
    }

    // MARK: Use cases

    /// `POST /orders/{id}/notes`: a clerk's note on an order.
    enum AddNote {
        struct Request {
            var orderID: String
            var fields: NoteFormFields
            /// Who is signed in on the browser the request came from (nil when no one is): the note
            /// names them.
            var signedIn: AccountName? = nil
        }

        /// What happened: one case per outcome, so the presenter switches over them.
        enum Response: Equatable {
            case added(OrderNote)
            /// The text breaks a rule of notes (`OrderNotesWorker.check`): nothing was saved; the
            /// fields come back as typed.
            case invalid(orderID: String, fields: NoteFormFields, problem: OrderNotesWorker.TextProblem)
            /// No such order: nothing was saved.
            case notFound
            /// The store could not save the note (or say whether the order exists).
            case storeUnavailable(orderID: String, fields: NoteFormFields)
        }

        enum ViewModel {
            /// Added: back to the order's page, with a flash.
            case added(orderID: String, flash: String)
            /// The scene's page, with the error (422).
            case invalid(DisplayedForm)
            case notFound
            /// The scene's page, with what was typed and why it was not saved (503).
            case unavailable(DisplayedForm)
        }
    }

    // MARK: View model

    /// The note form on a page of its own, where a refused note comes back: GOV.UK's one-question
    /// page, the heading the textarea's label.
    struct DisplayedForm {
        var title: String
        var heading: String
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        /// The textarea: what was typed (its hidden control characters shown as �), its hint, its error.
        var text: SignIn.DisplayedField
        var action: String
        var orderURL: String
        /// "Back to order 1042".
        var backLinkText: String
        /// The box "For the packer", as it was sent.
        var forPacker: Bool = false
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
    }
}
