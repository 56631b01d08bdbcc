import FerryHTTP
import Foundation

/// Runs a ``CollectionRun`` through the one send pipeline (``RequestSender/prepare(_:runningScripts:)`` and
/// ``RequestSender/start(_:executor:reportsProgress:report:)``, so the history, cookies, retries and limits are those of
/// every other send), and reports each request's result as it finishes.
///
/// Values captured from responses (`{{login.response.body.$.token}}`) come first from the responses of this
/// run (``RunResponses``), then from the history, so a chain works within one run even for `# @no-log`
/// requests and while another run writes the history.
///
/// ```swift
/// let runner = CollectionRunner(sender: RequestSender(client: client))
/// for await event in runner.events(of: run) {
///     if case .result(let result) = event { print(result.id, result.outcome) }
/// }
/// ```
public struct CollectionRunner: Sendable {
    /// The sender every request goes through.
    public let sender: RequestSender
    /// Whether each result keeps its exchange (``RequestRunResult/exchange``: the request sent, the response
    /// with its body and the request heads as sent, the scripts' outcomes), for a view that opens it; off for
    /// reports, which need none of it.
    public let keepsExchanges: Bool

    /// A runner sending through `sender`, keeping each request's exchange in its result when `keepsExchanges`.
    public init(sender: RequestSender, keepsExchanges: Bool = false) {
        self.sender = sender
        self.keepsExchanges = keepsExchanges
    }

    /// Runs `run` and yields its diagnostics first, then each request's result as it finishes (files in
    /// parallel when ``CollectionRun/parallelFiles`` allows, so results of different files interleave).
    /// Ending the iteration early cancels the run.
    public func events(of run: CollectionRun) -> AsyncStream<RunEvent> {
        AsyncStream { continuation in
            let task = Task {
                await execute(run) { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Runs `run` in the calling task and hands `report` its diagnostics first, then each request's result as
    /// it finishes, from the task that sent it (files in parallel report from their own tasks, one event at a
    /// time per file): no stream relays an event to another task. Canceling the calling task cancels the run;
    /// no event is reported after that.
    public func run(_ run: CollectionRun, report: @escaping @Sendable (RunEvent) -> Void) async {
        await execute(run) { event in
            if !Task.isCancelled { report(event) }
        }
    }

    // MARK: - Running

    /// Everything the requests of one run share, worked out once at its start: a request at the end of a long
    /// file costs what one at its start does.
    private struct Shared: Sendable {
        var run: CollectionRun
        var environments: EnvironmentFiles
        var dotenv: [String: String]
        var processEnvironment: [String: String]
        /// The facts from its file (line, problems, in-file variables) of every request a step sends, by path, then
        /// position.
        var facts: [String: [Int: HTTPFile.RequestFacts]]
        /// What the requests of each of those files take from their environment files, read once a file (or why
        /// the run's environment cannot be used for it).
        var scopes: [String: Result<Workspace.EnvironmentScope, any Error>]
        /// The stable ids of the workspace's requests, assigned once for the whole run (`nil` when
        /// `.ferry/ids.json` cannot be written: each send then tries again and reports why not).
        var identities: [RequestID: String]?
        var responses: RunResponses
        var stopped = Locked(false)
        /// When the run started: each result's ``RequestRunResult/startOffset`` counts from here.
        var started = ContinuousClock.now
        var report: @Sendable (RunEvent) -> Void

        /// `files` are the run's steps (``CollectionRun/plannedSteps``), read where they are: a run of 10^4 requests
        /// held three copies of them at once here.
        init(run: CollectionRun, files: [[RunStep]], report: @escaping @Sendable (RunEvent) -> Void) {
            let steps = Self.sends(in: files)
            self.run = run
            self.report = report
            let workspace = run.workspace
            environments = workspace.environments()
            dotenv = workspace.dotenv()
            processEnvironment = ProcessInfo.processInfo.environment
            // The requests of the run's files and of those its `run` lines reach, by path.
            var positions: [String: Set<Int>] = [:]
            for step in steps { positions[step.request.path, default: []].insert(step.request.position) }
            let sentFiles = workspace.files.filter { positions[$0.path] != nil }
            facts = Dictionary(sentFiles.map { ($0.path, $0.content.requestFacts(at: positions[$0.path] ?? [])) }) {
                first, _ in first
            }
            scopes = [:]
            for path in positions.keys {
                scopes[path] = Result { [environments] in
                    try workspace.environmentScope(
                        forFileAt: path, environment: run.environment, environments: environments)
                }
            }
            let logs = steps.contains { !$0.request.request.directives.noLog }
            identities =
                logs
                ? try? {
                    try workspace.ensureStateFolder()
                    return try workspace.stableIdentities(of: KeptRequests(files, keeping: run.keeps))
                }() : nil
            responses = RunResponses(requests: { workspace.requests }, referencedBy: steps.lazy.map(\.request))
        }

        /// The steps of `files` that send, read where they are.
        static func sends(in files: [[RunStep]]) -> some Collection<ComposedStep> {
            files.lazy.joined().compactMap { step -> ComposedStep? in
                guard case .send(let composed) = step else { return nil }
                return composed
            }
        }
    }

    /// The requests of a run's steps that its filter keeps, read where they are in the steps: a copy of each (a
    /// request is hundreds of bytes) cost a run of 10^4 requests 2.5 MB at its start.
    private struct KeptRequests: RandomAccessCollection {
        let files: [[RunStep]]
        /// Where each kept request is: its file's index in `files`, then its step's.
        private var places: [(file: Int, step: Int)] = []

        init(_ files: [[RunStep]], keeping keeps: (WorkspaceRequest) -> Bool) {
            self.files = files
            for (file, steps) in files.enumerated() {
                for (index, step) in steps.enumerated() {
                    if case .send(let composed) = step, keeps(composed.request) { places.append((file, index)) }
                }
            }
        }

        var startIndex: Int { 0 }
        var endIndex: Int { places.count }

        subscript(position: Int) -> WorkspaceRequest {
            let place = places[position]
            guard case .send(let composed) = files[place.file][place.step] else {
                preconditionFailure("a kept place is a step that sends")
            }
            return composed.request
        }
    }

    private func execute(_ run: CollectionRun, report: @escaping @Sendable (RunEvent) -> Void) async {
        for diagnostic in run.diagnostics { report(.diagnostic(diagnostic)) }
        // Open JavaScriptCore beside the first sends when any request of the run has a script.
        let files = run.plannedSteps
        if Shared.sends(in: files).contains(where: {
            !$0.request.request.preRequestScripts.isEmpty || !$0.request.request.responseHandlerScripts.isEmpty
        }) {
            sender.scripting.engine.warmUp()
        }
        let shared = Shared(run: run, files: files, report: report)
        let width = max(1, run.parallelFiles)
        for iteration in run.iterations {
            await withTaskGroup(of: Void.self) { group in
                var next = 0
                for _ in 0..<min(width, files.count) {
                    let requests = files[next]
                    group.addTask { await runFile(requests, iteration, shared) }
                    next += 1
                }
                while await group.next() != nil, next < files.count {
                    let requests = files[next]
                    group.addTask { await runFile(requests, iteration, shared) }
                    next += 1
                }
            }
        }
    }

    private func runFile(_ steps: [RunStep], _ iteration: RunIteration, _ shared: Shared) async {
        for (index, step) in steps.enumerated() {
            var result: RequestRunResult
            switch step {
            case .send(let step):
                result = await runRequest(step, iteration, shared)
            case .filteredOut(let id, let position, let line, let method):
                result = RequestRunResult(
                    id: id, position: position, location: SourceLocation(file: id.path, line: line), method: method,
                    outcome: .skipped)
                result.message =
                    Task.isCancelled || shared.stopped.withLock({ $0 }) ? Self.notRunMessage : Self.filteredOutMessage
            }
            result.step = index
            result.iteration = iteration.index
            result.iterationName = iteration.name
            if result.outcome.isFailure, shared.run.stopsAtFirstFailure { shared.stopped.withLock { $0 = true } }
            shared.report(.result(result))
        }
    }

    /// What the result of a request not run after a failure (``CollectionRun/stopsAtFirstFailure``) says.
    private static let notRunMessage = "not run: an earlier request failed"
    /// What the result of a request the filter leaves out says.
    private static let filteredOutMessage = "filtered out"

    private func runRequest(_ step: ComposedStep, _ iteration: RunIteration, _ shared: Shared) async
        -> RequestRunResult
    {
        let request = step.request
        let workspace = shared.run.workspace
        let facts = shared.facts[request.path]?[request.position]
        let location = SourceLocation(
            file: request.path, line: request.request.sourceMap?.requestLine ?? facts?.line ?? 1)
        var result = RequestRunResult(
            id: request.id, position: request.position, location: location, method: request.request.method,
            outcome: .skipped)
        result.ranBy = step.ranBy
        if Task.isCancelled || shared.stopped.withLock({ $0 }) {
            result.message = Self.notRunMessage
            return result
        }
        guard shared.run.keeps(request) else {
            result.message = Self.filteredOutMessage
            return result
        }
        if let problem = (facts?.problems ?? workspace.problems(of: request)).first {
            result.outcome = .invalid
            result.message = problem.description
            return result
        }
        let send: PreparedSend
        do {
            var plan = try workspace.sendPlan(
                for: request, environment: shared.run.environment, environments: shared.environments,
                captured: shared.responses.capturedValues(for: request),
                // A data row's columns sit below --var; a run line's (@var=value) wins over both.
                overrides: iteration.variables.merging(shared.run.overrides) { _, given in given }
                    .merging(step.overrides) { _, fromRunLine in fromRunLine },
                processEnvironment: shared.processEnvironment, dotenv: shared.dotenv,
                fileVariables: facts?.fileVariables,
                identities: shared.identities, scope: try shared.scopes[request.path]?.get())
            plan.access = shared.run.access
            plan.contract = shared.run.contract
            plan.iteration = iteration.index
            plan.context.secretOverrideNames = shared.run.secretOverrideNames
            if request.request.isWebSocket {
                return await conversed(try sender.prepareConversation(plan), into: result)
            }
            send = try sender.prepare(plan)
        } catch let failure as SendFailure where failure.scriptError != nil {
            // A pre-request script that threw or ran out of time fails the request; it is not an input error.
            result.outcome = .failed
            result.message = failure.description
            result.scriptErrors = failure.scriptError.map { [$0] } ?? []
            return result
        } catch {
            result.outcome = .invalid
            result.message = "\(error)"
            return result
        }
        if request.request.isGRPC { return await called(send, into: result, shared) }
        return await sent(send, into: result, shared)
    }

    /// Makes the `GRPC` call of `send` and fills in `result`: the handlers' tests, a failure for a status other
    /// than `OK` (its name and message) or a call that could not be made.
    private func called(_ send: PreparedSend, into result: RequestRunResult, _ shared: Shared) async
        -> RequestRunResult
    {
        var result = result
        let scrubber = send.prepared.scrubber
        result.method = SavedRequest.grpcMethod
        result.maskedURL = send.prepared.maskedURL
        let clock = ContinuousClock()
        let started = clock.now
        result.startOffset = started - shared.started
        let outcome = await sender.sendGRPC(send)
        result.duration = clock.now - started
        let runs = outcome.report.scriptRuns
        result.log = outcome.report.problems.map { "warning: \($0)" } + runs.flatMap(\.outcome.log)
        result.tests = runs.flatMap(\.outcome.tests).map(RunTestResult.init)
        result.scriptErrors = runs.compactMap(\.outcome.error).map { error in
            var masked = error
            masked.message = scrubber.scrub(error.message)
            return masked
        }
        if keepsExchanges {
            result.exchange = RunExchange(
                request: send.request, scrubber: scrubber, end: outcome.end, scriptOutcomes: runs.map(\.outcome))
        }
        shared.responses.record(outcome.end, for: send.plan.request.id)
        guard let exchange = outcome.exchange else {
            result.outcome = .transportError
            result.message = scrubber.scrub(outcome.error?.description ?? "canceled")
            return result
        }
        result.status = exchange.response.http.status
        if let error = result.scriptErrors.first {
            result.outcome = .failed
            result.message = "script error: \(error)"
        } else if !exchange.response.status.isOK {
            result.outcome = .failed
            result.message = scrubber.scrub("GRPC \(exchange.response.status)")
        } else {
            result.outcome = RunOutcome.judging(status: 200, tests: result.tests)
        }
        return result
    }

    /// Sends `send` and fills in `result` with what came back.
    private func sent(_ send: PreparedSend, into result: RequestRunResult, _ shared: Shared) async
        -> RequestRunResult
    {
        var result = result
        var send = send
        // A kept exchange shows the request heads as they went out.
        if keepsExchanges { send.request.recordsSentHead = true }
        let scrubber = send.prepared.scrubber
        result.method = send.prepared.method
        result.maskedURL = send.prepared.maskedURL
        let log = Locked<[String]>([])
        let clock = ContinuousClock()
        let started = clock.now
        result.startOffset = started - shared.started
        // Only retries and the end matter here, awaited in this task: no event wakes it before the end.
        let finished = await sender.send(send) { event in
            guard case .retryWaiting(let attempt, let attempts, let delay, let after) = event else { return }
            let line = "\(scrubber.scrub(after)); retry \(attempt - 1) of \(attempts - 1) in \(delay.seconds) s"
            log.withLock { $0.append(line) }
        }
        result.duration = clock.now - started
        let report = finished.report
        let end = finished.end
        log.withLock { $0 += report.problems.map { "warning: \($0)" } }
        let outcomes = report.outcomes
        for outcome in outcomes {
            log.withLock { $0 += outcome.log }
            result.tests += outcome.tests.map(RunTestResult.init)
        }
        result.log = log.withLock { $0 }
        result.scriptErrors = outcomes.compactMap(\.error).map { error in
            var masked = error
            masked.message = scrubber.scrub(error.message)
            return masked
        }
        // Canceled with the run (Ctrl-C, the view closed): no exchange to open and no response to refer to.
        if end.error?.isCanceled == true, Task.isCancelled {
            result.outcome = .transportError
            result.message = "canceled"
            return result
        }
        if keepsExchanges {
            result.exchange = RunExchange(
                request: send.request, scrubber: scrubber, end: end, scriptOutcomes: outcomes)
        }
        shared.responses.record(end, for: send.plan.request.id)
        result.status = end.response?.status
        if let error = end.error {
            result.outcome = .transportError
            result.message = scrubber.scrub(error.message)
            return result
        }
        let status = end.response?.status ?? 0
        if let error = result.scriptErrors.first {
            result.outcome = .failed
            result.message = "script error: \(error)"
            return result
        }
        result.outcome = RunOutcome.judging(status: status, tests: result.tests)
        if result.outcome == .failed, result.tests.isEmpty {
            let reason = end.response.map { $0.reason.isEmpty ? "" : " \(scrubber.scrub($0.reason))" } ?? ""
            result.message = "status \(status)\(reason)"
        }
        return result
    }

    /// Runs the `WEBSOCKET` request `conversation` (closing once its script ran, ``ConversationClosing/standardIdle``
    /// after the last message unless it ends waiting) and fills in `result`: status 101 when it opened, the
    /// handlers' tests over the messages received, a failure when it could not open or broke off.
    private func conversed(_ conversation: PreparedConversation, into result: RequestRunResult) async
        -> RequestRunResult
    {
        var result = result
        result.method = "WEBSOCKET"
        result.maskedURL = conversation.webSocket.maskedURL
        let opened = sender.open(conversation, closing: .afterScript(idle: ConversationClosing.standardIdle))
        var ended: ConversationEnd?
        for await event in opened.events {
            if case .ended(let end) = event { ended = end }
        }
        guard let end = ended else {
            result.outcome = .transportError
            result.message = "canceled"
            return result
        }
        result.duration = end.duration
        result.status = end.handshake?.status ?? end.refusedStatus
        let scrubber = SecretScrubber(conversation.context.secretValues)
        result.log = end.report.problems.map { "warning: \($0)" } + end.report.scriptRuns.flatMap(\.outcome.log)
        result.tests = end.report.tests.map(RunTestResult.init)
        result.scriptErrors = end.report.scriptRuns.compactMap(\.outcome.error).map { error in
            var masked = error
            masked.message = scrubber.scrub(error.message)
            return masked
        }
        switch end.outcome {
        case .canceled:
            result.outcome = .transportError
            result.message = "canceled"
        case .failed(let message):
            result.outcome = end.refusedStatus == nil ? .transportError : .failed
            result.message = scrubber.scrub(message)
        case .closed:
            if let error = result.scriptErrors.first {
                result.outcome = .failed
                result.message = "script error: \(error)"
            } else {
                result.outcome = RunOutcome.judging(status: 101, tests: result.tests)
            }
        }
        return result
    }
}
