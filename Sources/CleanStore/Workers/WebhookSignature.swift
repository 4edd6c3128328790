import Crypto
import Foundation

/// The Standard Webhooks signature: `v1,` and the base64 of the HMAC-SHA256 of
/// `"{webhook-id}.{webhook-timestamp}.{body}"`, keyed with the secret's bytes (the base64 after
/// `whsec_`). A receiver computes the same and compares it in constant time.
public enum WebhookSignature {
    /// The `webhook-signature` header's value; nil for a secret of another form.
    public static func sign(id: String, timestamp: Int64, body: String, secret: String) -> String? {
        guard let key = WebhookSecret.key(of: secret) else { return nil }
        let message = Data("\(id).\(timestamp).\(body)".utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))
        return "v1," + Data(mac).base64EncodedString()
    }

    /// The three headers of one attempt (`webhook-id`, `webhook-timestamp` in Unix seconds,
    /// `webhook-signature`), and the JSON content type.
    public static func headers(id: String, at: Date, body: String, secret: String) -> [(String, String)]? {
        let timestamp = Int64(at.timeIntervalSince1970.rounded(.down))
        guard let signature = sign(id: id, timestamp: timestamp, body: body, secret: secret) else { return nil }
        return [
            ("content-type", "application/json"), ("webhook-id", id), ("webhook-timestamp", String(timestamp)),
            ("webhook-signature", signature),
        ]
    }
}
