import Foundation

/// The `customers` and `customer_events` tables (SQLite v17, PostgreSQL 16) as both SQL stores
/// read and write them: the same columns in the same order, read by position. An event's changes
/// are one JSON array, as a product event's (`ProductColumns`).
enum CustomerColumns {
    static let selected = """
        id, first_name, last_name, phone, email, \
        shipping_street1, shipping_street2, shipping_city, shipping_state, shipping_zip, \
        billing_street1, billing_street2, billing_city, billing_state, billing_zip, note, version, \
        created_at, created_by_username, created_by_display_name, updated_at, updated_by_username, updated_by_display_name, \
        merged_into
        """

    /// The customer in a row of `selected`, its columns from `offset` on.
    static func customer<Row: OrderRow>(from row: Row, offset: Int = 0) throws -> Customer {
        func address(_ first: Int) throws -> Address {
            Address(
                street1: try row.text(offset + first), street2: try row.text(offset + first + 1), city: try row.text(offset + first + 2),
                state: try row.text(offset + first + 3), zip: try row.text(offset + first + 4))
        }
        return Customer(
            id: try row.int64(offset), firstName: try row.text(offset + 1), lastName: try row.text(offset + 2),
            phone: try row.text(offset + 3), email: try row.text(offset + 4), shippingAddress: try address(5),
            billingAddress: try address(10), note: try row.text(offset + 15), version: try row.int(offset + 16),
            createdAt: Date(timeIntervalSince1970: try row.double(offset + 17)), createdBy: try OrderColumns.accountName(row, offset + 18),
            updatedAt: try row.optionalDouble(offset + 20).map(Date.init(timeIntervalSince1970:)),
            updatedBy: try OrderColumns.accountName(row, offset + 21), mergedInto: try row.optionalInt64(offset + 23))
    }

    /// The columns a customer writes (all but id and who created and changed it), with their values.
    static func written(_ customer: Customer) -> [(name: String, value: String)] {
        let ship = customer.shippingAddress
        let bill = customer.billingAddress
        return [
            ("first_name", customer.firstName), ("last_name", customer.lastName), ("phone", customer.phone),
            ("email", customer.email), ("shipping_street1", ship.street1), ("shipping_street2", ship.street2),
            ("shipping_city", ship.city), ("shipping_state", ship.state), ("shipping_zip", ship.zip),
            ("billing_street1", bill.street1), ("billing_street2", bill.street2), ("billing_city", bill.city),
            ("billing_state", bill.state), ("billing_zip", bill.zip), ("note", customer.note),
            ("search_text", CustomerSearch.searchText(of: customer)), ("sort_name", CustomerSearch.sortName(of: customer)),
            ("phone_reversed", CustomerSearch.phoneReversed(of: customer)),
            ("phone_key", CustomerSearch.phoneKey(customer.phone)), ("email_key", CustomerSearch.emailKey(customer.email)),
        ]
    }

    /// An order of a customer (`CustomerOrder`), after the customer's id: `customer_id` first.
    static let orderSelected = "customer_id, id, created_at, status, total_cents"

    /// The customer's id and their order in a row of `orderSelected`.
    static func order<Row: OrderRow>(from row: Row) throws -> (customerID: Int64, order: CustomerOrder) {
        let status = try row.text(3)
        guard let known = OrderStatus(rawValue: status) else { throw CustomersStoreError.unavailable("Unknown order status: \(status)") }
        return (
            try row.int64(0),
            CustomerOrder(
                id: String(try row.int64(1)), date: Date(timeIntervalSince1970: try row.double(2)), status: known,
                totalCents: try row.int64(4))
        )
    }

    /// The condition of `summaries`' two queries over `orders`, for customers listed in `list`.
    static func summaries(list: String) -> (figures: String, newest: String) {
        (
            """
            SELECT customer_id, count(*), CAST(COALESCE(sum(CASE WHEN status <> 'cancelled' THEN total_cents ELSE 0 END), 0) AS BIGINT)
            FROM orders WHERE customer_id IN (\(list)) GROUP BY customer_id
            """,
            """
            SELECT \(orderSelected) FROM orders o WHERE customer_id IN (\(list)) AND NOT EXISTS (
                SELECT 1 FROM orders n WHERE n.customer_id = o.customer_id
                AND (n.created_at > o.created_at OR (n.created_at = o.created_at AND n.id > o.id)))
            """
        )
    }

    static let eventSelected = "customer_id, kind, happened_at, by_username, by_display_name, changes"

    /// The JSON of an event's changes.
    static func changesJSON(_ event: CustomerEvent) throws -> String {
        // Most events of the linking change nothing: no encoder for them.
        if event.changes.isEmpty { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(event.changes), as: UTF8.self)
    }

    /// The event in a row of `eventSelected`.
    static func event<Row: OrderRow>(from row: Row) throws -> CustomerEvent {
        let kind = try row.text(1)
        guard let known = CustomerEvent.Kind(rawValue: kind) else {
            throw CustomersStoreError.unavailable("Unknown kind of customer event: \(kind)")
        }
        return CustomerEvent(
            customerID: try row.int64(0), kind: known, by: try OrderColumns.accountName(row, 3),
            at: Date(timeIntervalSince1970: try row.double(2)),
            changes: try JSONDecoder().decode([OrderChange].self, from: Data(try row.text(5).utf8)))
    }

    /// What a search asks (`CustomerSearch.query`), as an SQL condition; `placeholder` gives the
    /// n-th parameter's text, `function` is `instr` (SQLite) or `strpos` (PostgreSQL). Returns
    /// the condition and its parameters, in order: texts, or order numbers (`Int64`). A customer
    /// merged into another is found by no search.
    static func condition(
        _ query: CustomerSearch.Query, function: String, placeholder: (Int) -> String
    ) -> (sql: String, parameters: [CustomerSearchParameter]) {
        let found = searched(query, function: function, placeholder: placeholder)
        return ("merged_into IS NULL AND \(found.sql)", found.parameters)
    }

    private static func searched(
        _ query: CustomerSearch.Query, function: String, placeholder: (Int) -> String
    ) -> (sql: String, parameters: [CustomerSearchParameter]) {
        var parameters: [CustomerSearchParameter] = []
        func next(_ parameter: CustomerSearchParameter) -> String {
            parameters.append(parameter)
            return placeholder(parameters.count - 1)
        }
        func ofOrder(_ number: Int64) -> String {
            "id IN (SELECT customer_id FROM orders WHERE id = \(next(.number(number))))"
        }
        switch query {
        case .everyone:
            return ("1 = 1", [])
        case .phone(let reversed, let number):
            var alternatives = ["(phone_reversed >= \(next(.text(reversed))) AND phone_reversed < \(next(.text(reversed + ":"))))"]
            let shorter = CustomerSearch.shorterPhones(reversed: reversed)
            if !shorter.isEmpty { alternatives.append("phone_reversed IN (\(shorter.map { next(.text($0)) }.joined(separator: ", ")))") }
            if let number { alternatives.append(ofOrder(number)) }
            return ("(" + alternatives.joined(separator: " OR ") + ")", parameters)
        case .words(let words):
            let conditions = words.map { word -> String in
                switch word {
                case .orderNumber(let number): return ofOrder(number)
                case .text(let folded, let number):
                    let text = "\(function)(search_text, \(next(.text(folded)))) > 0"
                    return number.map { "(\(text) OR \(ofOrder($0)))" } ?? text
                }
            }
            return (conditions.joined(separator: " AND "), parameters)
        }
    }

    /// Customers after (`>`) or before (`<`) a cursor in the list's order; `placeholder` as above.
    static func keyset(_ comparison: String, sortName: String, id: String) -> String {
        "(sort_name \(comparison) \(sortName) OR (sort_name = \(sortName) AND id \(comparison) \(id)))"
    }
}

/// One parameter of a customer search's SQL.
enum CustomerSearchParameter: Equatable {
    case text(String)
    case number(Int64)
}
