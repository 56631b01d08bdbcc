import Foundation
import Synchronization

/// One request in flight on a ``CurlTransport``: the handle callers cancel, and the state libcurl's
/// callbacks fill in.
///
/// Everything but ``cancel()`` and ``isCanceled`` runs on the event-loop thread, so that state needs no lock.
final class CurlTransfer: TransferHandle, @unchecked Sendable {
    let request: HTTPRequest
    private let events: TransferEvents
    private weak var loop: CurlEventLoop?
    /// Read by every libcurl callback, so an atomic rather than a lock.
    private let canceled = Atomic<Bool>(false)

    // MARK: Loop-confined state

    /// The easy handle while the transfer is on the multi handle.
    var easy: CurlEasy?
    private var bodyReader: RequestBodyReader?
    private var bodyLimit = Int.max
    private var body = Data()
    /// With ``ResponseBodyDestination/spilling(memoryLimit:folder:)``: the limit and folder, and the final
    /// response's body as it arrives (made at its first byte, so a redirect's body never reaches it).
    private var spilling: (memoryLimit: Int, folder: URL?)?
    private var collector: BodyCollector?
    private var bodyFile: FileHandle?
    /// Where a streamed body goes, and whether its head was handed over yet.
    private var bodySink: ResponseBodyBuffer?
    private var headDelivered = false
    /// Set by a callback that stopped the transfer, to report why instead of libcurl's code.
    private var abortReason: HTTPClientError.Reason?

    private var status = 0
    private var reason = ""
    private var headers = HTTPHeaders()
    /// The bytes of the current response's head so far (bounded by ``headLimit``).
    private var headBytes = 0
    /// Whether the current response's head ended (its blank line arrived).
    private var isHeadComplete = false
    /// How many of ``headers``' fields arrived after the head ended: the trailers (HTTP/2's, a chunked body's).
    private var trailerCount = 0
    /// The values of the current head's `Content-Length` fields, gathered as they arrive (what
    /// `headers.values(for: "Content-Length")` gives at the head's end, without searching the head for them).
    private var contentLengths: [String] = []
    private var currentURL: URL
    private var redirects: [Redirect] = []
    private var progress = TransferProgress()
    /// When progress was last passed on (a stalled transfer passes it on again now and then).
    private var lastProgressEvent = ContinuousClock.now
    /// The request heads libcurl wrote, when the request asked for them.
    var sentHeadRecorder: SentHeadRecorder?
    /// The ``HTTPRequest/idleTimeout`` check, fed by libcurl's callbacks.
    var idleWatch: IdleWatch

    init(request: HTTPRequest, events: TransferEvents, loop: CurlEventLoop) {
        self.request = request
        self.events = events
        self.loop = loop
        self.currentURL = request.url ?? URL(fileURLWithPath: "/")
        if request.recordsSentHead { sentHeadRecorder = SentHeadRecorder() }
        idleWatch = IdleWatch(limit: request.idleTimeout)
    }

    /// What the write callback tells libcurl.
    enum BodyDisposition {
        /// The bytes were taken.
        case accepted
        /// The reader is behind: pause, and deliver the same bytes again after ``CurlEasy/resume()``.
        case pause
        /// Stop the transfer.
        case abort
    }

    // MARK: - Canceling (any thread)

    /// Stops the transfer: callbacks abort from now on and the loop removes the handle at its next turn.
    func cancel() {
        let (first, _) = canceled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        if first { loop?.cancel(self) }
    }

    var isCanceled: Bool { canceled.load(ordering: .acquiring) }

    /// Whether anyone hears this transfer's progress (``TransferEvents/reportsProgress``).
    var reportsProgress: Bool { events.reportsProgress }

    // MARK: - Starting (loop thread)

    /// Prepares the body source and destination and configures `easy`; returns the failure if it can't.
    func prepare(on easy: CurlEasy) -> HTTPClientError.Reason? {
        var bodyLength: Int?
        if !request.body.isEmpty {
            do {
                let reader = try RequestBodyReader(request.body)
                bodyReader = reader
                bodyLength = reader.length
                progress.bytesExpectedToSend = reader.length
            } catch {
                return .fileFailed(error.message)
            }
        }
        if let sink = events.bodySink {
            bodySink = sink
            sink.setResumeHandler { [weak self] in
                guard let self else { return }
                self.loop?.resume(self)
            }
        } else {
            switch request.responseBody {
            case .memory(let limit):
                bodyLimit = limit
            case .spilling(let memoryLimit, let folder):
                spilling = (memoryLimit, folder)
            case .file(let url):
                guard FileManager.default.createFile(atPath: url.path, contents: nil),
                    let handle = FileHandle(forWritingAtPath: url.path)
                else { return .fileFailed("cannot create \(url.path)") }
                bodyFile = handle
            }
        }
        self.easy = easy
        easy.configure(
            CurlOptions(
                request, bodyLength: bodyLength, cookieLines: events.perHopCookieLines,
                reportsProgress: events.reportsProgress),
            for: self)
        return nil
    }

    // MARK: - Callbacks (loop thread)

    /// Takes one header line (a status line, a field or the blank end), parsed on its bytes: this runs for
    /// every line of every response, so it avoids building the whole line as a `String`.
    func didReceiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !isCanceled else { return false }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        if Self.isStatusLine(line) { startResponse(statusLine: line) }
        headBytes += bytes.count
        guard headBytes <= Self.headLimit else {
            abortReason = .malformedResponse(
                "its head is larger than \(Self.headLimit / 1024) KiB (\(headers.count) header fields so far)")
            return false
        }
        if Self.isStatusLine(line) {
            return true
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            var start = colon + 1
            var stop = line.count
            while start < stop, line[start] == 32 || line[start] == 9 { start += 1 }
            while stop > start, line[stop - 1] == 32 || line[stop - 1] == 9 { stop -= 1 }
            let value = Self.text(line, start..<stop)
            headers.add(Self.text(line, 0..<colon), value)
            if isHeadComplete {
                trailerCount += 1
            } else if ASCII.equalsIgnoringCase(line[0..<colon], "content-length") {
                contentLengths.append(value)
            }
        } else if line.isEmpty, !isHeadComplete {
            isHeadComplete = true
            // A body whose length cannot be known is refused, never cut at a guess.
            if !contentLengths.isEmpty, let problem = Self.contentLengthProblem(in: contentLengths) {
                abortReason = .malformedResponse(problem)
                return false
            }
        }
        return true
    }

    /// The largest response head taken (status line and fields), as browsers bound it: a server sending
    /// endless header fields is stopped with that reason rather than held in memory.
    static let headLimit = 256 * 1024

    /// Why `values` (a head's `Content-Length` fields) give no one length, or `nil` (RFC 9110 §8.6): each is a
    /// list of digits, all equal (`7, 7` is one length), and the number fits in 63 bits.
    static func contentLengthProblem(in values: [String]) -> String? {
        // The usual head: one field of at most 18 digits (any such number fits in 63 bits).
        if values.count == 1, (1...18).contains(values[0].utf8.count),
            values[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        {
            return nil
        }
        let lengths = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for length in lengths {
            guard !length.isEmpty, length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return "Content-Length \(InputExcerpt(length)) is not a number"
            }
            guard Int64(length) != nil else { return "Content-Length \(InputExcerpt(length)) is too large" }
        }
        let distinct = Set(lengths.compactMap { Int64($0) })
        guard distinct.count > 1 else { return nil }
        return
            "it declares conflicting lengths (Content-Length \(distinct.sorted().map(String.init).joined(separator: " and ")))"
    }

    func didReceiveBody(_ bytes: UnsafeRawBufferPointer) -> BodyDisposition {
        guard !isCanceled else { return .abort }
        if let bodySink {
            if !headDelivered {
                headDelivered = true
                bodySink.deliverHead(response(info: nil, effectiveURL: nil))
            }
            return bodySink.offer(bytes) ? .accepted : .pause
        }
        if let bodyFile {
            do {
                try bodyFile.write(contentsOf: bytes)
            } catch {
                abortReason = .fileFailed("cannot write the response body: \(error.localizedDescription)")
                return .abort
            }
            return .accepted
        }
        if let spilling {
            let collector =
                self.collector
                ?? BodyCollector(
                    head: response(info: nil, effectiveURL: nil), memoryLimit: spilling.memoryLimit,
                    folder: spilling.folder)
            self.collector = collector
            do {
                try collector.append(bytes)
            } catch {
                abortReason = .fileFailed("\(error)")
                return .abort
            }
            return .accepted
        }
        guard body.count + bytes.count <= bodyLimit else {
            abortReason = .bodyTooLarge(limit: bodyLimit)
            return .abort
        }
        body.append(contentsOf: bytes)
        return .accepted
    }

    /// Fills `buffer` from the request body; `nil` aborts the transfer.
    func readBody(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int? {
        guard !isCanceled, let bodyReader else { return isCanceled ? nil : 0 }
        do {
            return try bodyReader.read(into: buffer, capacity: capacity)
        } catch {
            abortReason = .fileFailed(error.message)
            return nil
        }
    }

    /// Starts the request body again (libcurl asks after a redirect or an auth retry).
    func rewindBody() -> Bool {
        guard let reader = try? RequestBodyReader(request.body) else { return false }
        bodyReader = reader
        return true
    }

    /// How often unchanged progress is passed on again while a transfer is stalled.
    static let progressRepeat: Duration = .milliseconds(250)

    /// Records progress; returns `false` to stop the transfer.
    func didProgress(received: Int, expectedToReceive: Int, sent: Int, expectedToSend: Int) -> Bool {
        guard !isCanceled else { return false }
        var next = progress
        next.bytesReceived = received
        next.bytesExpectedToReceive = expectedToReceive > 0 ? expectedToReceive : nil
        next.bytesSent = sent
        if expectedToSend > 0 { next.bytesExpectedToSend = expectedToSend }
        // Unchanged progress goes out again every ``progressRepeat`` (libcurl calls about once a second while
        // nothing moves): a throttled report held back by the task (``HTTPTask/progress``) then reaches its
        // listeners during a stall, instead of only when more bytes come.
        let now = ContinuousClock.now
        if next != progress || now - lastProgressEvent >= Self.progressRepeat {
            progress = next
            lastProgressEvent = now
            events.progress(next)
        }
        return true
    }

    // MARK: - Finishing (loop thread)

    /// Reports the outcome of libcurl result `code` once.
    func finish(code: Int, info: CurlInfo) {
        try? bodyFile?.close()
        bodyFile = nil
        if isCanceled {
            events.completion(.failure(failure(.canceled)))
            return
        }
        if code != 0 {
            // An idle stop is libcurl's abort-by-callback; it is reported as the timeout it is.
            let failedCode = idleWatch.hasExpired ? CurlFailure.operationTimedOut : code
            let reason =
                abortReason
                ?? CurlFailure(code: failedCode, info: info, request: request, progress: responseProgress).reason
            events.completion(.failure(failure(reason)))
            return
        }
        var final = progress
        final.bytesExpectedToReceive = final.bytesReceived
        if events.reportsProgress, final != progress { events.progress(final) }
        var response = response(info: info, effectiveURL: info.effectiveURL)
        body = Data()
        if let collector {
            self.collector = nil
            let received = collector.finish(isComplete: true)
            switch received.storage {
            case .memory(let bytes): response.body = Data(bytes)
            case .file(let file): response.spilledBody = file
            }
        }
        events.completion(.success(response))
    }

    /// The response as known now; without `info` (a streamed body's head) there is no timing yet.
    private func response(info: CurlInfo?, effectiveURL: String?) -> HTTPResponse {
        HTTPResponse(
            status: info?.responseCode ?? status, reason: reason, headers: headers, trailerCount: trailerCount,
            url: finalURL(effectiveURL), redirects: redirects,
            timing: info.map(TransferTiming.init), body: body,
            bodyFile: bodySink == nil ? request.responseBody.fileURL : nil,
            tlsVerification: request.tlsVerification, sentHeads: sentHeadRecorder?.heads ?? [])
    }

    /// Reports a failure that happened before or outside libcurl (or a cancel), once.
    func fail(_ reason: HTTPClientError.Reason) {
        try? bodyFile?.close()
        bodyFile = nil
        events.completion(.failure(failure(isCanceled ? .canceled : reason)))
    }

    // MARK: - Internals

    /// The error for `reason`, with the heads sent so far when they were recorded.
    private func failure(_ reason: HTTPClientError.Reason) -> HTTPClientError {
        var error = HTTPClientError(reason, request: request)
        error.sentHeads = sentHeadRecorder?.heads ?? []
        return error
    }

    /// How far the current response came, for naming why libcurl stopped.
    private var responseProgress: CurlFailure.ResponseProgress {
        var progress = CurlFailure.ResponseProgress(
            isHeadComplete: isHeadComplete, contentEncoding: headers["Content-Encoding"])
        if Self.isRedirect(status), let location = headers["Location"] {
            progress.redirectTarget = URL(string: location, relativeTo: currentURL)?.absoluteURL
        }
        return progress
    }

    /// The URL libcurl ended at, parsed only when it differs from the one already known.
    private func finalURL(_ effective: String?) -> URL {
        guard let effective, effective != currentURL.absoluteString else { return currentURL }
        return URL(string: effective) ?? currentURL
    }

    /// A status line starts a new header block: the one before was a redirect, an interim `1xx` or a
    /// proxy's `CONNECT` answer, so its headers and any body are dropped (and a redirect recorded).
    private func startResponse(statusLine line: UnsafeRawBufferPointer) {
        if Self.isRedirect(status), let location = headers["Location"],
            request.redirectPolicy != .none, let target = URL(string: location, relativeTo: currentURL)?.absoluteURL
        {
            redirects.append(Redirect(status: status, from: currentURL, to: target, headers: headers))
            currentURL = target
        }
        // "HTTP/1.1 200 OK": the code after the first space, the reason after the second.
        let space = UInt8(ascii: " ")
        if let first = line.firstIndex(of: space) {
            let rest = UnsafeRawBufferPointer(rebasing: line[(first + 1)...])
            let second = rest.firstIndex(of: space)
            status = Self.number(UnsafeRawBufferPointer(rebasing: rest[0..<(second ?? rest.count)]))
            reason = second.map { Self.text(rest, ($0 + 1)..<rest.count) } ?? ""
        } else {
            (status, reason) = (0, "")
        }
        headers = HTTPHeaders()
        headers.reserveCapacity(12)
        headBytes = 0
        isHeadComplete = false
        trailerCount = 0
        contentLengths.removeAll(keepingCapacity: true)
        body.removeAll(keepingCapacity: true)
        collector = nil
        if let bodyFile {
            try? bodyFile.truncate(atOffset: 0)
        }
    }

    private static func isRedirect(_ status: Int) -> Bool {
        switch status {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }

    /// The decimal number spelled by `digits` (a status code), or 0 when they are not all digits.
    private static func number(_ digits: UnsafeRawBufferPointer) -> Int {
        guard !digits.isEmpty, digits.count <= 9 else { return 0 }
        var value = 0
        for digit in digits {
            guard (48...57).contains(digit) else { return 0 }
            value = value * 10 + Int(digit - 48)
        }
        return value
    }

    /// Whether a header line starts with `HTTP/`.
    private static func isStatusLine(_ line: UnsafeRawBufferPointer) -> Bool {
        line.count >= 5 && line[0] == 72 && line[1] == 84 && line[2] == 84 && line[3] == 80 && line[4] == 47
    }

    /// The bytes of `line` in `range` as UTF-8 text (invalid sequences repaired).
    private static func text(_ line: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: line[range]), as: UTF8.self)
    }
}

extension ResponseBodyDestination {
    /// The destination file, if the body goes to one.
    package var fileURL: URL? {
        if case .file(let url) = self { url } else { nil }
    }
}
