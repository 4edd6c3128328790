enum SetUp {
    // MARK: Form

    /// What the set-up form posts, as typed (`token` is the set-up link's, carried in a hidden field).
    struct SetUpFormFields: Equatable, Decodable, Sendable {
        var token = ""
        var username = ""
        var displayName = ""
        var password = ""
        var passwordConfirmation = ""
        /// The box "Load the sample catalog" (`loadSamples=on`): absent when unticked.
        var loadSamples = false

        init(
            token: String = "", username: String = "", displayName: String = "", password: String = "", passwordConfirmation: String = "",
            loadSamples: Bool = false
        ) {
            self.token = token
            self.username = username
            self.displayName = displayName
            self.password = password
            self.passwordConfirmation = passwordConfirmation
            self.loadSamples = loadSamples
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            token = try container.decodeIfPresent(String.self, forKey: .token) ?? ""
            username = try container.decodeIfPresent(String.self, forKey: .username) ?? ""
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? ""
            password = try container.decodeIfPresent(String.self, forKey: .password) ?? ""
            passwordConfirmation = try container.decodeIfPresent(String.self, forKey: .passwordConfirmation) ?? ""
            loadSamples = try container.decodeIfPresent(String.self, forKey: .loadSamples) == "on"
        }

        enum CodingKeys: String, CodingKey {
            case token, username, displayName, password, passwordConfirmation, loadSamples
        }
    }

    /// A field's problem, in words already (they come from the accounts' rules).
    struct FieldProblem: Equatable, Sendable {
        var field: SetUpFormFields.CodingKeys
        var message: String
    }

    // MARK: Use cases

    enum ShowForm {
        struct Request {
            var token: String
        }

        enum Response: Equatable {
            case form(token: String)
            /// No set-up link, a wrong token, or a supervisor exists already.
            case closed
            case unavailable
        }

        enum ViewModel {
            case form(DisplayedForm)
            case notFound
            case unavailable
        }
    }

    enum CreateSupervisor {
        struct Request {
            var fields: SetUpFormFields
        }

        enum Response: Equatable {
            /// `samples`: what loading the samples came to, nil when the box was not ticked.
            case created(SignedIn, session: SessionID, samples: SampleDataWorker.Outcome?)
            case invalid(SetUpFormFields, [FieldProblem])
            case closed
            /// Another form made the first supervisor after this one was checked: no account made.
            case madeMeanwhile
            case unavailable(SetUpFormFields)
            /// Too many passwords wait for bcrypt (`PasswordHashing`): no account made.
            case busy(SetUpFormFields, retryAfterSeconds: Int)
        }

        enum ViewModel {
            case form(DisplayedForm, invalid: Bool)
            case created(session: SessionID, flash: String)
            /// On to the sign-in page, saying why.
            case signIn(flash: String)
            case notFound
            case unavailable(DisplayedForm)
            /// 503 with `Retry-After`.
            case busy(DisplayedForm, retryAfterSeconds: Int)
        }
    }

    // MARK: View model

    struct DisplayedForm {
        var title: String
        var token: String
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        var username: SignIn.DisplayedField
        var displayName: SignIn.DisplayedField
        var password: SignIn.DisplayedField
        var passwordConfirmation: SignIn.DisplayedField
        /// Whether the box "Load the sample catalog" is ticked.
        var loadSamples: Bool
        var action = Paths.setup.description
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
    }
}
