import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP relay to another server on 127.0.0.1 (httpbin, a child process) that holds the server's
/// answer at a ``TestGate``: what the client sends goes through at once; what the server sends back stops after
/// the first `bytes` of each connection until the test opens the gate. For servers a test cannot script like
/// ``TestHTTPServer``, so "X happened while the response was still coming" holds by construction.
///
/// ```swift
/// let gate = TestGate()
/// defer { gate.open() }
/// let relay = try GatedRelay(to: httpbinPort, holdingAfter: 8192, until: gate)
/// defer { relay.stop() }
/// // GET \(relay.baseURL)/range/102400: the first 8192 bytes (head included), then nothing until gate.open()
/// ```
public final class GatedRelay: @unchecked Sendable {
    /// The port the relay listens on.
    public let port: UInt16
    /// `http://127.0.0.1:PORT` of the relay, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let targetPort: UInt16
    private let holdAfter: Int
    private let gate: TestGate
    private let lock = NSLock()
    private var isStopped = false
    private var sockets: Set<Int32> = []

    /// Starts relaying connections on a free loopback port to `targetPort` on 127.0.0.1, holding each
    /// connection's answer after `bytes` bytes until `gate` opens.
    public init(to targetPort: UInt16, holdingAfter bytes: Int, until gate: TestGate) throws {
        signal(SIGPIPE, SIG_IGN)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServerError.socket(errno) }
        guard let port = LoopbackPort.bindToFreePort(fd, listeningWithBacklog: 16) else {
            close(fd)
            throw TestServerError.socket(errno)
        }
        listener = fd
        self.port = port
        self.targetPort = targetPort
        self.holdAfter = max(0, bytes)
        self.gate = gate
        // The loop holds the relay weakly between connections, so a relay released without `stop()` is freed
        // (and stopped, which ends `accept`).
        let thread = Thread { [weak self] in
            defer { close(fd) }
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                guard let relay = self else {
                    close(client)
                    return
                }
                relay.relay(client)
            }
        }
        thread.name = "GatedRelay.accept"
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting and closes every relayed connection (held ones included).
    public func stop() {
        let open = lock.withLock { () -> Set<Int32>? in
            guard !isStopped else { return nil }
            isStopped = true
            return sockets
        }
        guard let open else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private var stopped: Bool { lock.withLock { isStopped } }

    /// Connects `client` to the target and pumps both ways, each on a thread of its own.
    private func relay(_ client: Int32) {
        guard let server = LoopbackSocket.connect(to: targetPort) else {
            close(client)
            return
        }
        let registered = lock.withLock { () -> Bool in
            guard !isStopped else { return false }
            sockets.formUnion([client, server])
            return true
        }
        guard registered else {
            close(client)
            close(server)
            return
        }
        let ends = DispatchGroup()
        for (from, to, limit) in [(client, server, Int?.none), (server, client, holdAfter)] {
            ends.enter()
            Thread.detachNewThread { [self] in
                pump(from: from, to: to, holdingAfter: limit)
                ends.leave()
            }
        }
        Thread.detachNewThread { [self] in
            ends.wait()
            lock.withLock { sockets.subtract([client, server]) }
            close(client)
            close(server)
        }
    }

    /// Copies bytes until either side ends, waiting at the gate once `limit` bytes went through; then passes
    /// the end on (a half close, or a full shutdown when sending failed).
    private func pump(from source: Int32, to sink: Int32, holdingAfter limit: Int?) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var forwarded = 0
        var pendingHold = limit
        while true {
            if let hold = pendingHold, forwarded >= hold {
                _ = gate.wait(unless: { stopped })
                pendingHold = nil
            }
            let room = pendingHold.map { min(buffer.count, $0 - forwarded) } ?? buffer.count
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, room, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0, !stopped, LoopbackSocket.sendAll(Array(buffer[0..<count]), to: sink) else { break }
            forwarded += count
        }
        shutdown(sink, Int32(SHUT_WR))
        shutdown(source, Int32(SHUT_RD))
    }
}
