import FerryHTTP
import FerryWorkbench
import Foundation

extension RunCommand {
    /// Sends `run`'s requests as the load `model` says, drawing a live view while it goes (``LoadView``; its last
    /// frame, the final figures, stays), then prints the table of each request's count, errors and latency; Ctrl-C ends the load early.
    static func executeLoad(
        _ run: CollectionRun, model: LoadModel, sender: RequestSender, output: TerminalOutput, interrupt: Interrupt
    ) -> RunReport {
        // A terminal that cannot move the cursor (`TERM=dumb`) gets the plain lines.
        let redraws = output.isTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        let view = Locked(LoadView(output: output, live: redraws))
        let finished = Locked<RunReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            let report = await LoadRunner(sender: sender, model: model).run(run) { progress in
                view.withLock { $0.show(progress) }
            }
            finished.withLock { $0 = report }
            done.signal()
        }
        interrupt.onRaise { task.cancel() }
        done.wait()
        let report = finished.withLock { $0 } ?? RunReport()
        for diagnostic in report.diagnostics { printError(diagnostic.description) }
        for result in report.results where result.outcome == .invalid {
            output.writeText("FAIL \(result.caseName)  not sent: \(result.message ?? "invalid")\n")
        }
        if let load = report.load { output.writeText(LoadTable.text(of: load)) }
        output.writeText(report.summary + "\n")
        return report
    }
}
