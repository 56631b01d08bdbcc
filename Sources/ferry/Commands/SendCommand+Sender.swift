import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ExitCode {
    /// The transfer failed (connection, TLS, timeout, …).
    static let transport: Int32 = 3
    /// The server answered 4xx.
    static let clientError: Int32 = 4
    /// The server answered 5xx.
    static let serverError: Int32 = 5
    /// Canceled with Ctrl-C.
    static let interrupted: Int32 = 130
}

/// Sends one prepared request (with retries), handles Ctrl-C, writes output and history.
struct Sender {
    let options: SendOptions
    let prepared: SendCommand.Prepared

    func run() -> Int32 {
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let jar = prepared.workspace.cookieJar()
        let client = HTTPClient(transport: transport, cookieJar: jar)
        defer {
            jar.flush()
            if let problem = jar.persistenceError { printError("ferry send: warning: cookies: \(problem)") }
        }
        let interrupt = Interrupt()
        let progress = TerminalOutput.standardError.isTerminal ? ProgressBar() : nil
        let started = Date()

        var request = prepared.request
        // The retries are made here (to report each one), so the client must not retry as well.
        let policy = RetryPolicy(maximumRetries: options.retries ?? prepared.prepared.retries)
        request.retryPolicy = .none
        request.recordsSentHead = options.verbose || options.harPath != nil
        if request.tlsVerification == .disabled {
            printError("ferry send: warning: the TLS certificate is not verified (--insecure or # @insecure)")
        }
        var temporaryOutput: URL?
        if let outputPath = options.outputPath {
            let target = URL(fileURLWithPath: outputPath)
            let temporary = target.deletingLastPathComponent()
                .appendingPathComponent(".\(target.lastPathComponent).ferry-partial-\(getpid())")
            request.responseBody = .file(temporary)
            temporaryOutput = temporary
        }
        defer {
            if let temporaryOutput { try? FileManager.default.removeItem(at: temporaryOutput) }
        }

        var result: Result<HTTPResponse, HTTPClientError>
        var attempt = 0
        while true {
            result = send(request, client: client, interrupt: interrupt, progress: progress)
            progress?.clear()
            guard !interrupt.isRaised, let wait = Self.delay(policy, beforeRetry: attempt + 1, request, after: result)
            else { break }
            attempt += 1
            let delay = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
            printError(
                "ferry send: \(Self.summary(of: result)); retry \(attempt) of \(policy.maximumRetries) in \(delay) s")
            if interrupt.wait(seconds: delay) { break }
        }
        interrupt.stop()
        if interrupt.isRaised {
            printError("canceled")
            return ExitCode.interrupted
        }
        record(result, started: started)
        switch result {
        case .failure(let error):
            _ = writeHAR(result, started: started)
            if error.isCanceled {
                printError("canceled")
                return ExitCode.interrupted
            }
            let target = InputExcerpt(prepared.prepared.maskedURL).unquoted
            printError("ferry send: \(prepared.prepared.method) \(target): \(error.message)")
            return ExitCode.transport
        case .success(let response):
            if options.verbose { printSentHeads(response) }
            write(response)
            if let temporaryOutput, let outputPath = options.outputPath {
                guard rename(temporaryOutput.path, outputPath) == 0 else {
                    printError("ferry send: cannot write '\(outputPath)': \(String(cString: strerror(errno)))")
                    return ExitCode.usage
                }
            }
            if options.showTiming, let timing = response.timing { printTiming(timing) }
            if !writeHAR(result, started: started) { return ExitCode.usage }
            switch response.status {
            case 400..<500: return ExitCode.clientError
            case 500...: return ExitCode.serverError
            default: return ExitCode.success
            }
        }
    }

    /// One attempt: starts the task and waits for it, canceling it on Ctrl-C.
    func send(
        _ request: HTTPRequest, client: HTTPClient, interrupt: Interrupt, progress: ProgressBar?
    ) -> Result<HTTPResponse, HTTPClientError> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        var onProgress: (@Sendable (TransferProgress) -> Void)?
        if let progress {
            onProgress = { value in progress.update(value) }
        }
        let completion: @Sendable (Result<HTTPResponse, HTTPClientError>) -> Void = { result in
            box.set(result)
            done.signal()
        }
        let task = client.task(for: request, progress: onProgress, completion: completion)
        interrupt.onRaise { task.cancel() }
        done.wait()
        interrupt.onRaise {}
        return box.get() ?? .failure(HTTPClientError(.canceled, request: request))
    }

    // MARK: - Output

    func write(_ response: HTTPResponse) {
        let out = TerminalOutput.standardOutput
        if options.includeHeaders {
            var head = "\(response.timing?.httpVersion?.rawValue ?? "HTTP/1.1") \(response.status)"
            if !response.reason.isEmpty { head += " \(response.reason)" }
            head += "\n"
            for (name, value) in response.headers { head += "\(name): \(value)\n" }
            out.write(Array((head + "\n").utf8))
        }
        guard options.outputPath == nil else { return }
        var body = [UInt8](response.body)
        if out.isTerminal, Self.looksLikeJSON(response), let value = try? JSONValue(parsing: body) {
            body = value.formattedBytes(.pretty(indent: 2))
            if body.last != 0x0A { body.append(0x0A) }
        }
        out.write(body)
    }

    static func looksLikeJSON(_ response: HTTPResponse) -> Bool {
        let type = response.headers["Content-Type"]?.lowercased() ?? ""
        if type.contains("json") { return true }
        let first = response.body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        return type.isEmpty && (first == UInt8(ascii: "{") || first == UInt8(ascii: "["))
    }

    func printTiming(_ timing: TransferTiming) {
        var lines = ""
        for (name, duration) in timing.phases {
            lines += name.padding(toLength: 10, withPad: " ", startingAt: 0) + Self.milliseconds(duration) + "\n"
        }
        lines += "Total".padding(toLength: 10, withPad: " ", startingAt: 0) + Self.milliseconds(timing.total) + "\n"
        if let address = timing.remoteAddress {
            lines += "Remote    \(address)\(timing.remotePort.map { ":\($0)" } ?? "")"
            lines += timing.connectionReused ? " (reused connection)\n" : "\n"
        }
        TerminalOutput.standardError.write(Array(lines.utf8))
    }

    static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%9.2f ms", ms)
    }

    // MARK: - History

    func record(_ result: Result<HTTPResponse, HTTPClientError>, started: Date) {
        guard !prepared.found.request.directives.noLog else { return }
        let workspace = prepared.workspace
        do {
            try workspace.ensureStateFolder()
            let ids = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)
            let entry = HistoryEntry(
                prepared: prepared.prepared, requestID: ids[prepared.found.id] ?? prepared.found.id.description,
                requestPath: prepared.found.id.description, environment: options.environment, started: started,
                result: result)
            try HistoryLog(stateFolder: workspace.stateFolder).append(entry)
        } catch {
            printError("ferry send: warning: history not recorded: \(error)")
        }
    }

    // MARK: - Retries

    /// FerryHTTP's idempotency-aware decision: the wait before retry `retry`, or `nil` for none.
    static func delay(
        _ policy: RetryPolicy, beforeRetry retry: Int, _ request: HTTPRequest,
        after result: Result<HTTPResponse, HTTPClientError>
    ) -> Duration? {
        switch result {
        case .success(let response): policy.delay(beforeRetry: retry, method: request.method, response: response)
        case .failure(let error): policy.delay(beforeRetry: retry, method: request.method, failure: error.reason)
        }
    }

    static func summary(of result: Result<HTTPResponse, HTTPClientError>) -> String {
        switch result {
        case .success(let response): "HTTP \(response.status)"
        case .failure(let error): error.message
        }
    }
}
