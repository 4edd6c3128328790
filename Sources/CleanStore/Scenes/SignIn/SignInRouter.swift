import Foundation
import Hummingbird

protocol SignInRoutingLogic: AnyObject {
    /// Signed in: on to where the clerk was going, with the new session's cookie; a kept edit form
    /// comes back filled in (the CreateOrder scene renders it, for the new session), a kept old
    /// one-page order form becomes a draft (the EditDraft scene keeps it).
    func routeAfterSigningIn(_ account: SignedIn, session: SessionID, to destination: SignIn.Destination) async -> Response
    /// Already signed in: on to where the clerk was going.
    func routeToDestination(path: String) -> Response
    /// Signed out: to the sign-in page, saying so, the session's cookie removed.
    func routeToSignInAfterSigningOut(flash: String) -> Response
}

protocol SignInDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

final class SignInRouter: SignInRoutingLogic, SignInDataPassing {
    var flash: Flash?
    /// To wire the scene a draft goes back to.
    var environment: SceneEnvironment?
    var browser: Browser?

    // MARK: Routing

    func routeAfterSigningIn(_ account: SignedIn, session: SessionID, to destination: SignIn.Destination) async -> Response {
        guard let environment, let browser else { return .seeOther(destination.path) }
        var response: Response
        if let draft = destination.draft {
            // The form as the new session sees it: its token is the new session's.
            let signedInBrowser = Browser(
                id: browser.id, csrfToken: CSRFMiddleware.token(for: browser.id, session: session, security: environment.security),
                signedIn: account)
            var serving = environment
            serving.pages = environment.pages.for(signedInBrowser)
            if draft.isCustomerForm {
                let fields =
                    (try? URLEncodedFormDecoder().decode(EditCustomer.CustomerFormFields.self, from: draft.body)) ?? EditCustomer.CustomerFormFields()
                response = await EditCustomerViewController(environment: serving, browser: signedInBrowser)
                    .resumeForm(id: draft.customerID, fields: fields)
            } else {
                let fields = (try? URLEncodedFormDecoder().decode(CreateOrder.OrderFormFields.self, from: draft.body)) ?? CreateOrder.OrderFormFields()
                if let orderID = draft.orderID {
                    response = await CreateOrderViewController(environment: serving, browser: signedInBrowser)
                        .resumeDraft(orderFormFields: fields, orderID: orderID)
                } else {
                    // The old one-page form: kept as a draft, as it would have been signed in (a POST: it may).
                    response = await EditDraftViewController(environment: serving, browser: signedInBrowser)
                        .keepOrderForm(orderFormFields: fields)
                }
            }
        } else {
            response = .seeOther(destination.path)
        }
        response.setCookie(SessionMiddleware.cookie(for: session, security: environment.security))
        return response
    }

    func routeToDestination(path: String) -> Response {
        .seeOther(path)
    }

    func routeToSignInAfterSigningOut(flash message: String) -> Response {
        var response = flash?.redirect(to: Paths.signIn.description, passing: message) ?? .seeOther(Paths.signIn.description)
        if let security = environment?.security {
            response.setCookie(SessionMiddleware.removal(security: security))
        }
        return response
    }
}
