import Foundation

/// A download to a file that can be paused and resumed, in this process or another (NamadaEatr's resumable
/// downloads).
///
/// While it runs, a small ``DownloadResumeRecord`` sits beside the partial file (`FILE.ferry-resume`: the URL,
/// the server's validator, the bytes so far). Pausing, a failure or the end of the process leaves both; the next
/// download of the same URL to the same file asks for the rest with `Range` and `If-Range`, and appends it. When
/// the server sends the whole body instead (200), sends another version (the validator changed), cannot serve
/// the range, or nothing validates the partial file, the download starts over cleanly, and ``Completed/start``
/// says why. On success the record goes away. A file that is already whole (the server answers the range from
/// its end with 416 naming its length) is not fetched again (``Start/alreadyComplete``). A process killed
/// mid-body loses at most the last 64 KiB it received (the file is written 64 KiB at a time): a resume starts
/// from what is on disk.
///
/// ```swift
/// let download = client.download(HTTPRequest(path: "/big.iso"), to: file)
/// download.start()
/// await download.pause()          // the transfer stops; file and record stay
/// download.start()                // asks for the rest
/// let completed = try await download.result.get()
/// print(completed.byteCount, completed.start)   // …, resumed(from: 1048576)
/// ```
public final class HTTPDownload: Sendable {
    /// How the transfer that finished the download began.
    public enum Start: Sendable, Hashable {
        /// From the first byte, with no partial file to go on.
        case fresh
        /// From `offset`, appending to the partial file.
        case resumed(from: Int)
        /// From the first byte, the partial file thrown away.
        case restarted(RestartReason)
        /// Not at all: the file already held the whole body (the server answered the range from its end with
        /// 416 naming that length), so nothing was fetched.
        case alreadyComplete
    }

    /// Why a partial file was thrown away.
    public enum RestartReason: Sendable, Hashable {
        /// The server answered the range request with the whole body (200).
        case rangeIgnored
        /// The server's validator (ETag or Last-Modified) is not the one the partial file was made with.
        case validatorChanged
        /// The server could not serve the range (416, or a range not starting where the file ends).
        case rangeNotSatisfiable
        /// The record was made for another URL.
        case otherURL
        /// The server gave no strong ETag or Last-Modified, so the partial file cannot be validated.
        case noValidator
        /// The record could not be read: the message names it.
        case unreadableRecord(String)
    }

    /// A finished download.
    public struct Completed: Sendable {
        /// The last transfer's response: status (200 or 206, 416 when ``start`` is ``Start/alreadyComplete``),
        /// headers and timing, with an empty body.
        public var response: HTTPResponse
        /// The file's length.
        public var byteCount: Int
        /// How the last transfer began.
        public var start: Start
    }

    /// Where the download is in its life.
    public enum Phase: Sendable, Hashable {
        /// Not started yet.
        case idle
        /// Transferring.
        case running
        /// Stopped by ``pause()``; ``start()`` resumes it.
        case paused
        /// Finished: see ``result``.
        case finished
    }

    /// The request, as given.
    public let request: HTTPRequest
    /// Where the body goes.
    public let file: URL
    private let client: HTTPClient
    private let beforeEnd: @Sendable (Result<Completed, HTTPClientError>) async -> Void
    private let state = Locked(State())

    init(
        client: HTTPClient, request: HTTPRequest, file: URL,
        beforeEnd: @escaping @Sendable (Result<Completed, HTTPClientError>) async -> Void
    ) {
        self.client = client
        self.request = request
        self.file = file
        self.beforeEnd = beforeEnd
    }

    /// Where the resume record is kept: beside ``file``.
    public var resumeRecordFile: URL { DownloadResumeRecord.location(beside: file) }

    /// Where the download is.
    public var phase: Phase { state.withLock { $0.phase } }

    /// How many bytes the file holds so far.
    public var bytesWritten: Int { state.withLock { $0.bytesWritten } }

    /// The file's growth from now on, as an `AsyncSequence` like ``HTTPTask/progress``: one value when a
    /// transfer starts and one for every piece of the body received (`bytesReceived` counts the bytes in the
    /// file, a resumed part included; `bytesExpectedToReceive` is the whole file's size when the server said
    /// it). It ends when the download finishes, or at once if it has; a pause leaves it open for the resume.
    ///
    /// ```swift
    /// for await progress in download.progress {
    ///     print(progress.fractionReceived ?? 0)
    /// }
    /// ```
    public var progress: AsyncStream<TransferProgress> {
        let (stream, continuation) = AsyncStream<TransferProgress>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        let finished = state.withLock { state -> Bool in
            guard state.phase != .finished else { return true }
            state.progressStreams[id] = continuation
            return false
        }
        if finished {
            continuation.finish()
        } else {
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.progressStreams.removeValue(forKey: id) }
            }
        }
        return stream
    }

    // MARK: - Controlling

    /// Starts the download, or resumes it after ``pause()``; does nothing while it runs or once it finished.
    public func start() {
        state.withLock { state in
            guard state.phase == .idle || state.phase == .paused else { return }
            state.phase = .running
            state.stopping = nil
            // Made under the lock, so a pause right after this finds the runner to stop.
            state.runner = Task { await self.run() }
        }
    }

    /// Stops the transfer and returns once it stopped, keeping the partial file and its record for a later
    /// ``start()`` (here or in another process). Does nothing unless the download runs.
    public func pause() async {
        await stop(.pause)
    }

    /// Stops the download for good and deletes the partial file and its record; ``result`` is then
    /// ``HTTPClientError/Reason/canceled``. Does nothing once the download finished.
    public func cancel() async {
        let phase = state.withLock { $0.phase }
        switch phase {
        case .finished:
            return
        case .running:
            await stop(.cancel)
        case .idle, .paused:
            discardPartialFile()
            await finish(.failure(HTTPClientError(.canceled, request: request)))
        }
    }

    /// The outcome, once the download finished (through pauses and resumes); a failure keeps the partial file
    /// and its record, so a new download of the same file resumes it.
    public var result: Result<Completed, HTTPClientError> {
        get async {
            await withUnsafeContinuation { waiter in
                let ready = state.withLock { state -> Result<Completed, HTTPClientError>? in
                    if let result = state.result { return result }
                    state.waiters.append(waiter)
                    return nil
                }
                if let ready { waiter.resume(returning: ready) }
            }
        }
    }

    // MARK: - Internals

    private enum Stop {
        case pause, cancel
    }

    private struct State {
        var phase = Phase.idle
        var stopping: Stop?
        var runner: Task<Void, Never>?
        var bytesWritten = 0
        /// The whole file's size, when the server said it.
        var totalBytes: Int?
        var progressStreams: [UUID: AsyncStream<TransferProgress>.Continuation] = [:]
        var result: Result<Completed, HTTPClientError>?
        /// Resumed exactly once: taken out under the lock by ``HTTPDownload/finish(_:)``.
        var waiters: [UnsafeContinuation<Result<Completed, HTTPClientError>, Never>] = []
    }

    private func stop(_ stop: Stop) async {
        let runner = state.withLock { state -> Task<Void, Never>? in
            guard state.phase == .running else { return nil }
            state.stopping = stop
            return state.runner
        }
        guard let runner else { return }
        runner.cancel()
        await runner.value
    }

    /// Runs one stretch of the download, from start (or resume) to the end, a pause or a failure.
    private func run() async {
        let outcome: Result<Completed, HTTPClientError>
        do throws(HTTPClientError) {
            outcome = .success(try await transfer())
        } catch {
            outcome = .failure(error)
        }
        let stopping = state.withLock { $0.stopping }
        switch (stopping, outcome) {
        case (.pause, .failure(let error)) where error.isCanceled:
            state.withLock {
                $0.phase = .paused
                $0.runner = nil
            }
        case (.cancel, .failure(let error)) where error.isCanceled:
            discardPartialFile()
            await finish(outcome)
        default:
            await finish(outcome)
        }
    }

    /// Ends the download with `result`: the work to do before the end first, then the waiters.
    private func finish(_ result: Result<Completed, HTTPClientError>) async {
        let isFirst = state.withLock { state -> Bool in
            guard state.phase != .finished else { return false }
            state.phase = .finished
            state.runner = nil
            return true
        }
        guard isFirst else { return }
        let streams = state.withLock { state in
            defer { state.progressStreams = [:] }
            return state.progressStreams.values
        }
        for stream in streams { stream.finish() }
        await beforeEnd(result)
        let waiters = state.withLock { state -> [UnsafeContinuation<Result<Completed, HTTPClientError>, Never>] in
            state.result = result
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    private func discardPartialFile() {
        DownloadResumeRecord.remove(beside: file)
        try? FileManager.default.removeItem(at: file)
    }

    /// The whole transfer: a resume when the record allows it, then once more from the first byte when the
    /// server's answer says the partial file is no good.
    private func transfer() async throws(HTTPClientError) -> Completed {
        let resolved = try request.resolved(in: client.environment)
        let url = resolved.url?.absoluteString ?? request.targetDescription
        switch resumePlan(for: url) {
        case .resume(let offset, let record):
            switch try await leg(resolved, url: url, from: offset, validator: record?.validator) {
            case .completed(let completed): return completed
            case .restart(let reason): return try await fresh(resolved, url: url, start: .restarted(reason))
            }
        case .start(let start):
            return try await fresh(resolved, url: url, start: start)
        }
    }

    private func fresh(_ request: HTTPRequest, url: String, start: Start) async throws(HTTPClientError) -> Completed {
        switch try await leg(request, url: url, from: 0, validator: nil, start: start) {
        case .completed(let completed): return completed
        case .restart(let reason):
            // Only a range request is ever told to restart.
            throw HTTPClientError(.rejected("the download cannot restart: \(reason)"), request: request)
        }
    }

    private enum Plan {
        /// A range request from `offset`, validated by the record's validator; without a record, only to learn
        /// whether the file is already whole.
        case resume(offset: Int, record: DownloadResumeRecord?)
        case start(Start)
    }

    /// Whether the partial file can be resumed, from the record beside it. A file without a record is asked
    /// about from its end, without `If-Range`: a 416 naming the file's length says it is whole (as curl's
    /// `-C -` takes it), anything else starts over.
    private func resumePlan(for url: String) -> Plan {
        let record: DownloadResumeRecord?
        do throws(HTTPClientError) {
            record = try DownloadResumeRecord.read(beside: file, for: request)
        } catch {
            return .start(.restarted(.unreadableRecord(error.message)))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        guard let size, size > 0 else { return .start(.fresh) }
        guard let record else { return .resume(offset: size, record: nil) }
        guard record.url == url else { return .start(.restarted(.otherURL)) }
        guard record.validator != nil else { return .start(.restarted(.noValidator)) }
        if let total = record.totalBytes, size > total { return .start(.restarted(.rangeNotSatisfiable)) }
        return .resume(offset: size, record: record)
    }

    private enum Leg {
        case completed(Completed)
        case restart(RestartReason)
    }

    /// One transfer from `offset` (a range request when above 0, validated by `validator`; without one, only a
    /// 416 for a whole file is taken).
    private func leg(
        _ request: HTTPRequest, url: String, from offset: Int, validator: String?, start: Start? = nil
    ) async throws(HTTPClientError) -> Leg {
        var request = request
        // Ranges count bytes of the representation as sent: keep it unencoded, so offsets are file offsets.
        if !request.headers.contains("Accept-Encoding") { request.headers["Accept-Encoding"] = "identity" }
        if offset > 0 {
            request.headers["Range"] = "bytes=\(offset)-"
            if let validator { request.headers["If-Range"] = validator }
        }
        let response = try await client.stream(request)
        let head = response.head
        let appending: Bool
        var start = start ?? .fresh
        var total = head.headers["Content-Length"].flatMap { Int($0) }
        switch head.status {
        case 206 where offset > 0:
            guard let range = head.headers["Content-Range"].flatMap(ContentRange.init), range.first == offset else {
                response.task.cancel()
                return .restart(.rangeNotSatisfiable)
            }
            guard let validator else {
                response.task.cancel()
                return .restart(.noValidator)
            }
            guard Self.validator(of: head) == validator else {
                response.task.cancel()
                return .restart(.validatorChanged)
            }
            appending = true
            start = .resumed(from: offset)
            total = range.total
        case 416 where offset > 0:
            response.task.cancel()
            // The range starts at the representation's end (and `If-Range`, when sent, matched: else the server
            // would have sent the whole body): the file is whole.
            guard let length = head.headers["Content-Range"].flatMap(ContentRange.unsatisfiedLength), length == offset
            else { return .restart(.rangeNotSatisfiable) }
            DownloadResumeRecord.remove(beside: file)
            state.withLock { $0.totalBytes = offset }
            written(offset)
            return .completed(Completed(response: head, byteCount: offset, start: .alreadyComplete))
        case 200..<300 where offset > 0:
            // The whole body instead of the range: take it, from the first byte.
            appending = false
            // With `If-Range`, a server that honours ranges sends it when the validator no longer matches.
            start = .restarted(Self.reasonForWholeBody(head, validator: validator))
        case 200..<300:
            appending = false
        default:
            response.task.cancel()
            throw HTTPClientError(
                .failedStatus(code: head.status, headers: head.headers, body: Data()), request: request)
        }
        var record = DownloadResumeRecord(
            url: url, entityTag: Self.strongEntityTag(of: head), lastModified: head.headers["Last-Modified"],
            bytes: appending ? offset : 0, totalBytes: total)
        try record.write(beside: file, for: request)
        state.withLock { $0.totalBytes = total }
        let written = try await receive(response, appending: appending, from: record.bytes)
        record.bytes = written
        let final: HTTPResponse
        do throws(HTTPClientError) {
            final = try await response.task.value()
        } catch {
            try? record.write(beside: file, for: request)
            throw error
        }
        DownloadResumeRecord.remove(beside: file)
        return .completed(
            Completed(response: final, byteCount: written, start: start))
    }

    /// Writes the body into the file; returns the file's length. On a failure (a pause included) the record
    /// is brought up to date first.
    private func receive(_ response: HTTPStreamingResponse, appending: Bool, from offset: Int)
        async throws(HTTPClientError) -> Int
    {
        var written = offset
        self.written(written)
        var sink: BodyFileSink
        do throws(BodyFileSink.Failure) {
            sink = try BodyFileSink(path: file.path, appending: appending, writeSize: Self.writeSize)
        } catch {
            response.task.cancel()
            throw HTTPClientError(.fileFailed(error.message), request: request)
        }
        do throws(HTTPClientError) {
            for try await chunk in response.body {
                do throws(BodyFileSink.Failure) {
                    try sink.append(chunk)
                } catch {
                    response.task.cancel()
                    throw HTTPClientError(.fileFailed(error.message), request: request)
                }
                written += chunk.count
                self.written(written)
            }
            try close(&sink)
            return written
        } catch {
            try? close(&sink)
            updateRecord(bytes: written)
            throw error
        }
    }

    /// Records that the file holds `bytes` bytes and tells the ``progress`` streams.
    private func written(_ bytes: Int) {
        state.withLock { state in
            state.bytesWritten = bytes
            let progress = TransferProgress(bytesReceived: bytes, bytesExpectedToReceive: state.totalBytes)
            for stream in state.progressStreams.values { stream.yield(progress) }
        }
    }

    private func close(_ sink: inout BodyFileSink) throws(HTTPClientError) {
        do throws(BodyFileSink.Failure) {
            try sink.close()
        } catch {
            throw HTTPClientError(.fileFailed(error.message), request: request)
        }
    }

    /// How many bytes are gathered before each write to the file: a process killed mid-body (so without a
    /// pause's final write) loses at most this much of what it received, and a resume starts from what is on
    /// disk. 64 KiB writes cost a 1 GB download some 16 000 `write` calls.
    static let writeSize = 64 << 10

    /// Records `bytes` in the record beside the file, if there is one.
    private func updateRecord(bytes: Int) {
        guard var record = try? DownloadResumeRecord.read(beside: file, for: request) else { return }
        record.bytes = bytes
        try? record.write(beside: file, for: request)
    }

    /// Why a range request got the whole body: nothing validated it, the validator changed (a server that
    /// honours `If-Range` sends the whole body then), or the server ignored the range.
    private static func reasonForWholeBody(_ head: HTTPResponse, validator: String?) -> RestartReason {
        guard let validator else { return .noValidator }
        return Self.validator(of: head) == validator ? .rangeIgnored : .validatorChanged
    }

    /// The response's strong ETag, or `nil` (a weak `W/` tag cannot validate a range, RFC 9110 §13.1.5).
    private static func strongEntityTag(of head: HTTPResponse) -> String? {
        guard let tag = head.headers["ETag"], !tag.hasPrefix("W/") else { return nil }
        return tag
    }

    /// The validator a resume would send for `head`: the strong ETag, else Last-Modified.
    private static func validator(of head: HTTPResponse) -> String? {
        strongEntityTag(of: head) ?? head.headers["Last-Modified"]
    }
}

extension HTTPClient {
    /// A download of `request`'s body to `file`, resumable after a pause, a failure or in another process
    /// (see ``HTTPDownload``); call ``HTTPDownload/start()`` to begin. `beforeEnd` runs once, when the
    /// download finished (not at a pause), before ``HTTPDownload/result`` hands the outcome on: for work that
    /// must be done by then, such as recording it.
    public func download(
        _ request: HTTPRequest, to file: URL,
        beforeEnd: @escaping @Sendable (Result<HTTPDownload.Completed, HTTPClientError>) async -> Void = { _ in }
    ) -> HTTPDownload {
        HTTPDownload(client: self, request: request, file: file, beforeEnd: beforeEnd)
    }
}
