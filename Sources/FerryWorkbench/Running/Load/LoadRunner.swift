import FerryHTTP
import Foundation

/// Sends a run's requests as load (`ferry run --duration`): each request is prepared once through the send
/// pipeline (variables, pre-request scripts), then sent again and again straight through the
/// ``HTTPClient`` — no history, no response handlers — as the ``LoadModel`` says, counting
/// each request's errors by kind and its latency in a ``LatencyHistogram`` (memory stays flat however long
/// it runs). Requests that cannot be prepared are reported as invalid and left out of the load.
///
/// ```swift
/// let load = LoadRunner(sender: sender, model: .closed(concurrency: 8, duration: .seconds(30)))
/// let report = await load.run(run) { progress in print(progress.count) }
/// ```
public struct LoadRunner: Sendable {
    /// The sender the requests are prepared by and sent through (its client).
    public let sender: RequestSender
    /// How the load is driven.
    public let model: LoadModel

    /// A load runner for `model`, preparing and sending through `sender`.
    public init(sender: RequestSender, model: LoadModel) {
        self.sender = sender
        self.model = model
    }

    /// Prepares `run`'s requests, sends the load, and returns the account: a result per request (passed when
    /// none of its sends failed) and the ``RunReport/load`` statistics. `progress` is called about once a
    /// second from a thread of its own while the load runs, and once more with the final figures before it returns. Canceling the task ends the load early.
    public func run(_ run: CollectionRun, progress: @escaping @Sendable (LoadProgress) -> Void = { _ in }) async
        -> RunReport
    {
        var report = RunReport()
        for diagnostic in run.diagnostics { report.add(.diagnostic(diagnostic)) }
        let (targets, refused) = prepare(run)
        for result in refused { report.add(.result(result)) }
        guard !targets.isEmpty else { return report }
        let driver = LoadDriver(client: sender.client, targets: targets, model: model)
        let elapsed = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: driver.drive(progress: progress)) }
            }
        } onCancel: {
            driver.stop()
        }
        let statistics = driver.statistics
        report.load = LoadReport(model: model, elapsed: elapsed, requests: statistics)
        report.duration = elapsed
        for (index, request) in statistics.enumerated() {
            var result = RequestRunResult(
                id: request.id, position: index, location: request.location, method: request.method,
                maskedURL: request.maskedURL, duration: request.latency.percentile(50),
                outcome: request.errorCount == 0 ? .passed : .failed)
            if request.errorCount > 0 {
                let kinds = request.errors.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
                result.message = "\(request.errorCount) of \(request.count) failed: \(kinds.joined(separator: ", "))"
            }
            report.add(.result(result))
        }
        return report
    }

    /// Each request of `run` prepared for the load, and a result for each that could not be.
    private func prepare(_ run: CollectionRun) -> (targets: [LoadTarget], refused: [RequestRunResult]) {
        let workspace = run.workspace
        let environments = workspace.environments()
        let dotenv = workspace.dotenv()
        var targets: [LoadTarget] = []
        var refused: [RequestRunResult] = []
        for file in run.files {
            let facts = file.content.requestFacts()
            for request in file.requests where run.keeps(request) {
                let fact = facts.indices.contains(request.position) ? facts[request.position] : nil
                let location = SourceLocation(file: request.path, line: fact?.line ?? 1)
                var result = RequestRunResult(
                    id: request.id, position: request.position, location: location,
                    method: request.request.method, outcome: .invalid)
                do {
                    if let problem = fact?.problems.first { throw problem }
                    guard !request.request.isWebSocket else {
                        throw LoadPreparationError("a WebSocket request cannot be sent as load")
                    }
                    var plan = try workspace.sendPlan(
                        for: request, environment: run.environment, environments: environments,
                        overrides: run.overrides,
                        dotenv: dotenv, fileVariables: fact?.fileVariables)
                    plan.access = run.access
                    let send = try sender.prepare(plan)
                    targets.append(
                        LoadTarget(
                            request: send.request,
                            statistics: LoadStatistics(
                                id: request.id, location: location, method: send.prepared.method,
                                maskedURL: send.prepared.maskedURL)))
                } catch {
                    result.message = "\(error)"
                    refused.append(result)
                }
            }
        }
        return (targets, refused)
    }
}

/// Why a request cannot be part of a load.
struct LoadPreparationError: Error, CustomStringConvertible {
    /// In words.
    var description: String

    init(_ description: String) { self.description = description }
}
