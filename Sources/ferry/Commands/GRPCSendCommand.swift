import FerryGRPC
import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

extension ExitCode {
    /// A `GRPC` call ended with a status other than `OK` (its name and message on standard error).
    static let grpcStatus: Int32 = 7
}

/// `ferry send` of a `GRPC` request: prepared as any request (variables, pre-request scripts, `--timeout` as the
/// deadline), its descriptors from `# @proto` or server reflection (cached in `.ferry/grpc`), then the call; the
/// response messages go to standard output as JSON, one line each, and a status other than `OK` exits 7 with
/// `ferry send: GRPC target: NOT_FOUND: message` on standard error. With `-i` the response headers come first
/// and a blank line, and the trailers (`grpc-status`, trailing metadata) last after another. The history gets the exchange and the response handlers run (their tests on standard error), as for any
/// send (``RequestSender/sendGRPC(_:onMessage:)``). Ctrl-C cancels the call (130).
enum GRPCSendCommand {
    static func run(options: SendOptions, located: (plan: SendPlan, environments: EnvironmentFiles)) -> Int32 {
        let prepared: SendCommand.Prepared
        do {
            prepared = try SendCommand.prepare(options, located: located)
        } catch {
            printError("ferry send: \(error)")
            return ExitCode.usage
        }
        defer {
            prepared.transport.shutdown()
            prepared.jar.flush()
        }
        let sender = prepared.sender
        let send = prepared.send
        let target = prepared.prepared.maskedURL
        let interrupt = Interrupt()
        defer { interrupt.stop() }
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<GRPCSendOutcome?>(nil)
        // A server stream's messages print as they arrive (after the headers with -i, so then at the end).
        let printed = Locked(0)
        var onMessage: (@Sendable (JSONValue) -> Void)?
        if !options.includeHeaders {
            onMessage = { message in
                printOutput(message.formatted(.compact))
                printed.withLock { $0 += 1 }
            }
        }
        let live = onMessage
        let task = Task {
            let result = await sender.sendGRPC(send, onMessage: live)
            outcome.withLock { $0 = result }
            done.signal()
        }
        interrupt.onRaise { task.cancel() }
        done.wait()
        if interrupt.isRaised {
            printError("canceled")
            return ExitCode.interrupted
        }
        guard let result = outcome.withLock({ $0 }) else { return ExitCode.transport }
        for problem in result.report.problems { printError("ferry send: warning: \(problem)") }
        guard let exchange = result.exchange else {
            printError("ferry send: GRPC \(target): \(result.error?.description ?? "canceled")")
            return ExitCode.transport
        }
        let http = exchange.response.http
        if options.includeHeaders {
            for header in http.headersWithoutTrailers { printOutput("\(header.name): \(header.value)") }
            printOutput("")
        }
        for line in exchange.messageLines.dropFirst(printed.withLock { $0 }) { printOutput(line) }
        if options.includeHeaders, !http.trailers.isEmpty {
            // The trailers after the messages, where they came on the wire, after a blank line.
            printOutput("")
            for header in http.trailers { printOutput("\(header.name): \(header.value)") }
        }
        ScriptReportPrinter.print(result.report, command: "ferry send")
        guard exchange.response.status.isOK else {
            printError("ferry send: GRPC \(target): \(exchange.response.status)")
            return ExitCode.grpcStatus
        }
        return ExitCode.success
    }
}
