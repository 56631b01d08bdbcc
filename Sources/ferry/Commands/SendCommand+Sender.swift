import FerryHTTP
import FerryJSON
import FerrySystem
import FerryWorkbench
import Foundation

extension ExitCode {
    /// The transfer failed (connection, TLS, timeout, …).
    static let transport: Int32 = 3
    /// The server answered 4xx.
    static let clientError: Int32 = 4
    /// The server answered 5xx.
    static let serverError: Int32 = 5
    /// A 1xx-3xx response does not conform to its contract (`--contract`, `# @contract`).
    static let contractViolated: Int32 = 8
    /// Canceled with Ctrl-C.
    static let interrupted: Int32 = 130
}

/// Sends one prepared request through the workbench's sender (FerryHTTP makes the retries), prints each
/// retry, handles Ctrl-C, and writes the output; the sender writes the history.
struct Sender {
    let options: SendOptions
    let prepared: SendCommand.Prepared

    func run() -> Int32 {
        let transport = prepared.transport
        defer { transport.shutdown() }
        let jar = prepared.jar
        let cache = prepared.sender.client.cache
        defer {
            cache?.flush()
            jar.flush()
            if let problem = jar.persistenceError { printError("ferry send: warning: cookies: \(problem)") }
        }
        let interrupt = Interrupt()
        let progress = TerminalOutput.standardError.isTerminal ? ProgressBar() : nil
        let started = Date()
        // Transfer errors can quote the URL or a header: shown scrubbed, like the history records them.
        let scrubber = prepared.prepared.scrubber

        var send = prepared.send
        if let retries = options.retries { send.request.retryPolicy = RetryPolicy(maximumRetries: retries) }
        if options.reconnects, !send.request.eventStream.reconnects {
            send.request.eventStream = EventStreamOptions(
                reconnects: true, maximumReconnections: RequestDirectives.defaultReconnections)
        }
        send.request.recordsSentHead = options.verbose || options.harPath != nil
        if send.request.tlsVerification == .disabled {
            printError(
                "ferry send: warning: the TLS certificate is not verified (--insecure, # @insecure or the "
                    + "environment's \"verifyHostCertificate\": false)")
        }
        if let error = send.prepared.jsonBodyError {
            printError(
                "ferry send: note: the JSON body is invalid at \(error.line):\(error.column) (\(error.message)); "
                    + "it is sent as written")
        }
        if options.continues, let outputPath = options.outputPath {
            defer { interrupt.stop() }
            return runContinuing(send, to: URL(fileURLWithPath: outputPath), interrupt: interrupt)
        }
        // The body streams into the output's temporary file (FerrySystem's ``AtomicFile``), put in place
        // at the end; any other end (a failure, Ctrl-C) removes it. With --events the printer writes the
        // events there instead.
        var output: AtomicFile?
        if let outputPath = options.outputPath {
            do throws(AtomicFile.Failure) {
                output = try AtomicFile(replacing: outputPath)
            } catch {
                printError("ferry send: cannot write '\(outputPath)': \(error.reason)")
                return ExitCode.usage
            }
        }
        defer { output?.discard() }
        send.request.responseBody = Self.bodyDestination(for: send.request, output: output, options: options)

        let (result, streamed) = transfer(
            send, sender: prepared.sender, interrupt: interrupt,
            progress: progress, destination: output.map { .file($0.descriptor) } ?? .terminal(.standardOutput))
        interrupt.stop()
        if let overflow = streamed.overflow {
            printError("ferry send: \(EventStreamError.eventTooLarge(limit: overflow.limit).message)")
            return ExitCode.transport
        }
        if let failure = streamed.writeFailure, let output {
            printError("ferry send: cannot write '\(output.targetPath)': \(failure.reason)")
            return ExitCode.usage
        }
        if interrupt.isRaised {
            printError("canceled")
            return ExitCode.interrupted
        }
        switch result {
        case .failure(let error):
            _ = writeHAR(result, started: started)
            if error.isCanceled {
                printError("canceled")
                return ExitCode.interrupted
            }
            let target = InputExcerpt(prepared.send.prepared.maskedURL).unquoted
            printError(
                "ferry send: \(prepared.send.prepared.method) \(target): \(scrubber.scrub(error.message))"
                    + Self.limitsHint(for: error, request: prepared.send.request))
            return ExitCode.transport
        case .success(let response):
            if options.verbose {
                TerminalOutput.standardError.writeText(
                    VerboseLines.sentHeads(of: response, scrubber: scrubber)
                        + VerboseLines.receivedHead(of: response, scrubber: scrubber))
            }
            if !streamed.isStreamed { write(response) }
            let hasGraphQLErrors = reportGraphQLErrors(response)
            if let output {
                do throws(AtomicFile.Failure) {
                    try output.commit()
                } catch {
                    printError("ferry send: cannot write '\(output.targetPath)': \(error.reason)")
                    return ExitCode.usage
                }
            }
            if options.showTiming || options.verbose, let timing = response.timing { printTiming(timing) }
            if !writeHAR(result, started: started) { return ExitCode.usage }
            switch response.status {
            case 400..<500: return ExitCode.clientError
            case 500...: return ExitCode.serverError
            default:
                if hasGraphQLErrors { return ExitCode.graphQLErrors }
                return streamed.violatesContract ? ExitCode.contractViolated : ExitCode.success
            }
        }
    }

    /// How the body was printed while it arrived, if it was.
    struct Streamed: Sendable {
        /// Whether the head and body were printed as they arrived (so not again at the end).
        var isStreamed = false
        /// Whether the response does not conform to its contract (the report said so before the end).
        var violatesContract = false
        /// An event that passed the bound, which ended the transfer.
        var overflow: EventStreamParser.Overflow?
        /// Why `--events -o FILE` could not write the file, which ended the transfer.
        var writeFailure: SystemError?
    }

    /// Where FerryHTTP keeps the body of `request`: streamed into `output`'s temporary file for `-o FILE`
    /// (without `--events`, whose printer writes the file); otherwise kept in memory up to the request's
    /// limit and spilled to an unlinked temporary file past it, so a body printed as it arrives (a download
    /// piped on, an endless event stream) is never cut at a memory cap. The kept body feeds the history
    /// (capped), the handlers (its start) and `>>` outputs.
    static func bodyDestination(
        for request: HTTPRequest, output: AtomicFile?, options: SendOptions
    ) -> ResponseBodyDestination {
        if let output, !options.events { return .file(URL(fileURLWithPath: output.temporaryPath)) }
        guard case .memory(let limit) = request.responseBody else { return request.responseBody }
        return .spilling(memoryLimit: limit, folder: nil)
    }

    /// Sends and waits for the end, printing retries and progress (or the body as it arrives, see
    /// ``StreamedBodyPrinter``), canceling on Ctrl-C.
    func transfer(
        _ send: PreparedSend, sender: RequestSender, interrupt: Interrupt, progress: ProgressBar?,
        destination: StreamedBodyPrinter.Destination
    ) -> (Result<HTTPResponse, HTTPClientError>, Streamed) {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let streamedBox = Locked(Streamed())
        let options = options
        // The report comes before the transfer's end: whether the response conforms is known by then.
        let transfer = sender.start(send) { report in
            Self.print(report)
            if let check = report.contract, check.operation != nil, !check.conforms {
                streamedBox.withLock { $0.violatesContract = true }
            }
        }
        interrupt.onRaise { transfer.cancel() }
        Task {
            var printer: StreamedBodyPrinter?
            for await event in transfer.events {
                switch event {
                case .head(let head):
                    printer = StreamedBodyPrinter(head: head, options: options, destination: destination)
                    if printer != nil {
                        progress?.clear()
                        if options.includeHeaders { Self.writeHead(of: head) }
                        streamedBox.withLock { $0.isStreamed = true }
                    }
                    if options.events, !head.isEventStream {
                        let type = head.headers["Content-Type"].map { InputExcerpt($0).description } ?? "no type"
                        printError("ferry send: warning: --events: the response is \(type), not text/event-stream")
                    }
                case .bodyChunk(let chunk):
                    guard printer != nil else { break }
                    printer?.write(chunk)
                    if let stopped = printer, stopped.hasStopped {
                        streamedBox.withLock {
                            $0.overflow = stopped.overflow
                            $0.writeFailure = stopped.writeFailure
                        }
                        transfer.cancel()
                    }
                case .progress(let value): if printer == nil { progress?.update(value) }
                case .retryWaiting(let attempt, let attempts, let delay, let after):
                    progress?.clear()
                    printError(
                        "ferry send: \(send.prepared.scrubber.scrub(after)); retry \(attempt - 1) of \(attempts - 1) in \(delay.seconds) s"
                    )
                case .reconnected(let connection, let lastEventID):
                    printer?.reconnected()
                    let resumed = lastEventID.isEmpty ? "" : " after event id \(InputExcerpt(lastEventID))"
                    printError("ferry send: reconnected (connection \(connection))\(resumed)")
                case .ended(let end):
                    printer?.finish()
                    box.set(end.result)
                case .attemptStarted: break
                }
            }
            done.signal()
        }
        done.wait()
        progress?.clear()
        interrupt.onRaise {}
        let result = box.get() ?? .failure(HTTPClientError(.canceled, request: send.request))
        return (result, streamedBox.withLock { $0 })
    }

    // MARK: - Output

    /// The send's report on stderr: its problems, the files it saved, the scripts' logs and tests.
    static func print(_ report: SendReport) {
        for problem in report.problems { printError("ferry send: warning: \(problem)") }
        for file in report.savedFiles { printError("ferry send: response saved to \(file.path)") }
        ScriptReportPrinter.print(report, command: "ferry send")
    }

    func write(_ response: HTTPResponse) {
        let out = TerminalOutput.standardOutput
        if options.includeHeaders { Self.writeHead(of: response) }
        guard options.outputPath == nil else { return }
        if let spilled = response.spilledBody {
            Self.write(spilled, to: out)
            return
        }
        var body = [UInt8](response.body)
        if out.isTerminal, Self.looksLikeJSON(response), let value = try? JSONValue(parsing: body) {
            body = value.formattedBytes(.pretty(indent: 2))
            if body.last != 0x0A { body.append(0x0A) }
        }
        out.write(body)
    }

    /// Writes the body FerryHTTP spilled to `file` to `output`, a chunk at a time (made safe on a terminal).
    static func write(_ file: SpillFile, to output: TerminalOutput) {
        var writer = TerminalOutput.ChunkWriter(output)
        var offset = 0
        while offset < file.size {
            let chunk = file.read(offset: offset, count: spilledChunkSize)
            guard !chunk.isEmpty else { break }
            chunk.withUnsafeBufferPointer { writer.write($0) }
            offset += chunk.count
        }
        writer.finish()
    }

    /// How much of a spilled body is read at a time to be printed.
    static let spilledChunkSize = 1 << 20

    /// The status line and headers of `response` (for `-i`), then a blank line.
    static func writeHead(of response: HTTPResponse) {
        var head = "\(response.timing?.httpVersion?.rawValue ?? "HTTP/1.1") \(response.status)"
        if !response.reason.isEmpty { head += " \(response.reason)" }
        head += "\n"
        for (name, value) in response.headers { head += "\(name): \(value)\n" }
        TerminalOutput.standardOutput.writeText(head + "\n")
    }

    static func looksLikeJSON(_ response: HTTPResponse) -> Bool {
        let type = response.headers["Content-Type"]?.lowercased() ?? ""
        if type.contains("json") { return true }
        let first = response.body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        return type.isEmpty && (first == UInt8(ascii: "{") || first == UInt8(ascii: "["))
    }

    /// Writes the transfer's timing to stderr (`--timing`, `-v`).
    func printTiming(_ timing: TransferTiming) {
        TerminalOutput.standardError.writeText(VerboseLines.timing(timing))
    }

    /// For a timeout, the limits the request ran with and the options that change them.
    static func limitsHint(for error: HTTPClientError, request: HTTPRequest) -> String {
        guard case .timedOut = error.reason else { return "" }
        func shown(_ limit: Duration?) -> String {
            guard let limit else { return "none" }
            return "\(limit.seconds) s"
        }
        return "\n  (limits: connect \(shown(request.connectTimeout)), idle \(shown(request.idleTimeout)), "
            + "total \(shown(request.timeout)); change them with --connect-timeout, --idle-timeout, --timeout)"
    }
}
