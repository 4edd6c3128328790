import Hummingbird
import NIOCore
import XCTest

@testable import CleanStore

/// `APIDoorMiddleware.inOneBuffer`: a body the generated code hands on as a stream of known length
/// is answered as one buffer (which Hummingbird writes with the head at once), byte for byte; a
/// trailer is kept; a stream of unknown length is left a stream, unread.
final class APIResponseBodyTests: XCTestCase {
    /// What a body wrote, as the connection would get it.
    final class Written: @unchecked Sendable {
        var buffers: [ByteBuffer] = []
        var trailers: HTTPFields?
        var finished = false
    }

    struct WriterSpy: ResponseBodyWriter {
        let written: Written

        mutating func write(_ buffer: ByteBuffer) async throws { written.buffers.append(buffer) }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
            written.trailers = trailingHeaders
            written.finished = true
        }
    }

    /// The case of the body's backing (`byteBuffer`, `empty`, `closure`): Hummingbird writes the
    /// head, body and end of a `byteBuffer` in one batch, and a `closure`'s one part at a time.
    static func backing(of body: ResponseBody) -> String? {
        Mirror(reflecting: body).children.first.flatMap { Mirror(reflecting: $0.value).children.first?.label }
    }

    static func written(_ body: ResponseBody) async throws -> Written {
        let written = Written()
        try await body.write(WriterSpy(written: written))
        return written
    }

    func testAStreamOfKnownLengthIsAnsweredAsOneBuffer() async throws {
        let parts = [#"{"orders":["#, #"{"id":"1"}"#, "]}"]
        let length = parts.map(\.utf8.count).reduce(0, +)
        let streamed = Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .contentLength: "\(length)"],
            body: ResponseBody(contentLength: length) { writer in
                for part in parts { try await writer.write(ByteBuffer(string: part)) }
                try await writer.finish(nil)
            })
        XCTAssertEqual(Self.backing(of: streamed.body), "closure")

        let whole = try await APIDoorMiddleware.inOneBuffer(streamed)

        XCTAssertEqual(Self.backing(of: whole.body), "byteBuffer")
        XCTAssertEqual(whole.status, .ok)
        XCTAssertEqual(whole.headers, streamed.headers)
        XCTAssertEqual(whole.body.contentLength, length)
        let written = try await Self.written(whole.body)
        XCTAssertEqual(written.buffers.map { String(buffer: $0) }, [parts.joined()])
        XCTAssertTrue(written.finished)
        XCTAssertNil(written.trailers)
    }

    func testATrailerIsKept() async throws {
        let trailers: HTTPFields = [.init("Checksum")!: "abc"]
        let streamed = Response(
            status: .ok,
            body: ResponseBody(contentLength: 2) { writer in
                try await writer.write(ByteBuffer(string: "{}"))
                try await writer.finish(trailers)
            })

        let whole = try await APIDoorMiddleware.inOneBuffer(streamed)

        let written = try await Self.written(whole.body)
        XCTAssertEqual(written.buffers.map { String(buffer: $0) }, ["{}"])
        XCTAssertEqual(written.trailers, trailers)
        XCTAssertEqual(whole.body.contentLength, 2)
    }

    func testAStreamOfUnknownLengthIsLeftAStream() async throws {
        let ran = Written()
        let streamed = Response(
            status: .ok,
            body: ResponseBody { writer in
                ran.finished = true
                try await writer.finish(nil)
            })

        let answered = try await APIDoorMiddleware.inOneBuffer(streamed)

        XCTAssertEqual(Self.backing(of: answered.body), "closure")
        XCTAssertFalse(ran.finished, "a body of unknown length is not read ahead")
    }
}
