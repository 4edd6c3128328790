import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Issue 25, bug 6: bcrypt reads a password up to its first NUL and no further than its 72nd byte.
/// "nul" and twelve NULs passed the 12-character rule (and signed in as "nul"), and a 72-byte
/// password with anything after it signed in. A new password with a control character is refused
/// (a NUL in a posted form is a 400 before that, `ControlCharactersHTTPTests`), and at signing in a
/// password over 72 bytes, or with a C1 control character, is a wrong password, said as any other
/// is (a C0 one makes the sign-in form a 400 before it is read).
final class PasswordBytesHTTPTests: XCTestCase {
    func testAPasswordOver72BytesOrWithAControlCharacterIsAWrongPasswordAtSigningIn() async throws {
        let longest = String(repeating: "é", count: 36)
        let signIn = try await makeTestSignIn()
        _ = try await AccountsWorker(accounts: signIn.accounts, sessions: signIn.sessions, passwords: signIn.passwords)
            .addAccount(username: "amy", displayName: nil, role: .clerk, password: longest)
        let app = try await TestApp(signIn: signIn)
        try await app.test { client in
            func post(_ password: String) async throws -> TestResponse {
                let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                return try await client.post("/sign-in", form: "username=amy&password=\(encoded)", signedIn: false)
            }
            for password in [longest + "x", longest + longest, longest + "\u{85}", "correct horse\u{9F}battery"] {
                let refused = try await post(password)
                XCTAssertEqual(refused.status, .unprocessableContent, password.debugDescription)
                XCTAssert(refused.text.contains(SignInPresenter.wrongCredentials), password.debugDescription)
            }
            // A C0 control character (or DEL) in a sign-in form is a 400 before anything is read.
            for password in [longest + "\u{1}", "correct horse\u{7}battery"] {
                let refused = try await post(password)
                XCTAssertEqual(refused.status, .badRequest, password.debugDescription)
            }
            let signedIn = try await post(longest)
            XCTAssertEqual(signedIn.status, .seeOther, "72 bytes exactly: the account's password")
            XCTAssertEqual(signedIn.headers[.location], "/orders")
        }
    }

    func testTheSetUpFormRefusesAPasswordWithAControlCharacterSayingWhy() async throws {
        let token = SetupToken(text: "the-set-up-token-of-the-test-0123456789abc")
        let signIn = try await makeTestSignIn(role: .clerk, setupToken: token)
        let app = try await TestApp(signIn: signIn)
        try await app.test { client in
            let password = "nul" + String(repeating: "%01", count: 12)
            let refused = try await client.post(
                "/setup", form: "token=\(token.text)&username=boss&password=\(password)&passwordConfirmation=\(password)", signedIn: false)
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssert(refused.text.contains("The password must not hold control characters (such as a NUL or a line break)"), refused.text)
            let nul = "nul" + String(repeating: "%00", count: 12)
            let withNUL = try await client.post(
                "/setup", form: "token=\(token.text)&username=boss&password=\(nul)&passwordConfirmation=\(nul)", signedIn: false)
            XCTAssertEqual(withNUL.status, .badRequest, "a NUL in any posted form")
        }
        let supervisors = try await signIn.accounts.countSupervisors()
        XCTAssertEqual(supervisors, 0, "no account was made")
    }
}
