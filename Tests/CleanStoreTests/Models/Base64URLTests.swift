import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `Base64URL` codes through swift-extras-base64; these hold it to what the app wrote and read
/// before, through Foundation (the oracle below), on every short text over characters that matter
/// and on random bytes.
final class Base64URLTests: XCTestCase {
    /// The app's base64url before ExtrasBase64: Foundation's base64 with `+/` as `-_`, unpadded.
    enum Foundation64 {
        static func encoded(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }

        static func decoded(_ text: String) -> Data? {
            guard text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
            else { return nil }
            let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            return Data(base64Encoded: standard + String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4))
        }
    }

    func testEveryTextOfUpToFourCharactersDecodesAsBefore() {
        // Both alphabets' extra characters, padding, a space, a non-ASCII letter, and letters whose
        // last bits a short final group leaves over.
        let characters = ["A", "Q", "B", "z", "9", "-", "_", "+", "/", "=", " ", "é"]
        var texts = [""]
        for _ in 1...4 {
            texts += texts.filter { $0.count == texts.last!.count }.flatMap { text in characters.map { text + $0 } }
        }
        XCTAssertEqual(texts.count, 1 + 12 + 144 + 1_728 + 20_736)
        var decoded = 0
        for text in texts {
            XCTAssertEqual(Base64URL.decoded(text), Foundation64.decoded(text), text)
            if Base64URL.decoded(text) != nil { decoded += 1 }
        }
        XCTAssertGreaterThan(decoded, 1_000, "Many of them are base64url")
    }

    func testRandomBytesCodeAsBeforeAndBack() {
        var generator = FormFuzzTests.SeededGenerator(state: 24)
        for count in 0..<200 {
            let bytes = Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            let text = Base64URL.encoded(bytes)
            XCTAssertEqual(text, Foundation64.encoded(bytes))
            XCTAssertEqual(Base64URL.decoded(text), bytes)
            XCTAssertEqual(Base64URL.decoded(text[...]), bytes, "A substring too")
        }
    }

    func testPaddingAndOtherAlphabetsAreNoBase64URL() {
        XCTAssertEqual(Base64URL.decoded("QQ"), Data("A".utf8))
        XCTAssertNil(Base64URL.decoded("QQ=="), "ExtrasBase64 alone takes the padding")
        XCTAssertNil(Base64URL.decoded("a+b/"))
        XCTAssertNil(Base64URL.decoded("Q"), "No length base64 has")
        XCTAssertEqual(Base64URL.encoded([0xFB, 0xFF]), "-_8")
    }

}
