import Foundation
import Mustache

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A view model of every kind a page shows, everything in it filled in (no nil optional, no empty
/// list), with the template each page is rendered with: what `TemplateNamesTests` walks the
/// templates with, and `ViewModelRenderingTests` holds the tables to.
enum ViewModelSamples {
    static let signInField = SignIn.DisplayedField(name: "username", value: "v", errorMessage: "e", hint: "h", typedValue: "x")
    static let signInError = SignIn.DisplayedError(field: "f", message: "m")
    static let signInForm = SignIn.DisplayedForm(
        title: "t", notice: "n", errors: [signInError], formMessage: "m", username: signInField, password: signInField, returnTo: "/r",
        draft: "d")
    static let setUpForm = SetUp.DisplayedForm(
        title: "t", token: "t", errors: [signInError], formMessage: "m", username: signInField, displayName: signInField,
        password: signInField, passwordConfirmation: signInField, loadSamples: true)

    static var header: PageRenderer.Header {
        var header = PageRenderer.Header(signedIn: testBrowser.signedIn!, csrfToken: "t")
        header.newOrderURL = "/orders/new"
        return header
    }

    static let orderField = CreateOrder.DisplayedForm.DisplayedField(
        name: "email", value: "a@b.c", errorMessage: "Enter", typedValue: "x", theirChange: .init(who: "Sue", value: "y"),
        hint: "For example, name@example.com")
    static let orderError = CreateOrder.DisplayedForm.DisplayedError(field: "email", message: "Enter")
    static let shippingMethod = CreateOrder.DisplayedForm.ShippingMethod(
        id: "shipmentMethodSpeed", value: "0", name: "Standard Shipping", selected: true)
    static let orderForm = CreateOrder.DisplayedForm(
        title: "t", heading: "h", submitLabel: "s", action: "/orders/1", cancelURL: "/orders/1", version: "1",
        errors: [orderError], formMessage: "m",
        fields: Dictionary(uniqueKeysWithValues: CreateOrder.Field.allCases.map { ($0.rawValue, orderField) }),
        billingAddressSameAsShipping: true, shippingMethods: [shippingMethod], notice: "n",
        base: [.init(name: "base-email", value: "a@b.c")])

    static let listed = ListOrders.FetchOrders.ViewModel.DisplayedOrder(
        id: "1", url: "/orders/1", date: "d", machineDate: "m", name: "n", phone: "p", total: "t", status: "New", statusClass: "status-new",
        shipped: "s", selectValue: "1.1", selectLabel: "Select order 1, n")
    static let bulkForm = ListOrders.FetchOrders.ViewModel.BulkForm(
        action: "/orders/bulk", move: "markShipped", list: "status=packed", button: "b", hint: "h",
        errors: [ListOrders.FetchOrders.ViewModel.ErrorLink(field: "select-1", message: "m")], formMessage: "m", csrfToken: "t")
    static let pagination = ListOrders.FetchOrders.ViewModel.Pagination(newerPageURL: "/orders?before=1", olderPageURL: "/orders?after=1")
    static let option = ListOrders.FetchOrders.ViewModel.Option(id: "shipping-1", value: "1", label: "l", checked: true)
    static let tag = ListOrders.FetchOrders.ViewModel.Tag(label: "l", removeURL: "/orders")
    static let filters = ListOrders.FetchOrders.ViewModel.Filters(
        action: "/orders", text: "t", textError: "e", shippingOptions: [option], statusOptions: [option], from: "f", fromError: "e", to: "t",
        toError: "e", sortOptions: [option], open: true, tags: [tag], clearURL: "/orders")
    static let column = ListOrders.FetchOrders.ViewModel.Column(label: "l", ariaSort: "ascending", className: "c")
    static let list = ListOrders.FetchOrders.ViewModel(
        displayedOrders: [listed], pagination: pagination, errorMessage: "m", newOrderURL: "/orders/new", filters: filters,
        columns: [column], caption: "c", resultCount: "r", focusResultCount: true, noMatchMessage: "n", exportURL: "/orders.csv",
        tabs: tabs, bulk: bulkForm, bulkProblem: bulkForm)
    static let tabs = ListOrders.FetchTabs.ViewModel.Tabs(
        tabs: [ListOrders.FetchTabs.ViewModel.Tab(label: "New", count: "1", url: "/orders?status=new", current: true)],
        saveURL: "/orders/views/new", manageURL: "/orders/views")

    static let timelineEntry = ShowOrder.GetOrder.ViewModel.TimelineEntry(
        title: "t", by: "b", date: "d", machineDate: "m", text: "t", changes: [change], noChanges: "n", batchURL: "/orders/bulk/1", batchLabel: "l")
    static let confirmation = ShowOrder.GetOrder.ViewModel.DisplayedConfirmation(
        orderNumber: "1", confirmationNote: "n", createAnotherURL: "/orders/new")
    static let statusButton = ShowOrder.GetOrder.ViewModel.StatusButton(label: "Mark as paid", action: "markPaid")
    static var shown: ShowOrder.GetOrder.ViewModel.DisplayedOrder {
        var shown = ShowOrder.GetOrder.ViewModel.DisplayedOrder(
            id: "1", date: "d", email: "e", name: "n", total: "t", phone: "p", shipmentAddress: ["a"], shipmentMethod: "s",
            billingAddress: ["b"], cardNumber: "•••• 1111", expirationDate: "04/29", title: "t", createdBy: "c", lastChanged: "l",
            editURL: "/e", historyURL: "/h", slipURL: "/s", deleteURL: "/d", ordersURL: "/orders")
        shown.status = "New"
        shown.statusClass = "status-new"
        shown.statusButton = statusButton
        shown.shipURL = "/orders/1/ship"
        shown.nextURL = "/orders/2?from=%2Forders%3Fstatus%3Dpaid"
        shown.nextLabel = "Next paid order →"
        shown.undo = ShowOrder.GetOrder.ViewModel.DisplayedUndo(message: "m", label: "l", url: "/orders/1/undo")
        shown.reprintSlipURL = "/orders/1/slip"
        shown.savedBanner = "Order 1 was updated."
        shown.customerURL = "/customers/1"
        shown.newDraftURL = "/orders/1/new-draft"
        shown.repeatURL = "/orders/1/repeat"
        shown.startDraftKey = "test-order-key-0000001"
        shown.shipment = ShowOrder.GetOrder.ViewModel.DisplayedShipment(
            shippedOn: "s", carrier: "c", trackingNumber: "t", trackingURL: "/orders/1/tracking", trackingLabel: "l")
        shown.statusURL = "/orders/1/status"
        shown.version = "1"
        shown.cancelURL = "/orders/1/cancel"
        shown.requestCancelURL = "/orders/1/cancel"
        shown.cancellationRequest = ShowOrder.GetOrder.ViewModel.DisplayedCancellationRequest(
            asked: "a", reason: "r", decisionURL: "/orders/1/status")
        shown.cancellationReason = "r"
        shown.readOnlyNotice = "n"
        shown.timeline = [timelineEntry]
        shown.noteURL = "/orders/1/notes"
        shown.noteHint = "h"
        shown.csrfToken = "t"
        shown.confirmation = confirmation
        shown.lines = [
            ShowOrder.GetOrder.ViewModel.DisplayedLine(
                sku: "s", name: "n", quantity: "1", unitPrice: "u", priceNote: "p", amount: "a")
        ]
        shown.itemsNote = "i"
        shown.totals = ShowOrder.GetOrder.ViewModel.DisplayedTotals(subtotal: "s", shipping: "s", taxLabel: "l", tax: "t", total: "t")
        shown.itemForms = ShowOrder.GetOrder.ViewModel.DisplayedItemForms(
            lines: [
                .init(
                    label: "l", quantityID: "line-l1-quantity", quantityName: "line[l1][quantity]", quantity: "1", removeURL: "/r",
                    priceURL: "/p", priceID: "price-l1", reasonID: "reason-l1", price: "1.00", reason: "r", quantityError: "e",
                    priceError: "e", reasonError: "e", priceOpen: true)
            ],
            quantitiesURL: "/q", addLineURL: "/a", addSKU: "s", addQuantity: "1", addSKUError: "e", addQuantityError: "e")
        shown.errors = [.init(field: "sku", message: "m")]
        shown.formMessage = "m"
        return shown
    }

    static var slip: PrintPackingSlip.GetSlip.ViewModel.DisplayedSlip {
        var slip = PrintPackingSlip.GetSlip.ViewModel.DisplayedSlip(
            title: "t", orderID: "1", date: "d", machineDate: "m", status: "s", cancelledNotice: "c", shipTo: ["n", "a"],
            shipmentMethod: "s", orderURL: "/o")
        slip.lines = [PrintPackingSlip.GetSlip.ViewModel.DisplayedLine(sku: "s", name: "n", quantity: "1")]
        slip.itemsNote = "i"
        slip.deliveryNotes = ["d"]
        return slip
    }
    static let toDelete = DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder(
        id: "1", date: "d", name: "n", email: "e", total: "t", title: "t", deleteURL: "/d", orderURL: "/o")

    static let change = ViewOrderHistory.FetchHistory.ViewModel.DisplayedChange(field: "f", old: "o", new: "n", summary: "s")
    static let event = ViewOrderHistory.FetchHistory.ViewModel.DisplayedEvent(
        title: "t", by: "b", date: "d", machineDate: "m", changes: [change], noChanges: "n", batchURL: "/orders/bulk/1", batchLabel: "l")
    static let history = ViewOrderHistory.FetchHistory.ViewModel.DisplayedHistory(
        title: "t", orderID: "1", deletedNotice: "d", orderURL: "/o", events: [event], emptyMessage: "e", ordersURL: "/orders")

    static let cancelForm = ChangeOrderStatus.CancelForm(
        title: "t", heading: "h", summary: "s", action: "/orders/1/status", explanation: "x", version: "1", reason: "r",
        reasonError: "e", orderURL: "/orders/1", formMessage: "m")
    static let shipForm = ChangeOrderStatus.ShipForm(
        title: "t", heading: "h", summary: "s", action: "/orders/1/status", version: "1",
        carriers: [.init(id: "carrier", value: "UPS", label: "UPS", checked: true)], carrierError: "e", carrierOther: "o",
        carrierOtherError: "e", trackingNumber: "t", trackingNumberError: "e", orderURL: "/orders/1",
        errors: [.init(field: "carrier", message: "m")], formMessage: "m")
    static let trackingForm = ChangeOrderStatus.TrackingForm(
        title: "t", heading: "h", action: "/orders/1/tracking", version: "1", trackingNumber: "t", trackingNumberError: "e",
        orderURL: "/orders/1", errors: [.init(field: "trackingNumber", message: "m")], formMessage: "m")
    static let noteForm = AddOrderNote.DisplayedForm(
        title: "t", heading: "h", errors: [signInError], formMessage: "m", text: signInField, action: "/orders/1/notes", orderURL: "/orders/1",
        backLinkText: "b", forPacker: true)

    /// Each page's template and its view model, as the view controllers render them.
    static var pages: [(template: String, sample: Any)] {
        [
            ("layout", PageRenderer.Layout(title: "t", flash: "f", body: "b", header: header)),
            ("print-layout", PageRenderer.Layout(title: "t", flash: "f", body: "b", header: header)),
            ("error", ErrorPage.viewModel(for: .conflict, reason: .readOnly(orderID: "1", status: .shipped))),
            ("ListOrders/list", list),
            ("ShowOrder/show", shown),
            ("CreateOrder/form", CreateOrderViewController.FormPage(form: orderForm, csrfToken: "token")),
            ("DeleteOrder/confirm", DeleteOrderViewController.ConfirmationPage(order: toDelete, csrfToken: "t")),
            ("SignIn/form", SignInViewController.FormPage(form: signInForm, csrfToken: "t")),
            ("SetUp/form", SetUpViewController.FormPage(form: setUpForm, csrfToken: "t")),
            ("ViewOrderHistory/history", history),
            ("ChangeOrderStatus/cancel", ChangeOrderStatusViewController.CancelPage(form: cancelForm, csrfToken: "t")),
            ("ChangeOrderStatus/ship", ChangeOrderStatusViewController.ShipPage(form: shipForm, csrfToken: "t")),
            ("ChangeOrderStatus/tracking", ChangeOrderStatusViewController.TrackingPage(form: trackingForm, csrfToken: "t")),
            ("AddOrderNote/form", AddOrderNoteViewController.FormPage(form: noteForm, csrfToken: "t")),
            ("PrintPackingSlip/slip", slip),
        ] + scenePages
    }

    /// The pages of scenes made by `swift run new-scene --wire`, which adds each after the next line.
    static var scenePages: [(template: String, sample: Any)] { [
        ("EraseCustomer/form", EraseCustomerViewControllerTests.formPage),
        ("EditSavedViews/views", EditSavedViewsViewControllerTests.viewsPage),
        ("EditSavedViews/form", EditSavedViewsViewControllerTests.formPage),
        ("EditWebhooks/list", EditWebhooksViewControllerTests.listPage),
        ("EditWebhooks/form", EditWebhooksViewControllerTests.formPage),
        ("EditWebhooks/secret", EditWebhooksViewControllerTests.secretPage),
        ("EditWebhooks/endpoint", EditWebhooksViewControllerTests.endpointPage),
        ("BulkMoveOrders/confirm", BulkMoveOrdersViewControllerTests.confirmationPage),
        ("BulkMoveOrders/result", BulkMoveOrdersViewControllerTests.result),
        ("MergeCustomers/pick", MergeCustomersViewControllerTests.pickPage),
        ("MergeCustomers/preview", MergeCustomersViewControllerTests.previewPage),
        ("ListProducts/list", ListProductsViewControllerTests.viewModel),
        ("ShowProduct/show", ShowProductViewControllerTests.viewModel),
        ("ListCustomers/list", ListCustomersViewControllerTests.viewModel),
        ("ShowCustomer/show", ShowCustomerViewControllerTests.viewModel),
        ("EditCustomer/form", EditCustomerViewControllerTests.viewModel),
        ("ListTaxRates/rates", ListTaxRatesViewControllerTests.viewModel),
        ("EditTaxRate/form", EditTaxRateViewControllerTests.viewModel),
        ("EditProduct/form", EditProductViewControllerTests.viewModel),
        ("EditDraft/draft", EditDraftViewControllerTests.viewModel),
        ("PlaceDraft/check", PlaceDraftViewControllerTests.viewModel),
        ("ListDrafts/list", ListDraftsViewControllerTests.viewModel),
        ("ListAccounts/list", ListAccountsViewControllerTests.list),
        ("ListAccounts/log", ListAccountsViewControllerTests.log),
        ("EditAccount/form", EditAccountViewController.FormPage(form: EditAccountViewControllerTests.form, csrfToken: "t")),
        ("EditAccount/link", EditAccountViewControllerTests.link),
        ("EditAccount/account", EditAccountViewController.AccountPage(account: EditAccountViewControllerTests.account, csrfToken: "t")),
        ("SetPassword/form", SetPasswordViewController.FormPage(form: SetPasswordViewControllerTests.form, csrfToken: "t")),
        ("ManageTokens/tokens", ManageTokensViewController.TokensPage(page: ManageTokensViewControllerTests.page, csrfToken: "t")),
        ("ManageTokens/made", ManageTokensViewControllerTests.secret),
        ("ManageTokens/revoke", ManageTokensViewController.RevokePage(revoke: ManageTokensViewControllerTests.revoke, csrfToken: "t")),
    ] }
}
