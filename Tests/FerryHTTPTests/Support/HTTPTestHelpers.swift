import FerryHTTP
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port with nothing listening: bound, never listened on, then closed.
func closedPort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    return UInt16(bigEndian: address.sin_port)
}

/// The reason of the error `body` throws, or `nil` when it succeeds.
func failureReason(_ body: () async throws -> Void) async -> HTTPClientError.Reason? {
    do {
        try await body()
        return nil
    } catch let error as HTTPClientError {
        return error.reason
    } catch {
        return .transport(code: -1, detail: "not an HTTPClientError: \(error)")
    }
}

/// Waits until `condition` holds, checking every few milliseconds, or until `deadline` passes.
///
/// The deadline is generous on purpose: under `make test` other suites can keep the test threads busy
/// for seconds, and a deadline only matters when the condition never comes true.
func waitUntil(_ deadline: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + deadline
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// Thread-safe storage for values recorded from callbacks in tests.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}

/// A transport that passes requests to another and notes when each transfer's completion arrives, on the
/// transport's own thread: the moment the transfer really stopped, whatever the test threads are doing.
final class StopClock: HTTPTransport {
    let inner: any HTTPTransport
    let completions = Recorder<ContinuousClock.Instant>()

    init(_ inner: any HTTPTransport) { self.inner = inner }

    func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        let completions = completions
        let observed = TransferEvents(progress: events.progress) { result in
            completions.append(.now)
            events.completion(result)
        }
        return inner.start(request, events: observed)
    }

    /// How long after `instant` the first transfer stopped, once it has.
    func stopDelay(after instant: ContinuousClock.Instant) async -> Duration? {
        guard await waitUntil(.seconds(20), { !completions.values.isEmpty }), let stopped = completions.values.first
        else {
            return nil
        }
        return stopped - instant
    }
}
