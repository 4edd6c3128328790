import Foundation
import Vapor

// Leaf contexts. Leaf renders whatever Encodable it is given; these carry what the templates
// show, in the shape the templates want.

struct ListContext: Encodable {
    let title = "Orders"
    let flash: String?
    /// DTOs, not the Fluent models: Vapor's template maps models to DTOs (`Todo.toDTO()`) for what it
    /// sends out, and a row needs 6 of an order's 21 fields (no card number or CVV in the context).
    let orders: [OrderRow]
    let hasOrders: Bool
    /// Not the first page: the list links back to the newest orders.
    let laterPage: Bool
    /// The `before` of the next page (the last id shown), nil on the last page.
    let next: Int?
}

/// One row of the list, as Vapor's template's `TodoDTO` is made from a `Todo` (`Order.toRow()`).
struct OrderRow: Encodable {
    let id: Int?
    let createdAt: Date?
    let firstName: String
    let lastName: String
    let email: String
    let total: String
}

struct DetailContext: Encodable {
    let title: String
    let order: Order
    let name: String
    let shippingMethod: String
    let cardLast4: String

    init(order: Order) {
        self.title = "Order #\(order.id ?? 0)"
        self.order = order
        self.name = order.name
        self.shippingMethod = order.shippingMethod.label
        self.cardLast4 = order.cardLast4
    }
}

struct FormContext: Encodable {
    let title: String
    let action: String
    let csrfToken: String
    let sections: [Section]
    /// nil when there are none, so that `#if(errors):` is false.
    let errors: [ErrorItem]?

    struct Section: Encodable {
        let title: String
        let fields: [Field]
    }

    struct Field: Encodable {
        let name: String
        let label: String
        let type: String
        let classes: String
        let required: Bool
        let maxlength: Int?
        let value: String?
        let errors: [String]?
        let help: String?
        let inputmode: String?
        let autocomplete: String?
        let placeholder: String?
        let step: String?
        let options: [Option]?
        let describedBy: String?
    }

    struct Option: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct ErrorItem: Encodable {
        let id: String
        let label: String
        let message: String
    }

    /// One form field as the Django peer's ModelForm renders it.
    struct Spec {
        var name: String
        var label: String
        var maxlength: Int?
        var type = "text"
        var required = true
        var help: String? = nil
        var inputmode: String? = nil
        var autocomplete: String? = nil
        var placeholder: String? = nil
        var step: String? = nil
        var choices: [(String, String)]? = nil
    }

    static let layout: [(String, [Spec])] = [
        ("Customer contact", [
            Spec(name: "first_name", label: "First name", maxlength: 100),
            Spec(name: "last_name", label: "Last name", maxlength: 100),
            Spec(name: "phone", label: "Phone", maxlength: 30),
            Spec(name: "email", label: "Email", maxlength: 254, type: "email"),
        ]),
        ("Shipment address", [
            Spec(name: "ship_street1", label: "Street", maxlength: 200),
            Spec(name: "ship_street2", label: "Street, line 2", maxlength: 200, required: false),
            Spec(name: "ship_city", label: "City", maxlength: 100),
            Spec(name: "ship_state", label: "State", maxlength: 100),
            Spec(name: "ship_zip", label: "ZIP", maxlength: 10),
        ]),
        ("Shipping method", [
            Spec(name: "shipping_method", label: "Shipping method", type: "select",
                 choices: [("", "---------")] + ShippingMethod.allCases.map { ($0.rawValue, $0.label) }),
        ]),
        ("Payment", [
            Spec(name: "card_number", label: "Card number", maxlength: 19,
                 inputmode: "numeric", autocomplete: "cc-number"),
            Spec(name: "card_expiration", label: "Expiration date", maxlength: 5, help: "MM/YY",
                 autocomplete: "cc-exp", placeholder: "MM/YY"),
            Spec(name: "card_cvv", label: "CVV", maxlength: 4, inputmode: "numeric", autocomplete: "cc-csc"),
        ]),
        ("Billing address", [
            Spec(name: "bill_street1", label: "Street", maxlength: 200),
            Spec(name: "bill_street2", label: "Street, line 2", maxlength: 200, required: false),
            Spec(name: "bill_city", label: "City", maxlength: 100),
            Spec(name: "bill_state", label: "State", maxlength: 100),
            Spec(name: "bill_zip", label: "ZIP", maxlength: 10),
        ]),
        ("Order total", [
            Spec(name: "total", label: "Total", type: "number", step: "0.01"),
        ]),
    ]

    init(action: String, csrfToken: String, values: [String: String] = [:], errors: [String: [String]] = [:]) {
        self.action = action
        self.csrfToken = csrfToken
        self.title = (errors.isEmpty ? "" : "Error: ") + "New order"
        var summary: [ErrorItem] = []
        self.sections = Self.layout.map { title, specs in
            Section(title: title, fields: specs.map { spec in
                let value = values[spec.name].flatMap { $0.isEmpty ? nil : $0 }
                let fieldErrors = errors[spec.name].flatMap { $0.isEmpty ? nil : $0 }
                for message in fieldErrors ?? [] {
                    summary.append(ErrorItem(id: "id_" + spec.name, label: spec.label, message: message))
                }
                var describedBy: [String] = []
                if spec.help != nil { describedBy.append("id_\(spec.name)_helptext") }
                if fieldErrors != nil { describedBy.append("id_\(spec.name)_error") }
                return Field(
                    name: spec.name, label: spec.label, type: spec.type,
                    classes: (spec.required ? " required" : "") + (fieldErrors != nil ? " error" : ""),
                    required: spec.required, maxlength: spec.maxlength, value: value,
                    errors: fieldErrors, help: spec.help, inputmode: spec.inputmode,
                    autocomplete: spec.autocomplete, placeholder: spec.placeholder, step: spec.step,
                    options: spec.choices?.map { Option(value: $0.0, label: $0.1, selected: $0.0 == (value ?? "")) },
                    describedBy: describedBy.isEmpty ? nil : describedBy.joined(separator: " ")
                )
            })
        }
        self.errors = summary.isEmpty ? nil : summary
    }
}
