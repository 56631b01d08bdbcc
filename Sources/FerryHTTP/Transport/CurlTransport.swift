import Foundation

/// The default transport: libcurl, with one multi handle driven by one thread for all transfers.
///
/// Connections are reused across requests (keep-alive, HTTP/2 multiplexing when the server offers it),
/// responses are decoded from gzip, deflate, brotli and zstd, request bodies stream in through libcurl's
/// read callback and responses out through its write callback. Every transfer reports
/// ``TransferTiming`` from `curl_easy_getinfo`. Canceling a transfer removes it from the multi handle on
/// the loop's next turn (woken at once), so no more bytes flow.
///
/// ```swift
/// let client = HTTPClient(transport: CurlTransport())
/// ```
public final class CurlTransport: HTTPTransport {
    private let loop: CurlEventLoop?

    /// A transport with its own event-loop thread and connection pool.
    public init() {
        loop = CurlEventLoop()
    }

    // The loop thread keeps itself alive until it has freed its handles, so there is no need to block here.
    deinit { loop?.stop(wait: false) }

    /// Starts `request` on the event loop.
    public func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        guard let loop else {
            events.completion(
                .failure(HTTPClientError(.transport(code: 2, detail: "libcurl failed to initialize"), request: request))
            )
            return FinishedTransfer()
        }
        let transfer = CurlTransfer(request: request, events: events, loop: loop)
        loop.submit(transfer)
        return transfer
    }

    /// Cancels every transfer and stops the event-loop thread, waiting until its handles are freed; later
    /// requests fail as canceled.
    public func shutdown() { loop?.stop() }

    /// How many transfers are in flight on libcurl (as of the loop's last turn).
    public var activeTransferCount: Int { loop?.activeCount ?? 0 }

    /// How many libcurl easy handles this transport has made: after `curl_easy_reset` they are reused for
    /// later transfers, so this stays at the most transfers ever in flight at once (for tests).
    var easyHandlesCreated: Int { loop?.handlesCreated ?? 0 }

    /// The event loop, for leak tests to hold weakly: it is freed, with its multi handle, only once its
    /// thread has stopped and freed its easy handles.
    var eventLoop: AnyObject? { loop }

    /// How many libcurl handles (multi and easy) exist in the whole process, for leak checks.
    public static var liveHandleCount: Int { Curl.liveHandles.withLock { $0 } }

    /// Fetches `urls` sequentially with one reused libcurl easy handle and no FerryHTTP around it (the
    /// baseline for benchmarks), sending the same request head as this transport (its default User-Agent
    /// line); returns how many answered 2xx.
    public static func baselineFetch(_ urls: [String]) -> Int { Curl.baselineFetch(urls) }

    /// Fetches `urls` sequentially with raw libcurl in this transport's thread layout (a multi handle on
    /// its own thread, woken with `curl_multi_wakeup`, results handed back through a semaphore) and no
    /// FerryHTTP code (the same request head, as ``baselineFetch(_:)``): the floor for any transport of this
    /// design; returns how many answered 2xx.
    public static func baselineLoopFetch(_ urls: [String]) -> Int { Curl.baselineLoopFetch(urls) }

    /// Fetches `urls` with at most `inFlight` transfers at once on one raw libcurl multi handle driven by the
    /// calling thread, with no FerryHTTP code and the same request head as ``baselineFetch(_:)`` (the baseline
    /// for concurrent benchmarks); returns how many answered 2xx.
    public static func baselineParallelFetch(_ urls: [String], inFlight: Int) -> Int {
        Curl.baselineParallelFetch(urls, inFlight: inFlight)
    }

    /// The libcurl version line, such as `libcurl/7.88.1 OpenSSL/3.0.19 …`.
    public static var libraryVersion: String { Curl.version }
}

/// libcurl's cookie engine, on for one transfer, matches the cookies on every hop (``CurlEasy``).
extension CurlTransport: PerHopCookieTransport {}

/// A handle for a transfer that never started.
package struct FinishedTransfer: TransferHandle {
    package init() {}

    package func cancel() {}
}

extension HTTPClient {
    /// A client over a new ``CurlTransport``.
    public convenience init(environment: Environment? = nil) {
        self.init(transport: CurlTransport(), environment: environment)
    }
}
extension CurlTransport: HeaderRepeatingRedirectTransport {}
