import FerryHTTP
import FerryScript
import FerryWorkbench
import Foundation

/// `ferry send` of a `WEBSOCKET` request, through the one send pipeline (``RequestSender/open(_:closing:executor:)``):
/// its pre-request scripts run and every variable layer applies, then it opens the connection, runs the
/// script (sends each message, waits where `=== wait-for-server` says), prints every message in and out as it
/// happens, and ends when the script ends (closing with 1000 when it ends waiting, else after
/// `--idle-timeout` seconds without a message, 2 by default), when the server closes, or on Ctrl-C (130).
/// The handshake sends the workspace jar's cookies and stores those its `101` sets, flushed before exiting.
/// The conversation goes into the history and the response handlers read its messages
/// (`response.body.onEachMessage`); a failed test exits 1.
///
/// One line per message: `→` sent or `←` received, seconds since connected, the text (control characters
/// escaped) or `binary N bytes: hex…`.
enum WebSocketSendCommand {
    static func run(plan: SendPlan, options: SendOptions) -> Int32 {
        let jar = plan.workspace.cookieJar()
        defer {
            jar.flush()
            if let problem = jar.persistenceError { printError("ferry send: warning: cookies: \(problem)") }
        }
        let sender = RequestSender(
            client: HTTPClient(transport: CurlTransport(), cookieJar: jar),
            scripting: Scripting(engine: ScriptRunner.fromEnvironment())
        )
        var prepared: PreparedConversation
        do {
            prepared = try sender.prepareConversation(plan)
        } catch {
            printError("ferry send: \(error)")
            return ExitCode.usage
        }
        if let seconds = options.connectTimeout { prepared.webSocket.request.connectTimeout = .seconds(seconds) }
        if options.insecure { prepared.webSocket.request.tlsVerification = .disabled }
        if let path = options.certificateAuthorityPath {
            prepared.webSocket.request.certificateAuthorityBundle = URL(fileURLWithPath: path)
        }
        let idle =
            options.idleTimeout.map { Duration.milliseconds(Int64($0 * 1000)) } ?? ConversationClosing.standardIdle
        let interrupt = Interrupt()
        defer { interrupt.stop() }
        let conversation = sender.open(prepared, closing: .afterScript(idle: idle))
        interrupt.onRaise { conversation.cancel() }
        let done = DispatchSemaphore(value: 0)
        let code = Locked(ExitCode.success)
        let target = InputExcerpt(prepared.webSocket.maskedURL).unquoted
        Task {
            var started = Date()
            for await event in conversation.events {
                switch event {
                case .opened: started = Date()
                case .message(let message): write(message.transcriptLine(since: started))
                case .sendFailed(let reason): printError("ferry send: WEBSOCKET \(target): \(reason)")
                case .ended(let end): code.withLock { $0 = exitCode(of: end, target: target) }
                }
            }
            done.signal()
        }
        done.wait()
        if interrupt.isRaised {
            printError("canceled")
            return ExitCode.interrupted
        }
        return code.withLock { $0 }
    }

    /// Prints how `end` ended (the server's close or the error, the scripts' report) and returns the exit code.
    private static func exitCode(of end: ConversationEnd, target: String) -> Int32 {
        for problem in end.report.problems { printError("ferry send: warning: \(problem)") }
        if case .closed(let close?) = end.outcome {
            write("← \(String(format: "%7.3f", end.duration.seconds)) \(close.printable)")
        }
        ScriptReportPrinter.print(end.report, command: "ferry send")
        switch end.outcome {
        case .canceled: return ExitCode.interrupted
        case .failed(let message):
            printError("ferry send: WEBSOCKET \(target): \(message)")
            guard let status = end.refusedStatus else { return ExitCode.transport }
            return status >= 500 ? ExitCode.serverError : ExitCode.clientError
        case .closed: return ExitCode.success
        }
    }

    /// Writes a transcript line, made safe wherever it goes (a close reason or a message is the server's text).
    private static func write(_ line: String) {
        TerminalOutput.standardOutput.writeText(line + "\n")
    }
}
