import FerrySystem
import Foundation

/// The state of one WebSocket connection and its I/O thread: it connects through ``CurlStream``, runs the
/// handshake, then waits in `poll(2)` on the socket and a wake-up pipe, writing what ``enqueue(_:)`` queued
/// and reading frames into ``messages``.
final class WebSocketConnection: Sendable {
    typealias Outcome = Result<WebSocketClose, WebSocketError>

    let url: String
    let messages: WebSocketMessages
    /// The messages yielded that the reader has not taken yet; the I/O thread reads no more while it is full.
    private let backlog: Backlog
    private let continuation: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    private let options: WebSocket.Options
    private let curlOptions: CurlOptions
    private let request: HTTPRequest
    private let handshake: WebSocketHandshake
    private let stream: CurlStream
    private let wakePipe: WakePipe
    private let state = Locked(State())
    /// The compressor, once the handshake agreed on permessage-deflate. Its lock also orders the sends: a
    /// message is compressed and queued under it, so messages go in the order they were compressed, and the
    /// I/O thread's state lock is not held while a large one is compressed.
    private let compressor = Locked<WebSocketDeflater?>(nil)

    private struct State {
        var outgoing: [[UInt8]] = []
        var isCanceled = false
        var closeDeadline: ContinuousClock.Instant?
        var hasSentClose = false
        var connectWaiter: CheckedContinuation<Result<WebSocketHandshakeResponse, WebSocketError>, Never>?
        var closeWaiters: [CheckedContinuation<Outcome, Never>] = []
        var outcome: Outcome?
        var serverClose: WebSocketClose?
    }

    init(request original: HTTPRequest, options: WebSocket.Options) throws(WebSocketError) {
        let text = original.targetDescription
        url = text
        let httpURL = try Self.httpURL(of: original)
        var request = original
        request.target = .url(httpURL)
        for (name, value) in request.headers {
            if let violation = WireViolation.header(name: name, value: value) {
                throw WebSocketError(.invalidRequest(violation.description), url: text)
            }
        }
        for name in WebSocketHandshake.ownHeaders { request.headers.remove(name) }
        let curlOptions = CurlOptions(request, bodyLength: nil)
        guard let stream = CurlStream() else {
            throw WebSocketError(.connection(.transport(code: 2, detail: Curl.failure)), url: text)
        }
        let wakePipe: WakePipe
        do throws(SystemError) { wakePipe = try WakePipe() } catch {
            throw WebSocketError(.connection(.transport(code: 2, detail: "no pipe: \(error)")), url: text)
        }
        self.request = request
        self.options = options
        self.curlOptions = curlOptions
        self.stream = stream
        self.wakePipe = wakePipe
        handshake = WebSocketHandshake(
            url: httpURL, headerLines: curlOptions.headerLines, offersCompression: options.offersCompression)
        let (received, continuation) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self)
        // The backlog holds the pipe itself, so a wake after the connection went never writes to a closed descriptor.
        let backlog = Backlog(limit: options.maxPendingMessages) { wakePipe.signal() }
        continuation.onTermination = { _ in backlog.close() }
        messages = WebSocketMessages(stream: received, backlog: backlog)
        self.continuation = continuation
        self.backlog = backlog
    }

    /// The `http`/`https` URL the handshake of `request` goes to (`ws`/`wss` mapped, the fragment dropped);
    /// throws ``WebSocketError/Reason/invalidRequest(_:)`` unless it is an absolute `ws`, `wss`, `http` or
    /// `https` URL with a host.
    static func httpURL(of request: HTTPRequest) throws(WebSocketError) -> URL {
        let text = request.targetDescription
        guard let given = request.url, var components = URLComponents(url: given, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), components.host?.isEmpty == false
        else { throw WebSocketError(.invalidRequest("not an absolute ws:// or wss:// URL"), url: text) }
        switch scheme {
        case "ws", "http": components.scheme = "http"
        case "wss", "https": components.scheme = "https"
        default: throw WebSocketError(.invalidRequest("the scheme \(scheme) is not ws or wss"), url: text)
        }
        components.fragment = nil
        guard let httpURL = components.url else { throw WebSocketError(.invalidRequest("not a valid URL"), url: text) }
        return httpURL
    }

    // MARK: Calls from any thread

    /// Starts the I/O thread; `waiter` hears once whether the handshake succeeded.
    func start(reportingTo waiter: CheckedContinuation<Result<WebSocketHandshakeResponse, WebSocketError>, Never>) {
        state.withLock { $0.connectWaiter = waiter }
        let thread = Thread { [self] in run() }
        thread.name = "ferry.websocket"
        thread.start()
    }

    /// Queues `frame` for the I/O thread, its payload compressed when permessage-deflate was agreed.
    func enqueue(_ frame: WebSocketFrame) throws(WebSocketError) {
        let queued = compressor.withLock { deflater -> Bool in
            guard state.withLock({ $0.outcome == nil && !$0.hasSentClose }) else { return false }
            var frame = frame
            if let deflater, frame.opcode == .text || frame.opcode == .binary {
                frame.payload = deflater.compress(frame.payload)
                frame.isCompressed = true
            }
            let bytes = frame.encoded(mask: WebSocketFrame.randomMask())
            return state.withLock { state in
                guard state.outcome == nil, !state.hasSentClose else { return false }
                state.outgoing.append(bytes)
                return true
            }
        }
        guard queued else { throw WebSocketError(.notOpen, url: url) }
        wake()
    }

    /// Queues a close frame (once) and reports how the connection ended to `waiter`.
    func close(code: UInt16, reason: String, reportingTo waiter: CheckedContinuation<Outcome, Never>) {
        let frame = WebSocketFrame(
            isFinal: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: reason))
        let ended: Outcome? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.closeWaiters.append(waiter)
            if !state.hasSentClose {
                state.hasSentClose = true
                state.closeDeadline = .now + options.closeTimeout
                state.outgoing.append(frame.encoded(mask: WebSocketFrame.randomMask()))
            }
            return nil
        }
        if let ended { waiter.resume(returning: ended) } else { wake() }
    }

    /// Ends the connection at once.
    func cancel() {
        state.withLock { $0.isCanceled = true }
        stream.cancel()
        wake()
    }

    var serverClose: WebSocketClose? { state.withLock { $0.serverClose } }

    /// Wakes the I/O thread from `poll(2)`.
    private func wake() {
        wakePipe.signal()
    }

    // MARK: The I/O thread

    private func run() {
        if let reason = stream.connect(curlOptions, request: request) {
            let isCanceled = state.withLock { $0.isCanceled }
            return failConnect(isCanceled ? .canceled : .connection(reason))
        }
        guard let socket = stream.socket else { return failConnect(.connectionLost) }
        let connected = ContinuousClock.now
        var decoder = WebSocketFrameDecoder(maxPayload: options.maxMessageSize)
        var inflater: WebSocketInflater?
        do throws(WebSocketError.Reason) {
            try writeAll(handshake.head, socket: socket)
            let (head, rest) = try readHead(socket: socket, deadline: connected + options.handshakeTimeout)
            let (status, headers, compression) = try handshake.check(head: head)
            if let compression {
                guard let made = WebSocketInflater() else { throw .handshakeInvalid("zlib could not start") }
                inflater = made
                decoder.acceptsCompression = true
                compressor.withLock { $0 = WebSocketDeflater(compression) }
            }
            decoder.append(rest)
            let info = stream.timingInfo()
            let response = WebSocketHandshakeResponse(
                status: status, headers: headers, dnsLookup: .microseconds(info.nameLookup),
                connect: .microseconds(max(0, info.connect - info.nameLookup)),
                tlsHandshake: .microseconds(info.appConnect > 0 ? max(0, info.appConnect - info.connect) : 0),
                upgrade: ContinuousClock.now - connected,
                remoteAddress: info.primaryIP.map { "\($0):\(info.primaryPort)" })
            let waiter = state.withLock { state in
                defer { state.connectWaiter = nil }
                return state.connectWaiter
            }
            waiter?.resume(returning: .success(response))
        } catch {
            return failConnect(error)
        }
        converse(socket: socket, decoder: decoder, inflater: inflater)
    }

    private func failConnect(_ reason: WebSocketError.Reason) {
        let error = WebSocketError(reason, url: url)
        let waiter = state.withLock { state in
            defer { state.connectWaiter = nil }
            state.outcome = .failure(error)
            return state.connectWaiter
        }
        continuation.finish(throwing: error)
        waiter?.resume(returning: .failure(error))
    }

    /// Reads until the response head's blank line: the head and the bytes after it.
    private func readHead(socket: Int32, deadline: ContinuousClock.Instant) throws(WebSocketError.Reason)
        -> (ArraySlice<UInt8>, ArraySlice<UInt8>)
    {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if state.withLock({ $0.isCanceled }) { throw .canceled }
            let outcome = buffer.withUnsafeMutableBytes { stream.receive(into: $0) }
            switch outcome {
            case .moved(let count):
                received += buffer[0..<count]
                if let end = WebSocketHandshake.headEnd(in: received) { return (received[..<end], received[end...]) }
                guard received.count <= WebSocketHandshake.headLimit else {
                    throw .handshakeInvalid("a response head over \(WebSocketHandshake.headLimit) bytes")
                }
            case .wouldBlock:
                let now = ContinuousClock.now
                guard now < deadline else { throw .handshakeTimedOut(options.handshakeTimeout) }
                wait(socket: socket, events: .readable, until: deadline)
            case .closed, .failed:
                throw .handshakeInvalid("the server closed the connection before answering the handshake")
            }
        }
    }

    /// Writes every byte, waiting for the socket when it is full (at most ``WebSocket/Options/closeTimeout`` at a time).
    private func writeAll(_ bytes: [UInt8], socket: Int32) throws(WebSocketError.Reason) {
        var sent = 0
        var stalledSince: ContinuousClock.Instant?
        while sent < bytes.count {
            let outcome = bytes.withUnsafeBytes { stream.send(UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            switch outcome {
            case .moved(let count):
                sent += count
                stalledSince = nil
            case .wouldBlock:
                let since = stalledSince ?? .now
                stalledSince = since
                if state.withLock({ $0.isCanceled }) { throw .canceled }
                guard ContinuousClock.now - since < options.closeTimeout else { throw .connectionLost }
                wait(socket: socket, events: .writable, until: since + options.closeTimeout)
            case .closed, .failed:
                throw .connectionLost
            }
        }
    }

    /// Waits in `poll(2)` for `events` on `socket` (none: the socket is not watched at all, so a hang-up
    /// does not end the wait either), a wake-up, or `deadline` (`nil`: no limit).
    private func wait(socket: Int32, events: Poll.Events, until deadline: ContinuousClock.Instant?) {
        // At least a millisecond: a deadline just reached still waits once, as the loops around expect.
        let timeout = deadline.map { max(.zero, $0 - .now) + .nanoseconds(1) }
        let watched = [(events.isEmpty ? -1 : socket, events), (wakePipe.readDescriptor, Poll.Events.readable)]
        if case .ready(let ready) = Poll.wait(watched, timeout: timeout), ready[1].contains(.readable) {
            wakePipe.drain()
        }
    }

    /// The conversation after the handshake, until a close, a failure or a cancel.
    private func converse(socket: Int32, decoder: WebSocketFrameDecoder, inflater: WebSocketInflater?) {
        var decoder = decoder
        var assembler = WebSocketMessageAssembler(maxMessageSize: options.maxMessageSize, inflater: inflater)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var outcome: Outcome
        conversation: while true {
            let (outgoing, isCanceled, deadline) = state.withLock { state in
                defer { state.outgoing = [] }
                return (state.outgoing, state.isCanceled, state.closeDeadline)
            }
            do throws(WebSocketError.Reason) {
                if isCanceled { throw .canceled }
                for bytes in outgoing { try writeAll(bytes, socket: socket) }
                reading: while !backlog.isFull {
                    // Frames first: the handshake's read may have brought some along with the 101.
                    while !backlog.isFull, let frame = try decoder.nextFrame() {
                        guard let event = try assembler.take(frame) else { continue }
                        if let close = try handle(event, socket: socket) {
                            outcome = .success(close)
                            break conversation
                        }
                    }
                    if backlog.isFull { break reading }
                    let read = buffer.withUnsafeMutableBytes { stream.receive(into: $0) }
                    switch read {
                    case .moved(let count): decoder.append(buffer[0..<count])
                    case .wouldBlock: break reading
                    case .closed, .failed:
                        if let close = state.withLock({ $0.serverClose }) {
                            outcome = .success(close)
                            break conversation
                        }
                        throw .connectionLost
                    }
                }
                if let deadline, ContinuousClock.now >= deadline { throw .closeTimedOut(options.closeTimeout) }
                // With the reader behind, only a wake-up (room, a send, a cancel) or the deadline ends the wait.
                wait(socket: socket, events: backlog.isFull ? [] : .readable, until: deadline)
            } catch {
                if let code = WebSocketError(error, url: url).sentCloseCode {
                    let reason = WebSocketError(error, url: url).message
                    let frame = WebSocketFrame(
                        isFinal: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: reason))
                    try? writeAll(frame.encoded(mask: WebSocketFrame.randomMask()), socket: socket)
                }
                outcome = .failure(WebSocketError(error, url: url))
                break conversation
            }
        }
        finish(outcome)
    }

    /// Acts on one event; returns the server's close frame when the conversation is over.
    private func handle(_ event: WebSocketMessageAssembler.Event, socket: Int32) throws(WebSocketError.Reason)
        -> WebSocketClose?
    {
        switch event {
        case .message(let message):
            backlog.produced()
            continuation.yield(message)
        case .ping(let payload):
            try writeAll(
                WebSocketFrame(isFinal: true, opcode: .pong, payload: payload).encoded(
                    mask: WebSocketFrame.randomMask()),
                socket: socket)
        case .pong:
            break
        case .close(let close):
            let answers = state.withLock { state in
                state.serverClose = close
                defer { state.hasSentClose = true }
                return !state.hasSentClose
            }
            if answers {
                let frame = WebSocketFrame(
                    isFinal: true, opcode: .close, payload: WebSocketFrame.closePayload(code: close.code, reason: ""))
                try? writeAll(frame.encoded(mask: WebSocketFrame.randomMask()), socket: socket)
            }
            return close
        }
        return nil
    }

    private func finish(_ outcome: Outcome) {
        let waiters = state.withLock { state in
            defer { state.closeWaiters = [] }
            state.outcome = outcome
            return state.closeWaiters
        }
        switch outcome {
        case .success: continuation.finish()
        case .failure(let error):
            if case .closeTimedOut = error.reason {
                continuation.finish()
            } else {
                continuation.finish(throwing: error)
            }
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
