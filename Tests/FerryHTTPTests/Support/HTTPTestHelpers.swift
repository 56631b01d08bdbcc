import FerryHTTP
import FerryTestSupport
import Foundation

/// A loopback port with nothing listening, for the whole run: a connection to it is refused.
func closedPort() throws -> UInt16 { try LoopbackPort.refusing() }

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

/// Waits until `condition` holds, checking every few milliseconds, or until `deadline` passes (FerryTestSupport's
/// `eventually`, with this suite's deadline and interval).
///
/// The deadline is generous on purpose: under `make test` other suites can keep the test threads busy
/// for seconds, and a deadline only matters when the condition never comes true.
func waitUntil(_ deadline: Duration = FailureBound.event, _ condition: () -> Bool) async -> Bool {
    await eventually(timeout: deadline, every: .milliseconds(5), condition)
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
