import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP/1.1 server for tests, scripted per path, that can inject faults.
///
/// It listens on `127.0.0.1` on a port the kernel picks, serves each connection on its own
/// thread, records every request it receives, and stops on ``stop()`` (or when released).
///
/// ```swift
/// let server = try TestHTTPServer()
/// defer { server.stop() }
/// server.route("/hello") { _ in .text("hi") }
/// server.route("/echo") { request in .json(String(decoding: request.echoJSON, as: UTF8.self)) }
/// // GET \(server.baseURL)/hello
/// ```
public final class TestHTTPServer: @unchecked Sendable {
    /// Builds the response for a received request.
    public typealias Handler = @Sendable (RecordedRequest) -> TestResponse

    /// The port the server listens on.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Handler] = [:]
    private var uploadThrottles: [String: (bytes: Int, interval: Duration)] = [:]
    private var recorded: [RecordedRequest] = []
    private var connectionCount = 0
    private var openConnections: Set<Int32> = []
    private var bodyBytesWritten = 0
    private var isStopped = false
    private let acceptThreadDone = DispatchSemaphore(value: 0)
    private var acceptThread: Thread?

    /// Starts a server on a free loopback port. Every path answers `404` until routed, except
    /// `/echo`, which answers with the request it received as JSON (see ``RecordedRequest/echoJSON``).
    public init() throws {
        signal(SIGPIPE, SIG_IGN)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServerError.socket(errno) }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        guard let port = LoopbackPort.bindToFreePort(fd, listeningWithBacklog: 128) else {
            close(fd)
            throw TestServerError.socket(errno)
        }
        listener = fd
        self.port = port
        route("/echo") { request in
            TestResponse(status: 200, headers: [("Content-Type", "application/json")], body: request.echoJSON)
        }
        // The loop holds the server weakly, between one wait for a connection and the next, so that a server
        // released without `stop()` is freed (and stopped) instead of listening for the rest of the run.
        let done = acceptThreadDone
        let thread = Thread { [weak self] in
            defer { done.signal() }
            while let server = self, server.acceptNext() {}
        }
        thread.name = "TestHTTPServer.accept"
        acceptThread = thread
        thread.start()
    }

    deinit { stop() }

    // MARK: - Scripting

    /// Answers requests whose path (without query) is `path` with `handler`.
    public func route(_ path: String, _ handler: @escaping Handler) {
        lock.withLock { routes[path] = handler }
    }

    /// Reads request bodies sent to `path` slowly, `bytes` at a time with `interval` between reads,
    /// so a client's upload stays in flight long enough to be canceled.
    public func throttleUploads(on path: String, bytes: Int, every interval: Duration) {
        lock.withLock { uploadThrottles[path] = (max(1, bytes), interval) }
    }

    /// Answers requests for `path` with a fixed response.
    public func route(_ path: String, responding response: TestResponse) {
        route(path) { _ in response }
    }

    // MARK: - Observations

    /// Every request received so far, in order.
    public var requests: [RecordedRequest] { lock.withLock { recorded } }

    /// How many connections the server has accepted.
    public var acceptedConnections: Int { lock.withLock { connectionCount } }

    /// How many connections are open now.
    public var activeConnections: Int { lock.withLock { openConnections.count } }

    /// Response body bytes the server has written so far, over all connections.
    public var responseBodyBytesWritten: Int { lock.withLock { bodyBytesWritten } }

    // MARK: - Lifecycle

    /// Stops accepting, closes every open connection and waits for the accept loop to end.
    public func stop() {
        let (wasStopped, connections) = lock.withLock { () -> (Bool, Set<Int32>) in
            defer { isStopped = true }
            return (isStopped, openConnections)
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        // Released by its own accept loop (which held it last), the server is freed on that thread: the loop
        // ends right after, so only other threads wait for it.
        if Thread.current !== acceptThread { acceptThreadDone.wait() }
        close(listener)
    }

    // MARK: - Internals

    private var stopped: Bool { lock.withLock { isStopped } }

    /// Waits up to 50 ms for a connection and serves it on a thread of its own; returns whether the server
    /// still runs.
    private func acceptNext() -> Bool {
        guard !stopped else { return false }
        var pollDescriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&pollDescriptor, 1, 50) > 0 else { return true }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return true }
        let number = lock.withLock { () -> Int in
            connectionCount += 1
            openConnections.insert(connection)
            return connectionCount
        }
        var noDelay: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        let thread = Thread { [self] in serve(connection, number: number) }
        thread.name = "TestHTTPServer.connection"
        thread.start()
        return true
    }

    private func serve(_ connection: Int32, number: Int) {
        let reader = SocketReader(fd: connection)
        reader.uploadThrottle = { [self] path in lock.withLock { uploadThrottles[path] } }
        var shouldClose = false
        defer {
            if !shouldClose { close(connection) }
            lock.withLock { _ = openConnections.remove(connection) }
        }
        while !stopped {
            guard let request = reader.readRequest(connectionNumber: number) else { return }
            lock.withLock { recorded.append(request) }
            let handler = lock.withLock { routes[request.path] }
            let response = handler?(request) ?? .text("no route for \(request.path)", status: 404)
            let keepOpen = write(response, for: request, to: connection)
            if !keepOpen {
                shouldClose = true
                return
            }
        }
    }

    /// Writes `response`; returns whether the connection may serve another request.
    /// When it returns `false` the connection has already been closed or reset.
    private func write(_ response: TestResponse, for request: RecordedRequest, to connection: Int32) -> Bool {
        if case .resetImmediately = response.abort {
            reset(connection)
            return false
        }
        if response.delayBeforeHeaders > .zero { Thread.sleep(forTimeInterval: response.delayBeforeHeaders.seconds) }
        for hold in response.holds where hold.afterBodyBytes == nil {
            guard wait(at: hold.gate) else { return closeAfterFailedSend(connection) }
        }
        let keepAlive = response.keepAlive && request.header("Connection")?.lowercased() != "close"
        var head =
            "HTTP/1.1 \(response.status) \(response.reason ?? TestResponse.standardReason(for: response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let body: Data
        let bodyAllowed = request.method != "HEAD" && response.status != 204 && response.status != 304
        switch response.framing {
        case .contentLength(let declared):
            head += "Content-Length: \(declared ?? response.body.count)\r\n"
            body = bodyAllowed ? response.body : Data()
        case .chunked(let chunkSize):
            head += "Transfer-Encoding: chunked\r\n"
            body = bodyAllowed ? Self.chunked(response.body, chunkSize: chunkSize) : Data()
        case .raw, .closeDelimited:
            body = response.body
        }
        let closesAfter: Bool
        if case .closeDelimited = response.framing { closesAfter = true } else { closesAfter = !keepAlive }
        head += closesAfter ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n"
        // A failed send means the client went away: close here, since `false` promises a closed connection.
        guard LoopbackSocket.sendAll(Data(head.utf8), to: connection) else { return closeAfterFailedSend(connection) }

        var limit = body.count
        switch response.abort {
        case .closeAfter(let bytes), .resetAfter(let bytes): limit = min(bytes, body.count)
        case .none, .resetImmediately: break
        }
        let step = response.drip?.bytes ?? max(limit, 1)
        var pendingHolds = response.holds.compactMap { hold in hold.afterBodyBytes.map { (hold.gate, min($0, limit)) } }
            .sorted { $0.1 < $1.1 }[...]
        var offset = 0
        while true {
            while let (gate, at) = pendingHolds.first, at == offset {
                guard wait(at: gate) else { return closeAfterFailedSend(connection) }
                pendingHolds = pendingHolds.dropFirst()
            }
            guard offset < limit else { break }
            let end = min(offset + step, limit, pendingHolds.first?.1 ?? limit)
            guard LoopbackSocket.sendAll(body.subdata(in: offset..<end), to: connection) else {
                return closeAfterFailedSend(connection)
            }
            lock.withLock { bodyBytesWritten += end - offset }
            offset = end
            if let drip = response.drip, offset < limit { Thread.sleep(forTimeInterval: drip.interval.seconds) }
        }
        switch response.abort {
        case .resetAfter:
            reset(connection)
            return false
        case .closeAfter:
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
            return false
        case .none, .resetImmediately:
            if closesAfter {
                shutdown(connection, Int32(SHUT_WR))
                close(connection)
                return false
            }
            return true
        }
    }

    /// Waits at `gate` (see ``TestGate``); returns `false` when the server stopped meanwhile, so the
    /// connection is done. A gate that times out lets the response go on.
    private func wait(at gate: TestGate) -> Bool {
        _ = gate.wait(unless: { stopped })
        return !stopped
    }

    private func closeAfterFailedSend(_ connection: Int32) -> Bool {
        close(connection)
        return false
    }

    private func reset(_ connection: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(connection)
    }

    private static func chunked(_ body: Data, chunkSize: Int) -> Data {
        var out = Data()
        var offset = 0
        while offset < body.count {
            let end = min(offset + max(1, chunkSize), body.count)
            out += Data((String(end - offset, radix: 16) + "\r\n").utf8)
            out += body.subdata(in: offset..<end)
            out += Data("\r\n".utf8)
            offset = end
        }
        out += Data("0\r\n\r\n".utf8)
        return out
    }
}

/// Why the test server could not start.
public enum TestServerError: Error {
    /// A socket call failed with this `errno`.
    case socket(Int32)
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
