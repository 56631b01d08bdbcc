import Foundation

// MARK: - Tasks and completion handlers

extension HTTPClient {
    /// Starts `request` and returns its task, to await (``HTTPTask/value()``, ``HTTPTask/result``), watch
    /// (``HTTPTask/state``, ``HTTPTask/progress``) or cancel. `progress` runs on the transport's thread,
    /// throttled: keep it quick. The request runs whether or not the task is kept.
    @discardableResult
    public func task(for request: HTTPRequest, progress: (@Sendable (TransferProgress) -> Void)? = nil)
        -> HTTPTask<HTTPResponse>
    {
        start(request, progress: progress, completion: nil, processor: nil)
    }

    /// Starts `request`, parsing its response with `parser` off the transport's thread; returns its task.
    /// `progress` runs on the transport's thread, throttled: keep it quick. The request runs whether or not
    /// the task is kept.
    @discardableResult
    public func task<Value>(
        for request: HTTPRequest, parsing parser: ResponseParser<Value>,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) -> HTTPTask<ParsedResponse<Value>> {
        start(request, progress: progress, completion: nil, processor: Self.processor(parser))
    }

    /// Starts `request`; `completion` runs once with the response (any status) or the error, on
    /// `completionQueue`: by default a global concurrent queue, since a command-line program on Linux has no
    /// main run loop to serve `DispatchQueue.main` (pass `.main` in a program that runs one). It never runs
    /// inside ``HTTPTask/cancel()`` or on the transport's thread. `progress` runs on the transport's thread,
    /// throttled: keep it quick.
    ///
    /// ```swift
    /// client.task(for: HTTPRequest(path: "/get")) { result in
    ///     print((try? result.get())?.status ?? 0)
    /// }
    /// ```
    @discardableResult
    public func task(
        for request: HTTPRequest, progress: (@Sendable (TransferProgress) -> Void)? = nil,
        completionQueue: DispatchQueue? = nil,
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPClientError>) -> Void
    ) -> HTTPTask<HTTPResponse> {
        start(request, progress: progress, completionQueue: completionQueue, completion: completion, processor: nil)
    }

    /// Starts `request`, parsing its response with `parser` off the transport's thread; `completion` runs once
    /// with the parsed response or the error, on `completionQueue` (by default a global concurrent queue; see
    /// ``task(for:progress:completionQueue:completion:)``).
    ///
    /// ```swift
    /// client.task(for: HTTPRequest(path: "/user"), parsing: .decodable(User.self)) { result in
    ///     switch result {
    ///     case .success(let parsed): print(parsed.value?.name ?? "no content")
    ///     case .failure(let error): print(error.message)
    ///     }
    /// }
    /// ```
    @discardableResult
    public func task<Value>(
        for request: HTTPRequest, parsing parser: ResponseParser<Value>,
        progress: (@Sendable (TransferProgress) -> Void)? = nil, completionQueue: DispatchQueue? = nil,
        completion: @escaping @Sendable (Result<ParsedResponse<Value>, HTTPClientError>) -> Void
    ) -> HTTPTask<ParsedResponse<Value>> {
        start(
            request, progress: progress, completionQueue: completionQueue, completion: completion,
            processor: Self.processor(parser))
    }

    /// What the client runs on a response to parse it with `parser`.
    static func processor<Value>(_ parser: ResponseParser<Value>) -> Processor<ParsedResponse<Value>> {
        { response, request throws(HTTPClientError) in try parser.process(response, for: request) }
    }
}
