import HTTPTypes
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport
import Foundation

/// `APISpecLimits` is openapi.yaml's `maxLength` of every path parameter and header, operation by
/// operation (the generated code checks none), and a request over one is refused before the
/// operation reads anything.
final class APISpecLimitsTests: XCTestCase {
    func testTheTableHoldsEveryPathAndHeaderLimitOfTheSpec() throws {
        let spec = try String(contentsOf: Repository.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let fromSpec = Self.limits(inSpec: spec)
        XCTAssertFalse(fromSpec.isEmpty, "The spec's limits were read")
        let table = APISpecLimits.byOperation.mapValues { Set($0.map { "\($0.place.rawValue) \($0.name) \($0.maxLength)" }) }
            .filter { !$0.value.isEmpty }
        XCTAssertEqual(table, fromSpec)
    }

    func testAPathParameterOverItsLimitIsNotFoundAndAHeaderOverItsLimitIsABadRequest() {
        let twentyOne = Substring(String(repeating: "1", count: 21))
        XCTAssertEqual(APISpecLimits.refusal(operationID: "getOrder", pathParameters: ["id": twentyOne], headers: [:])?.status, .notFound)
        XCTAssertNil(APISpecLimits.refusal(operationID: "getOrder", pathParameters: ["id": twentyOne.dropFirst()], headers: [:]))
        // Characters, not bytes, as JSON Schema counts: 20 é are 40 bytes and within the limit.
        XCTAssertNil(APISpecLimits.refusal(operationID: "getDraft", pathParameters: ["ref": Substring(String(repeating: "é", count: 20))], headers: [:]))

        let longETag: HTTPFields = [.ifMatch: String(repeating: "0", count: 41)]
        XCTAssertEqual(
            APISpecLimits.refusal(operationID: "changeOrderStatus", pathParameters: ["id": "1"], headers: longETag)?.status, .badRequest)
        XCTAssertNil(
            APISpecLimits.refusal(operationID: "changeOrderStatus", pathParameters: ["id": "1"], headers: [.ifMatch: String(repeating: "0", count: 40)]))
        // A header the operation does not take is not its to limit.
        XCTAssertNil(APISpecLimits.refusal(operationID: "getOrder", pathParameters: ["id": "1"], headers: longETag))

        let key = HTTPField.Name("Idempotency-Key")!
        XCTAssertEqual(
            APISpecLimits.refusal(operationID: "placeDraft", pathParameters: ["ref": "D-ABC123"], headers: [key: String(repeating: "k", count: 65)])?.status,
            .badRequest)
        XCTAssertNil(APISpecLimits.refusal(operationID: "createDraft", pathParameters: [:], headers: [key: String(repeating: "k", count: 65)]))
    }

    /// Every operation's path and header parameters with a `maxLength`, as "path id 20", read from
    /// openapi.yaml as this repository writes it: parameters inline (`- { name: …, in: …, schema: {
    /// … maxLength: N … } }`), over several lines, or `$ref`s to `components/parameters`; a path's
    /// own parameters apply to each of its operations.
    static func limits(inSpec spec: String) -> [String: Set<String>] {
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix(while: { $0 == " " }).count }
        func first(_ pattern: String, in text: String) -> String? {
            guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
            return String(text[range].split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: CharacterSet(charactersIn: " '"))
        }
        func limit(of block: String) -> String? {
            guard let name = first(#"name: [A-Za-z-]+"#, in: block), let place = first(#"in: [a-z]+"#, in: block),
                place == "path" || place == "header", let maxLength = first(#"maxLength: [0-9]+"#, in: block)
            else { return nil }
            return "\(place) \(name) \(maxLength)"
        }
        // A block: a line and the lines indented deeper than it.
        func block(at index: Int) -> String {
            var text = lines[index]
            var next = index + 1
            while next < lines.count, indent(lines[next]) > indent(lines[index]) {
                text += "\n" + lines[next]
                next += 1
            }
            return text
        }

        var components: [String: String] = [:]  // "#/components/parameters/X" → its block
        var inComponentParameters = false
        for (index, line) in lines.enumerated() {
            if indent(line) <= 2, !line.isEmpty { inComponentParameters = line == "  parameters:" && lines[..<index].contains("components:") }
            if inComponentParameters, indent(line) == 4, line.hasSuffix(":") {
                components["#/components/parameters/" + line.trimmingCharacters(in: .whitespaces).dropLast()] = block(at: index)
            }
        }

        var result: [String: Set<String>] = [:]
        var pathLimits: Set<String> = []
        var operation: String?
        var operationLimits: Set<String> = []
        func endOperation() {
            if let operation, !pathLimits.union(operationLimits).isEmpty { result[operation] = pathLimits.union(operationLimits) }
            operation = nil
            operationLimits = []
        }
        for (index, line) in lines.enumerated() {
            if line == "components:" { break }
            if indent(line) == 2, line.hasPrefix("  /") {
                endOperation()
                pathLimits = []
            } else if indent(line) == 4, ["get:", "post:", "put:", "patch:", "delete:"].contains(line.trimmingCharacters(in: .whitespaces)) {
                endOperation()
            } else if let id = first(#"^      operationId: [A-Za-z]+"#, in: line) {
                operation = id
            } else if line.trimmingCharacters(in: .whitespaces).hasPrefix("- "), [6, 8].contains(indent(line)) {
                let text = block(at: index)
                let resolved = first(#"\$ref: '#/components/parameters/[A-Za-z]+"#, in: text).flatMap { components[$0] } ?? text
                guard let found = limit(of: resolved) else { continue }
                if indent(line) == 6, operation == nil { pathLimits.insert(found) } else { operationLimits.insert(found) }
            }
        }
        endOperation()
        return result
    }
}
