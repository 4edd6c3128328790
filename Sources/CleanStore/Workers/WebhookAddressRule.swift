import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a webhook may be sent (no server-side request forgery): never to a loopback, private
/// (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), unspecified or
/// multicast address, nor an IPv4 one of these written as IPv6 (`::ffff:10.0.0.1`), unless the
/// server runs with `--allow-private-webhooks`. The sender checks every address a name resolves to
/// and connects to the address it checked (`WebhookSender`), so DNS cannot swap it in between.
public enum WebhookAddressRule {
    /// Whether `address` (an IPv4 or IPv6 address as text) is public; false for text that is no address.
    public static func isPublic(_ address: String) -> Bool {
        if let v4 = ipv4(address) { return isPublic(v4: v4) }
        guard let v6 = ipv6(address) else { return false }
        // An IPv4 address inside an IPv6 one: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d, and so
        // :: and ::1 themselves), or NAT64's (64:ff9b::a.b.c.d): the IPv4 rule.
        let head = Array(v6[0..<12])
        let mapped: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        let nat64: [UInt8] = [0x00, 0x64, 0xFF, 0x9B] + Array(repeating: 0, count: 8)
        if head == mapped || head == nat64 || head.allSatisfy({ $0 == 0 }) { return isPublic(v4: Array(v6[12..<16])) }
        if v6[0] & 0xFE == 0xFC { return false }  // fc00::/7
        if v6[0] == 0xFE && v6[1] & 0xC0 == 0x80 { return false }  // fe80::/10
        if v6[0] == 0xFF { return false }  // ff00::/8
        return true
    }

    static func isPublic(v4 b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _): return false  // 0/8, the unspecified address among them
        case (10, _): return false
        case (127, _): return false
        case (169, 254): return false
        case (172, 16...31): return false
        case (192, 168): return false
        case (224...239, _): return false  // multicast
        case (255, 255) where b[2] == 255 && b[3] == 255: return false  // broadcast
        default: return true
        }
    }

    static func ipv4(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
