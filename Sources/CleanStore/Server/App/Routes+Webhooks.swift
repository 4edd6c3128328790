import Foundation
import Hummingbird

extension Routes {
    /// The webhooks' routes (supervisors: `/webhooks…`, `OrderUse.manageWebhooks`).
    static func webhookRoutes(environment: SceneEnvironment) -> [Route] {
        @Sendable func editWebhooks(_ context: AppRequestContext) -> EditWebhooksViewController {
            EditWebhooksViewController(environment: environment.serving(context), browser: context.browser)
        }
        @Sendable func id(_ context: AppRequestContext) throws -> String {
            try context.parameters.require("id")
        }
        return [
            Route(method: .get, path: Paths.webhooks, access: .signedIn(.manageWebhooks)) { _, context in
                await editWebhooks(context).showEndpoints()
            },
            Route(method: .get, path: Paths.newWebhook, access: .signedIn(.manageWebhooks)) { _, context in
                editWebhooks(context).showNewForm()
            },
            Route(method: .post, path: Paths.webhooks, access: .signedIn(.manageWebhooks), returnsTo: Paths.newWebhook) { _, context in
                await editWebhooks(context).register(fields: try FormDecoding.decode(EditWebhooks.RegisterFormFields.self, context: context))
            },
            Route(method: .get, path: Paths.webhook, access: .signedIn(.manageWebhooks)) { request, context in
                await editWebhooks(context).showEndpoint(
                    id: try id(context), flash: environment.flash(for: context.browser).message(in: request))
            },
            Route(method: .post, path: Paths.webhookEnabled, access: .signedIn(.manageWebhooks), returnsTo: Paths.webhook) { _, context in
                await editWebhooks(context).changeEnabled(
                    id: try id(context), fields: try FormDecoding.decode(EditWebhooks.EnabledFormFields.self, context: context))
            },
        ]
    }
}
extension EditWebhooks.EnabledFormFields: SingleLineForm {}
extension EditWebhooks.RegisterFormFields: SingleLineForm {}
