import ExtrasBase64
import Foundation

/// base64url without padding (RFC 4648 §5), as the app writes every id, token, key and signature
/// it hands out (session ids, CSRF cookies, flashes, order keys, list cursors). The coding is
/// swift-extras-base64's; what is written here is the one rule it does not keep: a text is
/// base64url only when every character is of its alphabet. ExtrasBase64 also takes `=` padding at
/// the end (`QQ==`), which no text the app writes has, so a padded text stays no token, as it was.
enum Base64URL {
    /// `bytes` in base64url, unpadded.
    static func encoded(_ bytes: some Collection<UInt8>) -> String {
        Base64.encodeToString(bytes: bytes, options: [.base64UrlAlphabet, .omitPaddingCharacter])
    }

    /// The bytes `text` is the base64url of; nil unless it is all of the alphabet (no padding) and
    /// a length base64 can have. Bits left over in the last character are not looked at (as
    /// Foundation's decoder did not).
    static func decoded(_ text: some StringProtocol) -> Data? {
        guard text.utf8.allSatisfy(isAlphabetByte),
            let bytes = try? Base64.decode(string: String(text), options: [.base64UrlAlphabet, .omitPaddingCharacter])
        else { return nil }
        return Data(bytes)
    }

    /// A letter, a digit, `-` or `_`.
    static func isAlphabetByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
