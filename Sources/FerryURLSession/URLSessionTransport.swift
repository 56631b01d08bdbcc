import FerryHTTP
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A second transport over `URLSession` (FoundationNetworking on Linux), for Apple platforms and comparison.
///
/// On Linux it gives **no timing phases** (``HTTPResponse/timing`` is `nil`: the task-metrics delegate is
/// never called there), cannot turn TLS verification off, trust a custom CA bundle or use a proxy (each
/// fails with a clear error before sending), does not support Digest authentication
/// (``HTTPAuth/digest(user:password:)`` fails the same way: FoundationNetworking's challenge handling is not
/// reliable there), does not report redirect headers (so a ``CookieJar`` only sees the final response's
/// cookies), reads request bodies into memory before sending (files are
/// uploaded from disk), and reports `Content-Type`-style headers in whatever order FoundationNetworking
/// stores them. Redirect limits, cancellation, upload and download progress, body limits and file
/// destinations work. It cannot see what goes on the wire either, so ``HTTPRequest/recordsSentHead`` is
/// ignored and ``HTTPResponse/sentHeads`` stays empty (``HTTPResponse/sentHead`` is `nil`).
///
/// ```swift
/// let client = HTTPClient(transport: URLSessionTransport())
/// ```
///
/// On Linux, `URLSession` and `URLSessionConfiguration` live in FoundationNetworking, not Foundation: code
/// that passes a configuration of its own imports it too (`#if canImport(FoundationNetworking)`).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: URLSessionTransferDelegate

    /// A transport with its own ephemeral session (no cookies or cache on disk).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let delegate = URLSessionTransferDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "FerryHTTP.URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit { session.invalidateAndCancel() }

    /// Starts `request` as a data or upload task.
    public func start(_ request: HTTPRequest, events: TransferEvents) -> any TransferHandle {
        func fail(_ reason: HTTPClientError.Reason) -> any TransferHandle {
            events.completion(.failure(HTTPClientError(reason, request: request)))
            return FinishedTransfer()
        }
        guard let url = request.url else { return fail(.invalidURL("the request was not resolved to a URL")) }
        guard request.tlsVerification == .enabled else {
            return fail(
                .tlsFailure(
                    TLSFailure(.unsupported, detail: "URLSessionTransport cannot turn TLS verification off on Linux")))
        }
        guard request.certificateAuthorityBundle == nil else {
            return fail(
                .tlsFailure(
                    TLSFailure(.unsupported, detail: "URLSessionTransport cannot trust a custom CA bundle on Linux")))
        }
        if let auth = request.auth, auth.isChallengeBased {
            return fail(
                .transport(
                    code: 0, detail: "URLSessionTransport does not support Digest authentication; use CurlTransport"))
        }
        guard request.proxy == nil else {
            return fail(.transport(code: 0, detail: "URLSessionTransport does not support proxies on Linux"))
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers { urlRequest.addValue(value, forHTTPHeaderField: name) }
        // URLSession's one limit is the longest it waits for the next bytes: the shorter of the two.
        if let limit = [request.timeout, request.idleTimeout].compactMap({ $0 }).min() {
            urlRequest.timeoutInterval = limit.seconds
        }

        let task: URLSessionTask
        var expectedToSend: Int?
        switch request.body {
        case .none:
            task = session.dataTask(with: urlRequest)
        case .file(let file, _):
            task = session.uploadTask(with: urlRequest, fromFile: file)
            expectedToSend =
                (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
        default:
            do {
                let data = try RequestBodyReader(request.body).readAll()
                expectedToSend = data.count
                task = session.uploadTask(with: urlRequest, from: data)
            } catch {
                return fail(.fileFailed(error.message))
            }
        }
        let state = URLSessionTransferState(request: request, events: events, expectedToSend: expectedToSend)
        if let failure = state.openDestination() { return fail(failure) }
        delegate.register(state, for: task)
        task.resume()
        return URLSessionTransferHandle(task: task, state: state)
    }
}

/// Cancels a `URLSessionTask`.
struct URLSessionTransferHandle: TransferHandle, @unchecked Sendable {
    let task: URLSessionTask
    let state: URLSessionTransferState

    func cancel() {
        state.markCanceled()
        task.cancel()
    }
}
