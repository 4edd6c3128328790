import Foundation
import XCTest

@testable import CleanStore

/// The webhooks' rules in plain Swift: where one may be sent, its signature, the retries' backoff,
/// what a history entry tells, and a secret's form.
final class WebhookRulesTests: XCTestCase {
    func testOnlyPublicAddressesAreSentTo() {
        let table: [(String, Bool)] = [
            ("93.184.216.34", true), ("8.8.8.8", true), ("172.15.255.255", true), ("172.32.0.1", true), ("192.169.0.1", true),
            ("169.253.1.1", true), ("100.64.0.1", true), ("223.255.255.255", true),
            ("127.0.0.1", false), ("127.255.255.254", false), ("10.0.0.1", false), ("10.255.255.255", false),
            ("172.16.0.1", false), ("172.31.255.255", false), ("192.168.1.1", false), ("169.254.169.254", false),
            ("0.0.0.0", false), ("0.1.2.3", false), ("224.0.0.1", false), ("239.255.255.250", false), ("255.255.255.255", false),
            ("2606:2800:220:1:248:1893:25c8:1946", true), ("2001:4860:4860::8888", true),
            ("::1", false), ("::", false), ("fc00::1", false), ("fd12:3456::1", false), ("fe80::1", false), ("febf::1", false),
            ("ff02::1", false), ("::ffff:127.0.0.1", false), ("::ffff:10.1.2.3", false), ("::ffff:169.254.169.254", false),
            ("::ffff:93.184.216.34", true), ("64:ff9b::a00:1", false), ("::127.0.0.1", false), ("fec0::1", true),
            ("localhost", false), ("example.com", false), ("", false), ("1.2.3", false), ("::ffff:999.1.1.1", false),
        ]
        for (address, isPublic) in table {
            XCTAssertEqual(WebhookAddressRule.isPublic(address), isPublic, address)
        }
    }

    /// The Standard Webhooks specification's example (and its reference libraries' test vector).
    func testTheSignatureIsTheStandardWebhooksOne() {
        let signature = WebhookSignature.sign(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: #"{"test": 2432232314}"#,
            secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        XCTAssertEqual(signature, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        XCTAssertNil(WebhookSignature.sign(id: "msg_1", timestamp: 1, body: "{}", secret: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))

        let headers = WebhookSignature.headers(
            id: "msg_1", at: Date(timeIntervalSince1970: 1_614_265_330.9), body: "{}", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        XCTAssertEqual(headers?.map(\.0), ["content-type", "webhook-id", "webhook-timestamp", "webhook-signature"])
        XCTAssertEqual(headers?[2].1, "1614265330", "whole seconds")
    }

    func testASecretIsWhsecAndTheBase64OfThirtyTwoBytes() throws {
        let secret = WebhookSecret.make(bytes: Array(0..<32))
        XCTAssertTrue(secret.hasPrefix("whsec_"))
        XCTAssertEqual(WebhookSecret.key(of: secret), Data(Array(0..<32)))
        let random = WebhookSecret.random()
        XCTAssertEqual(try XCTUnwrap(WebhookSecret.key(of: random)).count, 32)
        XCTAssertNotEqual(random, WebhookSecret.random())
        XCTAssertEqual(WebhookEndpoint(id: 1, url: "https://x", events: [], secret: secret, createdAt: Date()).secretHint, "whsec_AAEC…")
    }

    func testTheBackoffDoublesFromThirtySecondsToSixHoursAndGivesUpAfterTheLastAttempt() {
        XCTAssertEqual((1...6).map(WebhookAttempts.backoff(afterAttempts:)), [30, 60, 120, 240, 480, 960])
        XCTAssertEqual(WebhookAttempts.backoff(afterAttempts: 20), 6 * 3600)
        XCTAssertEqual(WebhookAttempts.backoff(afterAttempts: 200), 6 * 3600)

        let t0 = Date(timeIntervalSince1970: 1_000_000)
        var delivery = WebhookDelivery(
            id: 1, endpointID: 1, eventType: .orderPlaced, webhookID: "msg_1", orderID: "1", payload: "{}", createdAt: t0, nextAttemptAt: t0)
        delivery = WebhookAttempts.after(delivery, .answered(status: 302), at: t0)
        XCTAssertEqual(delivery.lastError, "Redirect not followed")
        XCTAssertEqual(delivery.nextAttemptAt, t0.addingTimeInterval(30))
        XCTAssertEqual(delivery.state, .pending)
        for _ in 2..<WebhookAttempts.maximum { delivery = WebhookAttempts.after(delivery, .answered(status: 503), at: t0) }
        XCTAssertEqual(delivery.state, .pending)
        delivery = WebhookAttempts.after(delivery, .notAnswered(reason: "timed out"), at: t0)
        XCTAssertEqual(delivery.state, .failed)
        XCTAssertEqual(delivery.attempts, WebhookAttempts.maximum)
        XCTAssertNil(delivery.lastStatus)
        XCTAssertNil(delivery.nextAttemptAt)
    }

    func testWhatEachHistoryEntryTellsWebhooks() {
        let at = Date(timeIntervalSince1970: 1_000_000)
        func event(_ kind: OrderEvent.Kind, _ change: OrderEvent.StatusChange? = nil) -> OrderEvent {
            OrderEvent(orderID: "7", kind: kind, by: nil, at: at, statusChange: change)
        }
        XCTAssertEqual(WebhookOutbox.eventType(of: event(.created)), .orderPlaced)
        XCTAssertEqual(WebhookOutbox.eventType(of: event(.updated, .init(from: .new, to: .paid))), .orderStatusChanged)
        XCTAssertEqual(WebhookOutbox.eventType(of: event(.updated, .init(from: .packed, to: .paid))), .orderStatusChanged, "an undo")
        XCTAssertEqual(WebhookOutbox.eventType(of: event(.updated, .init(from: .paid, to: .cancelled, reason: "r"))), .orderCancelled)
        XCTAssertNil(WebhookOutbox.eventType(of: event(.updated)), "an edit")
        XCTAssertNil(WebhookOutbox.eventType(of: event(.deleted)))

        let order = WebhookOrderSummary(
            id: "7", version: 3, status: .cancelled, subtotalCents: 2_500, shippingCents: 999, taxCents: 222, totalCents: 3_721,
            customerID: 4)
        let message = WebhookOutbox.message(for: event(.updated, .init(from: .paid, to: .cancelled, reason: "Asked to")), order: order)
        XCTAssertEqual(message?.webhookID, "msg_7_3_1000000000")
        XCTAssertEqual(
            message?.payload,
            #"{"data":{"customerId":"4","id":"7","previousStatus":"paid","reason":"Asked to","shippingCost":{"amount":999,"currency":"USD"},"#
                + #""status":"cancelled","subtotal":{"amount":2500,"currency":"USD"},"tax":{"amount":222,"currency":"USD"},"#
                + #""total":{"amount":3721,"currency":"USD"},"version":3},"timestamp":"1970-01-12T13:46:40.000Z","type":"order.cancelled"}"#)
    }
}
