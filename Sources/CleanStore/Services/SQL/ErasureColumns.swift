import Foundation

/// What both SQL stores read and write of an order to erase its customer's personal data
/// (`PersonalDataErasure`, `CustomersStoreProtocol.eraseCustomer`): its contact, addresses and
/// reasons, read by position, never its card (the erasure removes it unread).
enum ErasureColumns {
    static let orderSelected = """
        id, first_name, last_name, phone, email, \
        shipment_street1, shipment_street2, shipment_city, shipment_state, shipment_zip, \
        billing_street1, billing_street2, billing_city, billing_state, billing_zip, \
        cancellation_reason, cancellation_request_reason
        """

    /// An order of the customer erased, as read.
    struct StoredOrder: Sendable {
        var id: Int64
        var contact: PersonalDataErasure.Contact
        var cancellationReason: String?
        var cancellationRequestReason: String?
    }

    static func order<Row: OrderRow>(from row: Row) throws -> StoredOrder {
        func address(_ first: Int) throws -> Address {
            Address(
                street1: try row.text(first), street2: try row.text(first + 1), city: try row.text(first + 2), state: try row.text(first + 3),
                zip: try row.text(first + 4))
        }
        return StoredOrder(
            id: try row.int64(0),
            contact: PersonalDataErasure.Contact(
                firstName: try row.text(1), lastName: try row.text(2), phone: try row.text(3), email: try row.text(4),
                shipping: try address(5), billing: try address(10)),
            cancellationReason: try row.optionalText(15), cancellationRequestReason: try row.optionalText(16))
    }

    /// The columns an erased order writes (besides its card, version and who changed it): its
    /// contact and addresses erased, the search columns made of them, the last four gone, the
    /// reasons scrubbed.
    static func erased(_ order: StoredOrder, by erasure: PersonalDataErasure) -> [(name: String, value: OrderColumns.Value)] {
        let contact = PersonalDataErasure.erased(order.contact)
        let search = OrderSearch.searchColumns(of: [
            contact.firstName, contact.lastName, contact.email, contact.phone, contact.shipping.city, contact.shipping.zip,
            contact.billing.city, contact.billing.zip, contact.shipping.street1, contact.billing.street1,
        ])
        var columns: [(name: String, value: OrderColumns.Value)] = [
            ("first_name", .text(contact.firstName)), ("last_name", .text(contact.lastName)), ("phone", .text(contact.phone)),
            ("email", .text(contact.email)),
            ("shipment_street1", .text(contact.shipping.street1)), ("shipment_street2", .text(contact.shipping.street2)),
            ("shipment_city", .text(contact.shipping.city)), ("shipment_state", .text(contact.shipping.state)),
            ("shipment_zip", .text(contact.shipping.zip)),
            ("billing_street1", .text(contact.billing.street1)), ("billing_street2", .text(contact.billing.street2)),
            ("billing_city", .text(contact.billing.city)), ("billing_state", .text(contact.billing.state)),
            ("billing_zip", .text(contact.billing.zip)),
            ("search_text", .text(search.searchText)), ("sort_name", .text(search.sortName)), ("card_last4", .text("")),
            ("cancellation_reason", order.cancellationReason.map { .text(erasure.scrub($0)) } ?? .null),
            ("cancellation_request_reason", order.cancellationRequestReason.map { .text(erasure.scrub($0)) } ?? .null),
        ]
        // The duplicate check's keys of the erased phone and email (`OrderColumns.personKeys`).
        columns += OrderColumns.personKeys(phone: contact.phone, email: contact.email)
        return columns
    }

    /// A history entry's changes, from their JSON.
    static func changes(_ json: String) throws -> [OrderChange] {
        try JSONDecoder().decode([OrderChange].self, from: Data(json.utf8))
    }

    /// The JSON of a history entry's changes, as the stores write it.
    static func json(_ changes: [OrderChange]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(changes), as: UTF8.self)
    }
}
