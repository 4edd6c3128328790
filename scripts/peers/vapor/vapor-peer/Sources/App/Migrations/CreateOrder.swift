import Fluent

struct CreateOrder: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Order.schema)
            .field(.id, .int, .identifier(auto: true))
            .field("created_at", .datetime, .required)
            .field("first_name", .string, .required)
            .field("last_name", .string, .required)
            .field("phone", .string, .required)
            .field("email", .string, .required)
            .field("ship_street1", .string, .required)
            .field("ship_street2", .string, .required)
            .field("ship_city", .string, .required)
            .field("ship_state", .string, .required)
            .field("ship_zip", .string, .required)
            .field("shipping_method", .string, .required)
            .field("card_number", .string, .required)
            .field("card_expiration", .string, .required)
            .field("card_cvv", .string, .required)
            .field("bill_street1", .string, .required)
            .field("bill_street2", .string, .required)
            .field("bill_city", .string, .required)
            .field("bill_state", .string, .required)
            .field("bill_zip", .string, .required)
            .field("total", .string, .required)
            .create()
        // No index beside the primary key: the list pages by id (`OrderController.index`), and an
        // index nothing reads would only cost every create.
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Order.schema).delete()
    }
}
