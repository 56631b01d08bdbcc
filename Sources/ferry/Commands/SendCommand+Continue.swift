import FerryHTTP
import FerryWorkbench
import Foundation

extension Sender {
    /// `ferry send -o FILE --continue`: the body goes straight into FILE through the sender's resumable
    /// download (``RequestSender/download(_:to:report:)``), so what an interrupted run (Ctrl-C, a lost
    /// connection, a killed process) leaves — FILE and its `FILE.ferry-resume` record — is resumed by the next
    /// run with `Range` and `If-Range`, as curl's `-C -` does, or started over when the server ignores the
    /// range or the validator changed. A whole FILE is not fetched again. The run that finishes writes the
    /// history line and runs the response handlers, as every send does. Ctrl-C pauses: FILE and its record
    /// stay for the next `--continue`, and nothing is recorded yet.
    func runContinuing(_ send: PreparedSend, to file: URL, interrupt: Interrupt) -> Int32 {
        let download = prepared.sender.download(send, to: file, report: Self.print)
        let done = DispatchSemaphore(value: 0)
        let box = Locked<Result<HTTPDownload.Completed, HTTPClientError>?>(nil)
        // A pause ends the transfer without a result: Ctrl-C, the only pause, wakes the wait once it stopped.
        interrupt.onRaise {
            Task {
                await download.pause()
                done.signal()
            }
        }
        download.start()
        Task {
            let result = await download.result
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        interrupt.onRaise {}
        guard let result = box.withLock({ $0 }) else {
            printError("canceled: \(file.path) and its resume record kept for --continue")
            return ExitCode.interrupted
        }
        switch result {
        case .failure(let error):
            let target = "\(send.prepared.method) \(InputExcerpt(send.prepared.maskedURL).unquoted)"
            if case .failedStatus(let code, _, _) = error.reason {
                printError("ferry send: \(target): the server answered \(code); \(file.path) left as it was")
                return code >= 500 ? ExitCode.serverError : ExitCode.clientError
            }
            printError("ferry send: \(target): \(send.prepared.scrubber.scrub(error.message))")
            return ExitCode.transport
        case .success(let completed):
            if let note = Self.note(for: completed) { printError("ferry send: \(note)") }
            if options.includeHeaders { Self.writeHead(of: completed.response) }
            if options.showTiming, let timing = completed.response.timing { printTiming(timing) }
            return ExitCode.success
        }
    }

    /// What stderr says about how the download began, or `nil` for a fresh one.
    static func note(for completed: HTTPDownload.Completed) -> String? {
        switch completed.start {
        case .fresh: nil
        case .resumed(let offset): "resumed at byte \(offset)"
        case .alreadyComplete: "already complete (\(completed.byteCount) bytes), nothing fetched"
        case .restarted(let reason): "started over: \(Self.describe(reason))"
        }
    }

    private static func describe(_ reason: HTTPDownload.RestartReason) -> String {
        switch reason {
        case .rangeIgnored: "the server sent the whole body, not the range"
        case .validatorChanged: "the server's ETag or Last-Modified changed"
        case .rangeNotSatisfiable: "the server could not serve the range"
        case .otherURL: "the resume record is for another URL"
        case .noValidator: "the server gave no ETag or Last-Modified to validate the partial file"
        case .unreadableRecord(let message): message
        }
    }
}
