import Hummingbird
import NIOConcurrencyHelpers

extension Response {
    /// The whole body as text, as a client would receive it (a streamed body written out).
    func bodyText() async throws -> String {
        let collected = Collected()
        try await body.write(Collector(collected: collected))
        return collected.text
    }
}

/// What a `Collector` received.
private final class Collected: Sendable {
    private let buffer = NIOLockedValueBox(ByteBuffer())

    func append(_ bytes: ByteBuffer) {
        buffer.withLockedValue { $0.writeImmutableBuffer(bytes) }
    }

    var text: String { buffer.withLockedValue { String(buffer: $0) } }
}

/// A response body's writer that keeps what is written.
private struct Collector: ResponseBodyWriter {
    let collected: Collected

    mutating func write(_ buffer: ByteBuffer) async throws {
        collected.append(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
