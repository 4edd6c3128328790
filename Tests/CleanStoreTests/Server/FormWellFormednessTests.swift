import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `FormDecoding.isWellFormed` checks bytes by hand. It refuses every body Foundation's percent-decoding
/// of each name and value refused, and also bytes that are no UTF-8 at all (a lone `%A9`), which
/// Foundation on Linux let through, and a NUL (issue 25), which Foundation decodes.
final class FormWellFormednessTests: XCTestCase {
    /// What the check was before (Foundation), kept here as the reference, and no NUL.
    func reference(_ body: String) -> Bool {
        body.split(separator: "&", omittingEmptySubsequences: true).allSatisfy { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).allSatisfy { part in
                part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding.map { !$0.contains("\u{0}") } ?? false
            }
        }
    }

    func testItAnswersAsFoundationsPercentDecodingDid() {
        let bodies = [
            "", "a=b", "a=b&c=d", "a=", "=b", "&&", "a=b+c", "name=%C3%A9", "name=%c3%a9", "name=%C3", "name=%C3=%A9",
            "name=%zz", "name=%", "name=%2", "name=%2G", "%41=%42", "name=%FF", "name=%E2%82%AC", "name=%E2%82",
            "name=%00", "name=caf\u{E9}", "a=1&b=%ZZ&c=3", "a=%25", "a=%%41", "_csrf=abc.def&firstName=Amy+Apple",
            "a=%F0%9F%98%80", "a=%F0%9F%98", "a=%ED%A0%80", "a=%C0%AF",
        ]
        for body in bodies {
            XCTAssertEqual(FormDecoding.isWellFormed(body), reference(body), body)
        }
        // No UTF-8: a continuation byte alone.
        XCTAssertFalse(FormDecoding.isWellFormed("name=%A9"))
        XCTAssertFalse(FormDecoding.isWellFormed("name=caf%A9"))
        XCTAssertTrue(FormDecoding.isWellFormed("name=caf%C3%A9"))
        // No NUL, however written; other control characters are the fields' rules.
        XCTAssertFalse(FormDecoding.isWellFormed("name=%00"))
        XCTAssertFalse(FormDecoding.isWellFormed("na%00me=x"))
        XCTAssertFalse(FormDecoding.isWellFormed("name=a\u{0}"))
        XCTAssertTrue(FormDecoding.isWellFormed("text=a%0D%0A%09%1Bb"))
    }

    func testANameOrValueDecodesPlusAsASpaceAndPercentAsItsByte() {
        XCTAssertEqual(FormDecoding.percentDecoded("Amy+Apple".utf8), "Amy Apple")
        XCTAssertEqual(FormDecoding.percentDecoded("caf%C3%A9%2B1".utf8), "café+1")
        XCTAssertEqual(FormDecoding.percentDecoded("".utf8), "")
        XCTAssertNil(FormDecoding.percentDecoded("%C3".utf8))
        XCTAssertNil(FormDecoding.percentDecoded("100%".utf8))
    }

    func testItNeverTakesWhatFoundationRefusedOnGeneratedBodies() {
        // Deterministic: a fixed linear congruential sequence over a small alphabet of what matters.
        let alphabet = ["a", "=", "&", "+", "%", "4", "1", "C", "3", "A", "9", "F", "z", "E", "8", "2", "0", "é"]
        var state: UInt64 = 0x2545F4914F6CDD1D
        for _ in 0..<5_000 {
            var body = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(state >> 60) + 1 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                body += alphabet[Int(state >> 33) % alphabet.count]
            }
            if FormDecoding.isWellFormed(body) {
                XCTAssertTrue(reference(body), body)
            }
        }
    }
}
