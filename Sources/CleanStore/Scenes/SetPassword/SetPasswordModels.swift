enum SetPassword {
    // MARK: Form

    /// What the set-password form posts (`token` is the link's, carried in a hidden field).
    struct PasswordFormFields: Equatable, Decodable, Sendable {
        var token = ""
        var password = ""
        var passwordConfirmation = ""

        init(token: String = "", password: String = "", passwordConfirmation: String = "") {
            self.token = token
            self.password = password
            self.passwordConfirmation = passwordConfirmation
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            token = try container.decodeIfPresent(String.self, forKey: .token) ?? ""
            password = try container.decodeIfPresent(String.self, forKey: .password) ?? ""
            passwordConfirmation = try container.decodeIfPresent(String.self, forKey: .passwordConfirmation) ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case token, password, passwordConfirmation
        }
    }

    struct FieldProblem: Equatable, Sendable {
        var field: PasswordFormFields.CodingKeys
        var message: String
    }

    // MARK: Use cases

    /// `GET /set-password?token=…`
    enum ShowForm {
        struct Request {
            var token: String
        }

        enum Response: Equatable {
            case form(Account, token: String)
            /// Used, expired, or never made.
            case expired
            case unavailable
        }

        enum ViewModel {
            case form(DisplayedForm)
            case expired
            case unavailable
        }
    }

    /// `POST /set-password`
    enum SetPassword {
        struct Request {
            var fields: PasswordFormFields
        }

        enum Response: Equatable {
            case set(Account)
            case invalid(Account, PasswordFormFields, [FieldProblem])
            case expired
            case unavailable(Account, PasswordFormFields)
            case busy(Account, PasswordFormFields, retryAfterSeconds: Int)
            /// The link could not even be looked up: nothing was set.
            case down
        }

        enum ViewModel {
            case signIn(flash: String)
            case form(DisplayedForm, invalid: Bool)
            case expired
            case unavailable(DisplayedForm)
            case busy(DisplayedForm, retryAfterSeconds: Int)
            case down
        }
    }

    // MARK: View model

    struct DisplayedForm {
        var title: String
        var token: String
        var username: String
        var displayName: String
        var errors: [SignIn.DisplayedError]
        var formMessage: String?
        var password: SignIn.DisplayedField
        var passwordConfirmation: SignIn.DisplayedField
        var action = Paths.setPassword.description
        var hasErrors: Bool { formMessage != nil || !errors.isEmpty }
    }
}
