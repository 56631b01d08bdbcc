import FerryHTTP
import Foundation

/// Drives one load: starts the sends the ``LoadModel`` calls for through the client's completion handlers
/// (no thread waits on a send), records each end in its target's statistics, and reports progress once a
/// second and once more, last, with the final figures. ``drive(progress:)`` blocks its thread until the load's
/// time is up and every send has ended.
final class LoadDriver: Sendable {
    private let client: HTTPClient
    private let targets: [LoadTarget]
    private let model: LoadModel
    private let state: Locked<State>
    private let ended = DispatchSemaphore(value: 0)
    /// Whether the final progress went out: the reporting thread's late ticks are then dropped.
    private let finalReported = Locked(false)
    private let clock = ContinuousClock()

    private struct State {
        var statistics: [LoadStatistics]
        var inFlight = 0
        var stopped = false
        var count = 0
        var errors = 0
        var latency = LatencyHistogram()
    }

    init(client: HTTPClient, targets: [LoadTarget], model: LoadModel) {
        self.client = client
        self.targets = targets
        self.model = model
        state = Locked(State(statistics: targets.map(\.statistics)))
    }

    /// Each target's statistics (final once ``drive(progress:)`` returned).
    var statistics: [LoadStatistics] { state.withLock { $0.statistics } }

    /// Ends the load early: nothing new is sent; what is in flight finishes.
    func stop() { state.withLock { $0.stopped = true } }

    /// Runs the load; returns how long it took, from the first send to the last end.
    func drive(progress: @escaping @Sendable (LoadProgress) -> Void) -> Duration {
        let started = clock.now
        let deadline = started + model.duration
        Thread.detachNewThread { [self] in report(progress, from: started) }
        switch model {
        case .closed(let concurrency, _):
            for _ in 0..<max(1, concurrency) { sendInTurn(0, until: deadline) }
        case .open(let perSecond, _, let inFlight):
            schedule(perSecond: max(1, perSecond), inFlight: max(1, inFlight), from: started, until: deadline)
        }
        // Every chain (closed) or every scheduled send (open) signals once it has nothing left in flight.
        while state.withLock({ $0.inFlight }) > 0 { ended.wait() }
        let (count, errors, latency, endedEarly) = state.withLock { state in
            defer { state.stopped = true }
            return (state.count, state.errors, state.latency, state.stopped)
        }
        let elapsed = clock.now - started
        let seconds = elapsed / .seconds(1)
        // A load that ran its course shows all of its time, though its last send may have been due a little before.
        let final = LoadProgress(
            elapsed: endedEarly ? min(elapsed, model.duration) : model.duration, duration: model.duration, count: count,
            errors: errors,
            recentRate: seconds > 0 ? Double(count) / seconds : 0, latency: latency)
        finalReported.withLock { reported in
            reported = true
            progress(final)
        }
        return elapsed
    }

    // MARK: - Models

    /// Closed model: sends target `index`, and from its completion the next target, until `deadline`.
    private func sendInTurn(_ index: Int, until deadline: ContinuousClock.Instant) {
        let go = state.withLock { state -> Bool in
            guard !state.stopped, clock.now < deadline else { return false }
            state.inFlight += 1
            return true
        }
        guard go else { return }
        let sent = clock.now
        client.task(for: targets[index].request) { [self] result in
            record(result, of: index, since: sent)
            sendInTurn((index + 1) % targets.count, until: deadline)
            finishOne()
        }
    }

    /// Open model: from this thread, starts a send every `1/perSecond` s, each due at its slot; a send due
    /// while `inFlight` are out waits for one to end, and its latency counts from when it was due.
    private func schedule(
        perSecond: Int, inFlight: Int, from started: ContinuousClock.Instant, until deadline: ContinuousClock.Instant
    ) {
        let interval = Duration.seconds(1) / perSecond
        let slots = DispatchSemaphore(value: inFlight)
        var number = 0
        while true {
            let due = started + interval * number
            guard due < deadline, !state.withLock({ $0.stopped }) else { return }
            let wait = due - clock.now
            if wait > .microseconds(50) { Thread.sleep(forTimeInterval: wait / .seconds(1)) }
            slots.wait()
            let index = number % targets.count
            number += 1
            state.withLock { $0.inFlight += 1 }
            client.task(for: targets[index].request) { [self] result in
                record(result, of: index, since: due)
                slots.signal()
                finishOne()
            }
        }
    }

    // MARK: - Counting

    private func finishOne() {
        state.withLock { $0.inFlight -= 1 }
        ended.signal()
    }

    private func record(
        _ result: Result<HTTPResponse, HTTPClientError>, of index: Int, since start: ContinuousClock.Instant
    ) {
        let latency = clock.now - start
        let error: String? =
            switch result {
            case .success(let response): response.status >= 400 ? "status \(response.status)" : nil
            case .failure(let failure): Self.kind(of: failure)
            }
        state.withLock { state in
            state.statistics[index].record(latency, error: error)
            state.count += 1
            if error != nil { state.errors += 1 }
            state.latency.record(latency)
        }
    }

    /// A failure's kind, as the load's error table counts it.
    static func kind(of error: HTTPClientError) -> String {
        switch error.reason {
        case .failedStatus(let code, _, _): "status \(code)"
        case .unauthorized: "status 401"
        case .cannotResolveHost: "cannot resolve host"
        case .connectionRefused: "connection refused"
        case .timedOut: "timed out"
        case .tlsFailure: "TLS failure"
        case .connectionReset: "connection reset"
        case .bodyTruncated: "body truncated"
        case .malformedResponse: "malformed response"
        case .canceled: "canceled"
        default: "transfer failed"
        }
    }

    /// Calls `progress` about once a second until the load is over (never after the final one).
    private func report(
        _ progress: @escaping @Sendable (LoadProgress) -> Void, from started: ContinuousClock.Instant
    ) {
        var previousCount = 0
        var previousTime = started
        while true {
            Thread.sleep(forTimeInterval: 1)
            let now = clock.now
            let (count, errors, latency, over) = state.withLock {
                ($0.count, $0.errors, $0.latency, $0.stopped)
            }
            if over { return }
            let seconds = (now - previousTime) / .seconds(1)
            let tick = LoadProgress(
                elapsed: min(now - started, model.duration), duration: model.duration, count: count,
                errors: errors, recentRate: seconds > 0 ? Double(count - previousCount) / seconds : 0,
                latency: latency)
            finalReported.withLock { reported in if !reported { progress(tick) } }
            previousCount = count
            previousTime = now
        }
    }
}
