import Foundation

/// The default transport: libcurl, with one multi handle driven by one thread for all transfers.
///
/// Connections are reused across requests (keep-alive, HTTP/2 multiplexing when the server offers it),
/// responses are decoded from gzip, deflate, brotli and zstd, request bodies stream in through libcurl's
/// read callback and responses out through its write callback. Every transfer reports
/// ``TransferTiming`` from `curl_easy_getinfo`. Canceling a transfer removes it from the multi handle on
/// the loop's next turn (woken at once), so no more bytes flow. The loop (and libcurl's global setup, with
/// OpenSSL's) starts at the first request, so a program that may never send pays nothing for it.
///
/// ```swift
/// let client = HTTPClient(transport: CurlTransport())
/// ```
public final class CurlTransport: HTTPTransport {
    /// Where the event loop is: not started yet, running, failed to start, or stopped for good.
    fileprivate enum LoopState {
        case notStarted, running(CurlEventLoop), failed, stopped
    }

    private let state = Locked(LoopState.notStarted)

    /// Runs the jobs of a task that prefers it on this transport's event-loop thread, so that a task which sends
    /// one request after another never crosses threads (its send starts and its completion resumes it where
    /// libcurl runs), as one `curl -K` does; whatever else the task does then holds back every transfer of the
    /// transport while it runs. Starts the loop (and opens libcurl) at the first job; without a loop the jobs run
    /// on the global concurrent executor. Such a task must never block its thread waiting for a transfer of this
    /// transport (a semaphore around a send): the thread it blocks is the one that would finish the transfer.
    ///
    /// ```swift
    /// let transport = CurlTransport()
    /// let task = Task(executorPreference: transport.taskExecutor) { await send(requests, over: transport) }
    /// ```
    public let taskExecutor: any TaskExecutor

    /// A transport with its own event-loop thread and connection pool (started at the first request).
    public init() {
        let executor = CurlTaskExecutor()
        taskExecutor = executor
        executor.transport = self
    }

    // The loop thread keeps itself alive until it has freed its handles, so there is no need to block here.
    deinit { runningLoop?.stop(wait: false) }

    /// libcurl's cookie engine, on for one transfer, matches a jar's cookies on every hop (`CurlEasy`).
    public var matchesCookiesPerHop: Bool { true }

    /// Starts `request` on the event loop.
    public func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        // The loop, or the state that says why there is none (only the loop is handed out of the lock: a
        // reason, made for every request, would be copied in and out of it each time).
        var refused = LoopState.stopped
        let running = startedLoop(refused: &refused)
        guard let loop = running else {
            // The reason of a loop that failed to start is known only after libcurl was opened.
            let reason: HTTPClientError.Reason =
                if case .failed = refused { .transport(code: 2, detail: Curl.failure) } else { .canceled }
            events.completion(.failure(HTTPClientError(reason, request: request)))
            return FinishedTransfer()
        }
        let transfer = CurlTransfer(request: request, events: events, loop: loop)
        loop.submit(transfer)
        return transfer
    }

    /// The loop, started if it was not; `nil` with the state that says why in `refused`.
    fileprivate func startedLoop(refused: inout LoopState) -> CurlEventLoop? {
        state.withLock { state -> CurlEventLoop? in
            if case .notStarted = state {
                state = CurlEventLoop(executor: taskExecutor).map(LoopState.running) ?? .failed
            }
            guard case .running(let loop) = state else {
                refused = state
                return nil
            }
            return loop
        }
    }

    /// Cancels every transfer and stops the event-loop thread, waiting until its handles are freed; later
    /// requests fail as canceled.
    public func shutdown() {
        let loop = state.withLock { state -> CurlEventLoop? in
            defer { state = .stopped }
            if case .running(let loop) = state { return loop }
            return nil
        }
        loop?.stop()
    }

    /// The loop, if it runs.
    private var runningLoop: CurlEventLoop? {
        state.withLock { state in
            if case .running(let loop) = state { loop } else { nil }
        }
    }

    /// How many transfers are in flight on libcurl (as of the loop's last turn), for this package's tests and
    /// benchmarks.
    package var activeTransferCount: Int { runningLoop?.activeCount ?? 0 }

    /// How many libcurl easy handles this transport has made: after `curl_easy_reset` they are reused for
    /// later transfers, so this stays at the most transfers ever in flight at once (for tests).
    var easyHandlesCreated: Int { runningLoop?.handlesCreated ?? 0 }

    /// Whether the caller runs on the event loop's thread (for tests of ``taskExecutor``).
    var isOnEventLoopThread: Bool { runningLoop?.isOnLoopThread ?? false }

    /// The event loop, for leak tests to hold weakly: it is freed, with its multi handle, only once its
    /// thread has stopped and freed its easy handles.
    var eventLoop: AnyObject? { runningLoop }

    /// The libcurl version line, such as `libcurl/7.88.1 OpenSSL/3.0.19 …`.
    public static var libraryVersion: String { Curl.version }

    // MARK: - For this package's benchmark baselines (FerryCurlBaseline), which drive libcurl themselves

    /// Runs libcurl's global set-up once per process, as the first request does; `false` when it failed.
    package static func initializeLibcurl() -> Bool { Curl.isInitialized }

    /// The `User-Agent` header line this transport sends when a request sets none.
    package static var defaultUserAgentLine: String { CurlOptions.defaultUserAgentLine }
}

/// A handle for a transfer that never started.
package struct FinishedTransfer: TransferHandle {
    package init() {}

    package func cancel() {}
}

extension HTTPClient {
    /// A client over a new ``CurlTransport``, with the same options as
    /// ``init(transport:environment:cookieJar:interceptors:defaultTimeout:)``.
    public convenience init(
        environment: Environment? = nil, cookieJar: CookieJar? = nil, interceptors: [any HTTPInterceptor] = [],
        defaultTimeout: Duration? = nil
    ) {
        self.init(
            transport: CurlTransport(), environment: environment, cookieJar: cookieJar, interceptors: interceptors,
            defaultTimeout: defaultTimeout)
    }
}
extension CurlTransport: HeaderRepeatingRedirectTransport {}

/// ``CurlTransport/taskExecutor``: hands each job to the transport's event loop.
private final class CurlTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// Set once, right after the transport is made; weak, since the transport keeps this executor.
    weak var transport: CurlTransport?

    func enqueue(_ job: consuming ExecutorJob) {
        var refused = CurlTransport.LoopState.stopped
        if let loop = transport?.startedLoop(refused: &refused) {
            loop.enqueue(UnownedJob(job))
        } else {
            globalConcurrentExecutor.enqueue(job)
        }
    }

    func asUnownedTaskExecutor() -> UnownedTaskExecutor { UnownedTaskExecutor(ordinary: self) }
}
