import FerryHTTP
import FerryScript
import FerrySystem
import FerryWorkbench
import Foundation

/// `ferry run PATH...`: runs every request of the given files and folders through the send pipeline
/// (``CollectionRunner``), prints a line per request and a summary, and writes a JUnit or JSON report.
///
/// Exit codes: 0 when every request passed, 1 when a status or a test failed, 3 when a transport error
/// stopped a request, 2 for usage and input errors (each located; the valid requests still run), 130 when
/// Ctrl-C canceled the run (the transfers in flight are canceled, the report so far is written).
enum RunCommand: FerryCommand {
    static var spec: CommandSpec { RunOptions.spec }

    /// A test or a status failed.
    static let failedExit: Int32 = 1

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let options = try RunOptions(arguments)
        let selection = try Self.selection(
            of: options.paths, currentFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let run: CollectionRun
        do {
            run = try collectionRun(options, selection)
        } catch {
            printError("ferry run: \(error)")
            return ExitCode.usage
        }
        let interrupt = Interrupt()
        let report = execute(run, options: options, interrupt: interrupt)
        interrupt.stop()
        if interrupt.isRaised {
            printError("canceled")
            _ = write(report, options: options)
            return ExitCode.interrupted
        }
        if !write(report, options: options) { return ExitCode.usage }
        return exitCode(of: report)
    }

    /// The run the options describe, checked before anything is sent.
    static func collectionRun(_ options: RunOptions, _ selection: Selection) throws -> CollectionRun {
        // Only the files run are parsed, unless they reach into others.
        let workspace = try Workspace.load(at: selection.root, forRunOf: selection.paths)
        if let environment = options.selection.environment, !workspace.environments().contains(environment),
            !workspace.files.contains(where: { workspace.environments(forFileAt: $0.path).contains(environment) })
        {
            throw WorkspaceError.noSuchEnvironment(environment, known: workspace.environments().names)
        }
        var run = CollectionRun(workspace: workspace, paths: selection.paths)
        run.environment = options.selection.environment
        // Every `# @prompt` variable of the run's requests, asked once before the first request goes out.
        let asked = try PromptAnswers.answers(
            for: run.files.flatMap { $0.content.requests.flatMap(\.directives.prompts) },
            given: options.selection.variables)
        run.overrides = options.selection.variables.merging(asked.values) { given, _ in given }
        run.secretOverrideNames = asked.secretNames
        run.filter = options.filter
        run.stopsAtFirstFailure = options.failFast
        run.parallelFiles = options.parallel
        run.iterations = RunIteration.passes(rows: try options.dataPath.map(dataRows), repeats: options.repeats)
        run.contract = try options.contractPath.map(contract)
        guard !run.files.isEmpty else {
            throw SendCommand.InputError(
                description: "no .http or .rest files in \(options.paths.joined(separator: " "))")
        }
        return run
    }

    /// The rows of the data file at `path` (`--data`).
    static func dataRows(_ path: String) throws -> [RunDataRow] {
        do {
            return try RunDataFile.rows(of: InputBytes.read(path), named: path)
        } catch let failure as InputBytes.Failure {
            throw SendCommand.InputError(description: "cannot read \(InputExcerpt(path)): \(failure)")
        }
    }

    /// The OpenAPI description at `path` (`--contract`).
    static func contract(_ path: String) throws -> APIContract {
        do {
            return try APIContract(reading: InputBytes.read(path), fileName: path)
        } catch let failure as InputBytes.Failure {
            throw SendCommand.InputError(description: "cannot read \(InputExcerpt(path)): \(failure)")
        }
    }

    /// Runs `run`, printing as results arrive, and returns the whole account; Ctrl-C (`interrupt`) ends the
    /// run early, canceling what is in flight, and the account then holds the requests that finished.
    static func execute(_ run: CollectionRun, options: RunOptions, interrupt: Interrupt) -> RunReport {
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let jar = run.workspace.cookieJar()
        let client = HTTPClient(transport: transport, cookieJar: jar)
        defer {
            jar.flush()
            if let problem = jar.persistenceError { printError("ferry run: warning: cookies: \(problem)") }
        }
        var sender = RequestSender(client: client, scripting: Scripting(engine: ScriptRunner.fromEnvironment()))
        // The run's task runs on the transport's thread (below): a sign-in, which blocks its thread until its
        // token request is answered, goes through a transport of its own (started only if one is needed).
        let signInTransport = CurlTransport()
        defer { signInTransport.shutdown() }
        sender.signInClient = HTTPClient(transport: signInTransport, cookieJar: jar)
        sender.passphrases = PassphrasePrompt(ask: TerminalPrompt.readSecret)
        sender.access = options.trust ? .trusted : TrustCommand.store().access(for: run.workspace)
        let output: TerminalOutput =
            options.report != .text && options.reportPath == nil ? .standardError : .standardOutput
        if let model = options.load {
            return executeLoad(run, model: model, sender: sender, output: output, interrupt: interrupt)
        }
        let runner = CollectionRunner(sender: sender, keepsExchanges: options.report == .html || options.verbose)
        let printer = RunPrinter(
            output: output,
            marks: .forLocale(ProcessInfo.processInfo.environment),
            holdsFiles: options.parallel > 1
                ? Dictionary(zip(run.files.map(\.path), run.stepCounts)) { $1 } : nil)
        let finished = Locked<RunReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        // On the transport's thread: a request is handed to libcurl and its end resumes the run there, with no
        // thread crossed (futex waits 2.0 -> 0.02 a request).
        let task = Task(executorPreference: transport.taskExecutor) {
            // Printed from the task that sent each request, under the lock: no hop to a printing task.
            // The results are kept only for a report that lists them; the summary and the exit need the counts.
            let keeps = options.report != .text || options.reportPath != nil
            let account = Locked((printer: printer, report: RunReport(keepsResults: keeps)))
            let clock = ContinuousClock()
            let started = clock.now
            await runner.run(run) { event in
                account.withLock { account in
                    let event = options.verbose ? Self.printingVerbose(event, keeps: options.report == .html) : event
                    account.report.add(event)
                    account.printer.show(event)
                }
            }
            var (printer, report) = account.withLock { $0 }
            report.duration = clock.now - started
            printer.finish(report)
            finished.withLock { $0 = report }
            done.signal()
        }
        interrupt.onRaise { task.cancel() }
        done.wait()
        return finished.withLock { $0 } ?? RunReport()
    }

    /// `event`, after writing its exchange on stderr as `ferry send -v` does (`-v`); the exchange stays in the
    /// result only when the report shows it (`keeps`).
    static func printingVerbose(_ event: RunEvent, keeps: Bool) -> RunEvent {
        guard case .result(var result) = event, let exchange = result.exchange else { return event }
        if let response = exchange.end.response {
            TerminalOutput.standardError.writeText(VerboseLines.exchange(response, scrubber: exchange.scrubber))
        }
        if !keeps { result.exchange = nil }
        return .result(result)
    }

    /// Writes the report where the options say; `false` (after saying why) when the file cannot be written.
    static func write(_ report: RunReport, options: RunOptions) -> Bool {
        let bytes: [UInt8]
        switch options.report {
        case .junit: bytes = Array(JUnitReport(report).xml.utf8)
        case .json: bytes = JSONRunReport(report).bytes
        case .tap: bytes = Array(TAPReport(report).text.utf8)
        case .html: bytes = Array(HTMLRunReport(report).html.utf8)
        case .text:
            guard options.reportPath != nil else { return true }
            let load = report.load.map(LoadTable.text) ?? ""
            bytes = TerminalOutput.escaped(RunPrinter.text(of: report, marks: .ascii) + load)
        }
        guard let path = options.reportPath else {
            TerminalOutput.standardOutput.write(bytes)
            return true
        }
        do {
            _ = try FileIO.writeAtomically(bytes, to: URL(fileURLWithPath: path))
            return true
        } catch {
            printError("ferry run: cannot write the report to \(InputExcerpt(path)): \(error)")
            return false
        }
    }

    /// 2 for input errors, else 3 for a transport error, else 1 for a failure, else 0.
    static func exitCode(of report: RunReport) -> Int32 {
        if report.hasInputErrors { return ExitCode.usage }
        if report.count(.transportError) > 0 { return ExitCode.transport }
        if report.count(.failed) > 0 { return failedExit }
        return ExitCode.success
    }
}
