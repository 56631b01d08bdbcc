import FerryHTTP
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes `URLSession` delegate calls to the state of each task (calls arrive on one serial queue).
final class URLSessionTransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let states = Locked([Int: URLSessionTransferState]())

    func register(_ state: URLSessionTransferState, for task: URLSessionTask) {
        states.withLock { $0[task.taskIdentifier] = state }
    }

    private func state(for task: URLSessionTask) -> URLSessionTransferState? {
        states.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // Past the limit the redirect response ends the task and the state reports `tooManyRedirects`
        // (canceling here instead crashes FoundationNetworking).
        guard let state = state(for: task), state.shouldFollow(response, to: request.url) else {
            return completionHandler(nil)
        }
        completionHandler(state.hop(request))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        state(for: dataTask)?.didReceive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let state = state(for: dataTask) else { return }
        if !state.didReceive(data) { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        state(for: task)?.didSend(Int(totalBytesSent))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let state = states.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        state?.complete(error: error, response: task.response)
    }
}

/// What one `URLSession` task has received so far; touched on the delegate queue, canceled from any thread.
final class URLSessionTransferState: @unchecked Sendable {
    private let request: HTTPRequest
    private let events: TransferEvents
    private let canceled = Locked(false)
    private var progress: TransferProgress
    private var body = Data()
    private var file: FileHandle?
    private var redirects: [Redirect] = []
    private var abortReason: HTTPClientError.Reason?

    init(request: HTTPRequest, events: TransferEvents, expectedToSend: Int?) {
        self.request = request
        self.events = events
        self.progress = TransferProgress(bytesExpectedToSend: expectedToSend)
    }

    func markCanceled() { canceled.withLock { $0 = true } }

    func openDestination() -> HTTPClientError.Reason? {
        guard let url = request.responseBody.fileURL else { return nil }
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else { return .fileFailed("cannot create \(url.path)") }
        file = handle
        return nil
    }

    func shouldFollow(_ response: HTTPURLResponse, to target: URL?) -> Bool {
        guard case .follow(let limit) = request.redirectPolicy, let target, let from = response.url else {
            return false
        }
        guard redirects.count < limit else {
            abortReason = .tooManyRedirects(limit: limit)
            return false
        }
        redirects.append(Redirect(status: response.statusCode, from: from, to: target))
        return true
    }

    /// The request FoundationNetworking proposes for a redirect hop, without the sensitive headers (credentials,
    /// cookies, ``HTTPRequest/sensitiveHeaders``) once the hop leaves the first URL's origin.
    func hop(_ proposed: URLRequest) -> URLRequest {
        guard let origin = request.url, let target = proposed.url,
            HTTPRequest.origin(of: target) != HTTPRequest.origin(of: origin)
        else { return proposed }
        var hop = proposed
        for name in (proposed.allHTTPHeaderFields ?? [:]).keys where request.isSensitiveHeader(name) {
            hop.setValue(nil, forHTTPHeaderField: name)
        }
        return hop
    }

    func didReceive(_ response: URLResponse) {
        progress.bytesExpectedToReceive =
            response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
        body.removeAll()
        try? file?.truncate(atOffset: 0)
    }

    /// Keeps `data`; returns `false` to stop the transfer.
    func didReceive(_ data: Data) -> Bool {
        if let file {
            do { try file.write(contentsOf: data) } catch {
                abortReason = .fileFailed("cannot write the response body: \(error.localizedDescription)")
                return false
            }
        } else if case .memory(let limit) = request.responseBody, body.count + data.count > limit {
            abortReason = .bodyTooLarge(limit: limit)
            return false
        } else {
            body.append(data)
        }
        progress.bytesReceived += data.count
        events.progress(progress)
        return true
    }

    func didSend(_ total: Int) {
        progress.bytesSent = total
        events.progress(progress)
    }

    func complete(error: Error?, response: URLResponse?) {
        try? file?.close()
        file = nil
        if canceled.withLock({ $0 }) {
            return events.completion(.failure(HTTPClientError(.canceled, request: request)))
        }
        if let reason = abortReason ?? error.map(Self.reason) {
            return events.completion(.failure(HTTPClientError(reason, request: request)))
        }
        guard let http = response as? HTTPURLResponse, let url = http.url else {
            return events.completion(
                .failure(HTTPClientError(.transport(code: 0, detail: "no HTTP response"), request: request)))
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(String(describing: name), String(describing: value))
        }
        var response = HTTPResponse(
            status: http.statusCode,
            reason: HTTPURLResponse.localizedString(forStatusCode: http.statusCode).capitalized,
            headers: headers, url: url, redirects: redirects, timing: nil, body: body,
            bodyFile: request.responseBody.fileURL, tlsVerification: request.tlsVerification)
        do {
            try response.place(for: request.responseBody)
        } catch {
            return events.completion(.failure(HTTPClientError(.fileFailed("\(error)"), request: request)))
        }
        events.completion(.success(response))
    }

    private static func reason(for error: Error) -> HTTPClientError.Reason {
        let error = error as NSError
        let host = (error.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.host ?? ""
        switch error.code {
        case NSURLErrorCancelled: return .canceled
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .cannotResolveHost(host)
        case NSURLErrorCannotConnectToHost:
            return .connectionRefused(host: host, port: (error.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.port)
        case NSURLErrorTimedOut: return .timedOut(.waitingForResponse)
        case NSURLErrorNetworkConnectionLost: return .connectionReset
        case NSURLErrorSecureConnectionFailed:
            return .tlsFailure(TLSFailure(.handshakeFailed, detail: error.localizedDescription, host: host))
        case NSURLErrorServerCertificateUntrusted:
            return .tlsFailure(TLSFailure(.other, detail: error.localizedDescription, host: host))
        case NSURLErrorServerCertificateHasBadDate:
            return .tlsFailure(TLSFailure(.expired, detail: error.localizedDescription, host: host))
        case NSURLErrorServerCertificateNotYetValid:
            return .tlsFailure(TLSFailure(.notYetValid, detail: error.localizedDescription, host: host))
        case NSURLErrorServerCertificateHasUnknownRoot:
            return .tlsFailure(TLSFailure(.unknownIssuer, detail: error.localizedDescription, host: host))
        case NSURLErrorHTTPTooManyRedirects: return .tooManyRedirects(limit: 0)
        case NSURLErrorBadURL, NSURLErrorUnsupportedURL: return .invalidURL(error.localizedDescription)
        case NSURLErrorZeroByteResource, NSURLErrorCannotParseResponse, NSURLErrorBadServerResponse:
            return .bodyTruncated(error.localizedDescription)
        default: return .transport(code: error.code, detail: error.localizedDescription)
        }
    }
}
