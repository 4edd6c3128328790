import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes

/// One per connection, after HTTP parsing (`HTTP1Channel.Configuration.additionalChannelHandlers`):
/// the deadlines Hummingbird's HTTP/1 channel does not have, and the cap on open connections
/// (see `OpenConnections`).
///
/// Hummingbird's `idleTimeout` (set beside this handler) closes a connection that has sent no
/// request for that long since its last response, and it counts from each part of a request
/// that comes in. What it leaves open, and this handler closes:
/// - a new connection whose first request head has not come in full within `headTimeout` (a
///   head sent a byte at a time is one part, so Hummingbird's timer would allow `idleTimeout`;
///   the heads of later requests on a kept-alive connection are bounded by `idleTimeout`: there,
///   trickling a head costs a client no more than waiting);
/// - a request whose body has not come in full within `bodyTimeout` of its head (Hummingbird's
///   timer starts again at every piece of the body, so a body trickled in never ends).
/// NIO's `IdleStateHandler` measures quiet time too, so a client sending a byte now and then
/// defeats it in the same way; these are deadlines instead.
///
/// At a deadline the error is passed down the pipeline before the connection closes, so that
/// a handler reading the body gets an error, never a body that just ends early.
final class ConnectionLimitsHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    enum Timeout: Error, CustomStringConvertible {
        case head, body

        var description: String {
            switch self {
            case .head: "request head not received in time"
            case .body: "request body not received in time"
            }
        }
    }

    private let headTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private let connections: OpenConnections
    private let logger: Logger
    private var context: ChannelHandlerContext?
    private var deadline: Scheduled<Void>?
    /// Requests whose head has come and whose response has not been written in full.
    private var requestsInProgress = 0
    private var admitted = false
    private var refused = false

    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount, connections: OpenConnections, logger: Logger) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.connections = connections
        self.logger = logger
    }

    private var id: ObjectIdentifier { ObjectIdentifier(self) }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { admit(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's request is never answered by the app: its 503 is already written.
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head:
            if requestsInProgress == 0 { connections.setBusy(id) }
            requestsInProgress += 1
            setDeadline(.body, in: bodyTimeout, context: context)
        case .body:
            break
        case .end:
            cancelDeadline()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), requestsInProgress > 0 {
            requestsInProgress -= 1
            if requestsInProgress == 0 { connections.setWaiting(id) }
        }
        context.write(data, promise: promise)
    }

    private func admit(context: ChannelHandlerContext) {
        guard !admitted else { return }
        admitted = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let admission = connections.admit(id) {
            eventLoop.execute { handler.value.evict() }
        }
        switch admission {
        case .admitted:
            setDeadline(.head, in: headTimeout, context: context)
        case .refused:
            refuse(context: context)
        }
    }

    /// Every connection has a request in progress: a 503 at once, without waiting for the
    /// request, and the connection closed.
    private func refuse(context: ChannelHandlerContext) {
        refused = true
        logger.info("Connection refused: every connection has a request in progress", metadata: [
            "limit": "\(connections.limit)"
        ])
        let head = HTTPResponse(
            status: .serviceUnavailable,
            headerFields: [.connection: "close", .contentLength: "0", .retryAfter: "1"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Closes the connection to make room for a new one, unless a request came in meanwhile.
    private func evict() {
        guard let context else { return }
        guard requestsInProgress == 0 else {
            connections.setBusy(id)
            return
        }
        logger.debug("Connection closed to make room for a new one", metadata: ["limit": "\(connections.limit)"])
        context.close(promise: nil)
    }

    private func setDeadline(_ timeout: Timeout, in amount: TimeAmount, context: ChannelHandlerContext) {
        cancelDeadline()
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: amount) {
            handler.value.expire(timeout)
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    private func expire(_ timeout: Timeout) {
        deadline = nil
        guard let context else { return }
        // A head that never came is common (browsers open connections ahead of need): debug.
        logger.log(level: timeout == .head ? .debug : .info, "Connection closed: \(timeout)")
        context.fireErrorCaught(timeout)
        context.close(promise: nil)
    }

    private func finish() {
        cancelDeadline()
        if admitted { connections.remove(id) }
    }
}

@available(*, unavailable)
extension ConnectionLimitsHandler: Sendable {}
