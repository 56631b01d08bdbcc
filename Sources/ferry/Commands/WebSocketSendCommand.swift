import FerryHTTP
import FerryWorkbench
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `ferry send` of a `WEBSOCKET` request: opens the connection, runs the script (sends each message,
/// waits where `=== wait-for-server` says), prints every message in and out as it happens, and ends when
/// the script ends (closing with 1000 when it ends waiting, else after `--idle-timeout` seconds without a
/// message, 2 by default), when the server closes, or on Ctrl-C (130).
///
/// One line per message: `→` sent or `←` received, seconds since connected, the text (control characters
/// escaped) or `binary N bytes: hex…`.
enum WebSocketSendCommand {
    /// The idle wait after the script, when `--idle-timeout` is not given.
    static let defaultIdleWait: Duration = .seconds(2)

    static func run(plan: SendPlan, options: SendOptions) -> Int32 {
        let prepared: PreparedWebSocket
        do {
            prepared = try plan.request.request.preparedWebSocket(with: plan.context)
        } catch {
            printError("ferry send: \(error)")
            return ExitCode.usage
        }
        var request = prepared.request
        if let seconds = options.connectTimeout { request.connectTimeout = .seconds(seconds) }
        if options.insecure { request.tlsVerification = .disabled }
        if let path = options.certificateAuthorityPath {
            request.certificateAuthorityBundle = URL(fileURLWithPath: path)
        }
        let idle = options.idleTimeout.map { Duration.milliseconds(Int64($0 * 1000)) } ?? defaultIdleWait
        let interrupt = Interrupt()
        defer { interrupt.stop() }
        let done = DispatchSemaphore(value: 0)
        let code = Locked(ExitCode.success)
        let task = Task {
            code.set(await converse(request, script: prepared.script, masked: prepared.maskedURL, idle: idle))
            done.signal()
        }
        interrupt.onRaise { task.cancel() }
        done.wait()
        if interrupt.isRaised {
            printError("canceled")
            return ExitCode.interrupted
        }
        return code.value
    }

    private static func converse(_ request: HTTPRequest, script: WebSocketScript, masked: String, idle: Duration)
        async -> Int32
    {
        let target = InputExcerpt(masked).unquoted
        let socket: WebSocket
        do {
            socket = try await WebSocket.connect(request)
        } catch {
            if case .canceled = error.reason { return ExitCode.interrupted }
            printError(
                "ferry send: WEBSOCKET \(target): \(error.message.replacingOccurrences(of: request.targetDescription, with: masked))"
            )
            if case .handshakeRejected(let status, _) = error.reason {
                return status >= 500 ? ExitCode.serverError : ExitCode.clientError
            }
            return ExitCode.transport
        }
        let clock = ContinuousClock()
        let started = clock.now
        let arrivals = Locked(Arrivals(lastActivity: started))
        let printer = Printer(started: started, clock: clock)
        let receiver = Task {
            do {
                for try await message in socket.messages {
                    printer.print(incoming: true, message)
                    arrivals.update {
                        $0.count += 1; $0.lastActivity = clock.now
                    }
                }
                arrivals.update { $0.ended = .success(()) }
            } catch {
                arrivals.update { $0.ended = .failure(error) }
            }
        }
        defer { receiver.cancel() }
        return await withTaskCancellationHandler {
            var awaited = 0
            do {
                for step in script.steps {
                    switch step {
                    case .send(let text):
                        try socket.send(text: text)
                        printer.print(incoming: false, .text(text))
                        arrivals.update { $0.lastActivity = clock.now }
                    case .waitForServer:
                        awaited += 1
                        while arrivals.value.count < awaited, arrivals.value.ended == nil, !Task.isCancelled {
                            try await Task.sleep(for: .milliseconds(10))
                        }
                    }
                }
                if !script.endsWaiting {
                    while arrivals.value.ended == nil, clock.now - arrivals.value.lastActivity < idle {
                        try await Task.sleep(for: .milliseconds(20))
                    }
                }
                if arrivals.value.ended == nil { _ = try await socket.close(code: WebSocketClose.normalClosure) }
            } catch let error as WebSocketError {
                if case .canceled = error.reason { return ExitCode.interrupted }
                if arrivals.value.ended == nil {
                    printError("ferry send: WEBSOCKET \(target): \(error.message)")
                    return ExitCode.transport
                }
            } catch {
                return ExitCode.interrupted
            }
            await receiver.value
            if case .failure(let error) = arrivals.value.ended {
                let text = (error as? WebSocketError)?.message ?? "\(error)"
                printError("ferry send: WEBSOCKET \(target): \(text)")
                return ExitCode.transport
            }
            if let close = socket.serverClose {
                printer.printClose(close)
            }
            return ExitCode.success
        } onCancel: {
            socket.cancel()
        }
    }

    private struct Arrivals {
        var count = 0
        var lastActivity: ContinuousClock.Instant
        var ended: Result<Void, any Error>?
    }

    /// Writes the conversation's lines to standard output, flushed one by one.
    private struct Printer: Sendable {
        let started: ContinuousClock.Instant
        let clock: ContinuousClock

        func print(incoming: Bool, _ message: WebSocketMessage) {
            let seconds = String(format: "%7.3f", (clock.now - started).seconds)
            let text: String
            switch message {
            case .text(let value): text = Self.printable(value)
            case .binary(let data):
                let hex = data.prefix(16).map { String(format: "%02x", $0) }.joined(separator: " ")
                text = "binary \(data.count) bytes: \(hex)\(data.count > 16 ? " …" : "")"
            }
            write("\(incoming ? "←" : "→") \(seconds) \(text)")
        }

        func printClose(_ close: WebSocketClose) {
            let seconds = String(format: "%7.3f", (clock.now - started).seconds)
            let code = close.code.map(String.init) ?? "(no code)"
            write("← \(seconds) close \(code)\(close.reason.isEmpty ? "" : " " + Self.printable(close.reason))")
        }

        private func write(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }

        /// `text` with control characters escaped, so nothing from the server reaches the terminal raw.
        static func printable(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                    result += String(format: "\\u{%X}", scalar.value)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
    }
}

extension Locked {
    fileprivate var value: Value { withLock { $0 } }
    fileprivate func set(_ value: Value) { withLock { $0 = value } }
    fileprivate func update(_ change: (inout Value) -> Void) { withLock { change(&$0) } }
}
