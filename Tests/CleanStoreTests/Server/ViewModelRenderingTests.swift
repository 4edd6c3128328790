import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Templates read view models through their `MustacheParent` conformances
/// (`ViewModels+Mustache.swift`), and swift-mustache renders a name it cannot find as nothing. So
/// every stored property of every view model a template sees must be reachable by its name.
final class ViewModelRenderingTests: XCTestCase {
    /// Every stored property of `value` (found by reflection) that `child(named:)` does not answer.
    func unreachableProperties(of value: some MustacheParent) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label).filter { value.child(named: $0) == nil }
    }

    /// Every stored property of `value` whose name `child(named:)` answers with something else
    /// (a `case "name": name` inside `child(named name:)` answers the parameter, not the property).
    func misansweredProperties(of value: some MustacheParent) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let label = child.label, let answer = value.child(named: label) else { return nil }
            return text(answer) == text(child.value) ? nil : label
        }
    }

    /// A value as text, without the `Optional(…)` that one side of the comparison has.
    func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        return mirror.children.first.map { text($0.value) } ?? "nil"
    }

    func testEveryStoredPropertyOfEveryViewModelIsReachableFromTheTemplates() {
        let field = CreateOrder.DisplayedForm.DisplayedField(
            name: "email", value: "a@b.c", errorMessage: "Enter", typedValue: "x", hint: "For example, name@example.com")
        let error = CreateOrder.DisplayedForm.DisplayedError(field: "email", message: "Enter")
        let shippingMethod = CreateOrder.DisplayedForm.ShippingMethod(id: "shipmentMethodSpeed", value: "0", name: "Standard Shipping", selected: true)
        let form = CreateOrder.DisplayedForm(
            title: "t", heading: "h", submitLabel: "s", action: "/orders/1", cancelURL: "/orders/1", version: "1", orderKey: "k",
            errors: [error], formMessage: "m", fields: ["email": field], billingAddressSameAsShipping: true,
            shippingMethods: [shippingMethod], notice: "n")
        let listed = ListOrders.FetchOrders.ViewModel.DisplayedOrder(
            id: "1", url: "/orders/1", date: "d", email: "e", name: "n", total: "t", status: "New", statusClass: "status-new")
        let pagination = ListOrders.FetchOrders.ViewModel.Pagination(newerPageURL: "/orders?before=1", olderPageURL: "/orders?after=1")
        let option = ListOrders.FetchOrders.ViewModel.Option(id: "shipping-1", value: "1", label: "l", checked: true)
        let tag = ListOrders.FetchOrders.ViewModel.Tag(label: "l", removeURL: "/orders")
        let filters = ListOrders.FetchOrders.ViewModel.Filters(
            action: "/orders", text: "t", textError: "e", shippingOptions: [option], statusOptions: [option], from: "f", fromError: "e", to: "t", toError: "e",
            sort: "name", tags: [tag], clearURL: "/orders")
        let column = ListOrders.FetchOrders.ViewModel.Column(label: "l", sortURL: "/orders?sort=name", ariaSort: "none", className: "c")
        let list = ListOrders.FetchOrders.ViewModel(
            displayedOrders: [listed], pagination: pagination, errorMessage: "m", newOrderURL: "/orders/new", filters: filters,
            columns: [column], caption: "c", noMatchMessage: "n", exportURL: "/orders.csv")
        let shown = ShowOrder.GetOrder.ViewModel.DisplayedOrder(
            id: "1", date: "d", email: "e", name: "n", total: "t", phone: "p", shipmentAddress: ["a"], shipmentMethod: "s",
            billingAddress: ["b"], cardNumber: "•••• 1111", expirationDate: "04/29", title: "t", createdBy: "c", lastChanged: "l",
            editURL: "/e", historyURL: "/h", slipURL: "/s", deleteURL: "/d", ordersURL: "/orders")
        var shownWithEverything = shown
        shownWithEverything.cancelURL = "/orders/1/cancel"
        shownWithEverything.cancellationReason = "r"
        shownWithEverything.readOnlyNotice = "n"
        let note = ShowOrder.GetOrder.ViewModel.DisplayedNote(text: "t", byline: "b", machineDate: "m")
        shownWithEverything.notes = [note]
        shownWithEverything.noteURL = "/orders/1/notes"
        shownWithEverything.noteHint = "h"
        let confirmation = ShowOrder.GetOrder.ViewModel.DisplayedConfirmation(
            orderNumber: "1", confirmationNote: "n", createAnotherURL: "/orders/new")
        shownWithEverything.confirmation = confirmation
        let statusButton = ShowOrder.GetOrder.ViewModel.StatusButton(label: "Mark as paid", action: "markPaid")
        let slip = PrintPackingSlip.GetSlip.ViewModel.DisplayedSlip(
            title: "t", orderID: "1", date: "d", machineDate: "m", status: "s", cancelledNotice: "c", shipTo: ["n", "a"],
            shipmentMethod: "s", orderURL: "/o")
        let toDelete = DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder(
            id: "1", date: "d", name: "n", email: "e", total: "t", title: "t", deleteURL: "/d", orderURL: "/o")

        var header = PageRenderer.Header(signedIn: testBrowser.signedIn!, csrfToken: "t")
        header.newOrderURL = "/orders/new"
        let signInField = SignIn.DisplayedField(name: "username", value: "v", errorMessage: "e", hint: "h")
        let signInForm = SignIn.DisplayedForm(
            title: "t", notice: "n", errors: [], formMessage: "m", username: signInField, password: signInField, returnTo: "/r", draft: "d")
        let setUpForm = SetUp.DisplayedForm(
            title: "t", token: "t", errors: [], formMessage: "m", username: signInField, displayName: signInField, password: signInField,
            passwordConfirmation: signInField)
        let viewModels: [(String, any MustacheParent)] = [
            ("Layout", PageRenderer.Layout(title: "t", flash: "f", body: "b", header: header)),
            ("Layout.Header", header),
            ("SignInViewController.FormPage", SignInViewController.FormPage(form: signInForm, csrfToken: "t")),
            ("SignIn.DisplayedForm", signInForm),
            ("SignIn.DisplayedField", signInField),
            ("SignIn.DisplayedError", SignIn.DisplayedError(field: "f", message: "m")),
            ("SetUpViewController.FormPage", SetUpViewController.FormPage(form: setUpForm, csrfToken: "t")),
            ("SetUp.DisplayedForm", setUpForm),
            ("ErrorPage.ViewModel", ErrorPage.viewModel(for: .conflict, reason: .readOnly(orderID: "1", status: .shipped))),
            ("ListOrders.FetchOrders.ViewModel", list),
            ("ListOrders DisplayedOrder", listed),
            ("ListOrders Pagination", pagination),
            ("ListOrders Filters", filters),
            ("ListOrders Option", option),
            ("ListOrders Tag", tag),
            ("ListOrders Column", column),
            ("ShowOrder DisplayedOrder", shownWithEverything),
            ("ShowOrder StatusButton", statusButton),
            ("ShowOrder DisplayedNote", note),
            ("ShowOrder DisplayedConfirmation", confirmation),
            ("CreateOrderViewController.FormPage", CreateOrderViewController.FormPage(form: form, csrfToken: "token")),
            ("CreateOrder.DisplayedForm", form),
            ("DisplayedField", field),
            ("DisplayedError", error),
            ("ShippingMethod", shippingMethod),
            ("DeleteOrderViewController.ConfirmationPage", DeleteOrderViewController.ConfirmationPage(order: toDelete, csrfToken: "t")),
            ("DeleteOrder DisplayedOrder", toDelete),
            ("PrintPackingSlip DisplayedSlip", slip),
        ]
        for (name, viewModel) in viewModels {
            XCTAssertEqual(unreachableProperties(of: viewModel), [], "\(name): add these to its MustacheParent conformance")
            XCTAssertEqual(misansweredProperties(of: viewModel), [], "\(name): these names answer something other than their property")
        }
    }

    func testAPropertyLeftOutOfTheConformanceIsFound() {
        struct Incomplete: MustacheParent {
            var listed = "yes"
            var forgotten = "no"
            func child(named name: String) -> Any? { name == "listed" ? listed : nil }
        }
        XCTAssertEqual(unreachableProperties(of: Incomplete()), ["forgotten"])
    }

    func testANameThatAnswersTheParameterIsFound() {
        struct Shadowed: MustacheParent {
            var name = "username"
            var value: String? = "sam"
            func child(named name: String) -> Any? {
                switch name {
                case "name": name
                case "value": value
                default: nil
                }
            }
        }
        XCTAssertEqual(misansweredProperties(of: Shadowed()), ["name"])
    }
}
