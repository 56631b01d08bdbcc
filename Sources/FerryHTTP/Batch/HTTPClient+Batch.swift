import Foundation

extension HTTPClient {
    /// A new batch sending through this client, at most `limit` requests at once (see ``HTTPBatch``).
    public func batch(limit: Int = HTTPBatch.defaultLimit) -> HTTPBatch {
        HTTPBatch(client: self, limit: limit)
    }

    /// Sends `requests` as one batch, at most `limit` at once, and returns their results in the same order.
    /// Canceling the calling Swift task cancels them all.
    ///
    /// ```swift
    /// let results = await client.send([HTTPRequest(path: "/a"), HTTPRequest(path: "/b")], limit: 2)
    /// for case .success(let response) in results { print(response.status) }
    /// ```
    public func send(_ requests: [HTTPRequest], limit: Int = HTTPBatch.defaultLimit) async
        -> [Result<HTTPResponse, HTTPClientError>]
    {
        let batch = batch(limit: limit)
        return await Self.results(of: requests.map { batch.add($0) }, in: batch)
    }

    /// Sends `requests` as one batch, at most `limit` at once, parsing each response with `parser`; returns
    /// their results in the same order. Canceling the calling Swift task cancels them all.
    public func send<Value>(
        _ requests: [HTTPRequest], parsing parser: ResponseParser<Value>, limit: Int = HTTPBatch.defaultLimit
    ) async -> [Result<ParsedResponse<Value>, HTTPClientError>] {
        let batch = batch(limit: limit)
        return await Self.results(of: requests.map { batch.add($0, parsing: parser) }, in: batch)
    }

    /// Starts `batch` and waits for every task's result, in order.
    private static func results<Value>(of tasks: [HTTPTask<Value>], in batch: HTTPBatch) async
        -> [Result<Value, HTTPClientError>]
    {
        batch.start()
        return await withTaskCancellationHandler {
            var results: [Result<Value, HTTPClientError>] = []
            results.reserveCapacity(tasks.count)
            for task in tasks { results.append(await task.result) }
            return results
        } onCancel: {
            batch.cancel()
        }
    }
}
