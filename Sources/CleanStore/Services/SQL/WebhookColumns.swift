import Foundation

/// The webhooks' columns both SQL back ends read (`webhook_endpoints`, `webhook_deliveries`), and
/// the order's columns a delivery's payload is made from (`WebhookOrderSummary`).
enum WebhookColumns {
    static let endpoint = "id, url, events, secret, enabled, version, created_at"
    static let delivery = """
        id, endpoint_id, event_type, webhook_id, order_id, payload, created_at, attempts, next_attempt_at, last_status, \
        last_error, last_attempt_at, state
        """
    static let deliveryCount = 13
    /// `delivery`, each column named with the table's alias `d`.
    static let deliveryInJoin = delivery.split(separator: ",").map { "d." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .joined(separator: ", ")
    static let orderSummary = "version, status, subtotal_cents, shipping_cents, tax_cents, total_cents, customer_id, items_recorded"

    static func endpoint(from row: some OrderRow) throws -> WebhookEndpoint {
        WebhookEndpoint(
            id: try row.int64(0), url: try row.text(1), events: WebhookOutbox.events(from: try row.text(2)), secret: try row.text(3),
            isEnabled: try row.bool(4), version: try row.int(5), createdAt: Date(timeIntervalSince1970: try row.double(6)))
    }

    static func delivery(from row: some OrderRow) throws -> WebhookDelivery {
        guard let eventType = WebhookEventType(rawValue: try row.text(2)), let state = WebhookDeliveryState(rawValue: try row.text(12))
        else { throw WebhooksStoreError.unavailable("A webhook delivery holds an unknown event type or state") }
        return WebhookDelivery(
            id: try row.int64(0), endpointID: try row.int64(1), eventType: eventType, webhookID: try row.text(3), orderID: try row.text(4),
            payload: try row.text(5), createdAt: Date(timeIntervalSince1970: try row.double(6)), attempts: try row.int(7),
            nextAttemptAt: try row.optionalDouble(8).map(Date.init(timeIntervalSince1970:)), lastStatus: try row.optionalInt64(9).map(Int.init),
            lastError: try row.optionalText(10), lastAttemptAt: try row.optionalDouble(11).map(Date.init(timeIntervalSince1970:)),
            state: state)
    }

    /// The order `rowID` as a row of `orderSummary` holds it (an order keyed before lines: its
    /// shipping alone, as `OrderTotal.totals` reads it).
    static func orderSummary(rowID: Int64, from row: some OrderRow) throws -> WebhookOrderSummary? {
        guard let status = OrderStatus(rawValue: try row.text(1)) else { return nil }
        let recorded = try row.bool(7)
        let shipping = try row.int64(3)
        return WebhookOrderSummary(
            id: String(rowID), version: try row.int(0), status: status, subtotalCents: recorded ? try row.int64(2) : 0,
            shippingCents: shipping, taxCents: recorded ? try row.int64(4) : 0, totalCents: recorded ? try row.int64(5) : shipping,
            customerID: try row.optionalInt64(6))
    }
}
