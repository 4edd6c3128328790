import Foundation

/// The `drafts` table as both SQL stores read and write it, by position (as `OrderColumns`); its
/// lines are `OrderLineColumns.ofDraft`. A draft holds no card data: there is no column for one.
enum DraftColumns {
    static let selected = """
        id, ref, first_name, last_name, phone, email, \
        shipment_street1, shipment_street2, shipment_city, shipment_state, shipment_zip, shipment_speed, \
        billing_same, billing_street1, billing_street2, billing_city, billing_state, billing_zip, \
        next_line_number, version, created_at, created_by_username, created_by_display_name, \
        updated_at, updated_by_username, updated_by_display_name, customer_id, repeats_order_id
        """

    /// The columns a create writes: the reference and who created the draft when, with `written`'s.
    static func created(_ draft: Draft) -> [(name: String, value: OrderColumns.Value)] {
        [
            ("ref", .text(draft.ref)),
            ("created_at", .real(draft.createdAt.timeIntervalSince1970)),
            ("created_by_username", draft.createdBy.map { .text($0.username) } ?? .null),
            ("created_by_display_name", draft.createdBy.map { .text($0.displayName) } ?? .null),
            ("repeats_order_id", draft.repeatsOrderID.map { .integer(Int($0)) } ?? .null),
        ] + written(draft)
    }

    /// The columns a change writes: every section, the version, who changed it last and when.
    static func written(_ draft: Draft) -> [(name: String, value: OrderColumns.Value)] {
        let shipment = draft.shipmentAddress
        let billing = draft.billingAddress
        return [
            ("first_name", .text(draft.contact.firstName)),
            ("last_name", .text(draft.contact.lastName)),
            ("phone", .text(draft.contact.phone)),
            ("email", .text(draft.contact.email)),
            ("shipment_street1", .text(shipment.street1)),
            ("shipment_street2", .text(shipment.street2)),
            ("shipment_city", .text(shipment.city)),
            ("shipment_state", .text(shipment.state)),
            ("shipment_zip", .text(shipment.zip)),
            ("shipment_speed", .integer(draft.shipmentMethod.speed.rawValue)),
            ("billing_same", .bool(draft.billingSameAsShipping)),
            ("billing_street1", .text(billing.street1)),
            ("billing_street2", .text(billing.street2)),
            ("billing_city", .text(billing.city)),
            ("billing_state", .text(billing.state)),
            ("billing_zip", .text(billing.zip)),
            ("customer_id", draft.customerID.map { .integer(Int($0)) } ?? .null),
            ("next_line_number", .integer(draft.nextLineNumber)),
            ("version", .integer(draft.version)),
            ("updated_at", .real(draft.updatedAt.timeIntervalSince1970)),
            ("updated_by_username", draft.updatedBy.map { .text($0.username) } ?? .null),
            ("updated_by_display_name", draft.updatedBy.map { .text($0.displayName) } ?? .null),
        ]
    }

    /// The draft in a row of `selected` (without its lines), and its row id.
    static func draft<Row: OrderRow>(from row: Row) throws -> (rowID: Int64, draft: Draft) {
        func address(_ index: Int) throws -> Address {
            Address(
                street1: try row.text(index), street2: try row.text(index + 1), city: try row.text(index + 2),
                state: try row.text(index + 3), zip: try row.text(index + 4))
        }
        var draft = Draft(
            ref: try row.text(1),
            contact: Draft.Contact(firstName: try row.text(2), lastName: try row.text(3), phone: try row.text(4), email: try row.text(5)),
            shipmentAddress: try address(6), billingSameAsShipping: try row.bool(12), billingAddress: try address(13),
            shipmentMethod: ShipmentMethod(speed: ShipmentMethod.ShippingSpeed(rawValue: try row.int(11)) ?? .standard),
            nextLineNumber: try row.int(18), version: try row.int(19), createdAt: Date(timeIntervalSince1970: try row.double(20)),
            createdBy: try OrderColumns.accountName(row, 21), updatedAt: Date(timeIntervalSince1970: try row.double(23)))
        draft.updatedBy = try OrderColumns.accountName(row, 24)
        draft.customerID = try row.optionalInt64(26)
        draft.repeatsOrderID = try row.optionalInt64(27)
        return (try row.int64(0), draft)
    }
}
