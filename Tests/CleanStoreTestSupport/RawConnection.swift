import Foundation

#if canImport(Glibc)
import Glibc

private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#else
import Darwin

private let streamSocket = SOCK_STREAM
private let sendFlags: Int32 = 0
#endif

// The system's calls, under names the connection's own methods do not hide.
private func closeSocket(_ descriptor: Int32) { _ = close(descriptor) }
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    send(descriptor, bytes.baseAddress, bytes.count, sendFlags)
}

/// A bare TCP connection to 127.0.0.1, for what an HTTP client does not do: send part of a
/// request and stop, hold a connection idle, read exactly what came back and see when the server
/// closed. Non-blocking underneath; every wait is bounded.
final class RawConnection: @unchecked Sendable {
    private var descriptor: Int32
    private var received: [UInt8] = []
    /// The server closed its side (or reset the connection).
    private(set) var isClosedByServer = false

    /// Starts connecting and returns at once: the kernel completes the connection (or queues it,
    /// when the server is not accepting), so many can be opened quickly.
    init(port: Int) throws {
        descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw Failure.system("socket", errno) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            let error = errno
            closeSocket(descriptor)
            throw Failure.system("connect", error)
        }
    }

    enum Failure: Error {
        case system(String, Int32)
        case timedOut(String)
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 { closeSocket(descriptor) }
        descriptor = -1
    }

    /// Sends `text` (waiting at most `timeout` for the connection to take it).
    func send(_ text: String, timeout: Duration = .seconds(5)) throws {
        var bytes = Array(text.utf8)[...]
        let deadline = ContinuousClock.now + timeout
        while !bytes.isEmpty {
            guard wait(for: Int16(POLLOUT), until: deadline) else { throw Failure.timedOut("send") }
            let sent = bytes.withUnsafeBytes { sendBytes(descriptor, $0) }
            if sent < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw Failure.system("send", errno)
            }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Reads what has come, waiting until `deadline` for more if nothing has; false when the
    /// deadline passed with nothing new.
    @discardableResult
    private func receive(until deadline: ContinuousClock.Instant) -> Bool {
        guard !isClosedByServer, wait(for: Int16(POLLIN), until: deadline) else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            received += buffer[..<count]
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
            isClosedByServer = true
        }
        return true
    }

    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    /// Whether the server closes the connection within `timeout` (anything it sends meanwhile is kept).
    func isClosed(within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isClosedByServer, receive(until: deadline) {}
        return isClosedByServer
    }

    /// Whether the server has closed the connection already (without waiting).
    var closedNow: Bool { isClosed(within: .zero) }

    /// The next response on the connection (head and `Content-Length` body, as text), or nil when
    /// none came in full within `timeout`. `bodyless` for the answer to a HEAD.
    func readResponse(within timeout: Duration = .seconds(5), bodyless: Bool = false) -> String? {
        let deadline = ContinuousClock.now + timeout
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = received.firstRange(of: separator)?.upperBound {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let length = bodyless ? 0 : Self.contentLength(head) ?? 0
                if received.count - end >= length {
                    let response = String(decoding: received[..<(end + length)], as: UTF8.self)
                    received.removeFirst(end + length)
                    return response
                }
            }
            guard receive(until: deadline) else { return nil }
        }
    }

    /// Everything received and not yet read as a response.
    var unread: String { String(decoding: received, as: UTF8.self) }

    /// `Content-Length` of a response head; nil when it has none or it is not a number (negative included).
    static func contentLength(_ head: String) -> Int? {
        head.split(separator: "\r\n").lazy.compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
        }.first
    }
}
