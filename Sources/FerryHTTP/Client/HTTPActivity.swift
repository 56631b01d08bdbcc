import Foundation

/// A change in what a client has in flight: a send started or finished, with how many are in flight after
/// it (PMHTTP's `networkActivityHandler`). A send is one call to the client, its retries and redirects
/// included.
///
/// ```swift
/// for await activity in client.activity {
///     spinner.isVisible = activity.inFlight > 0
/// }
/// ```
public struct HTTPActivity: Sendable {
    /// What changed.
    public enum Change: Sendable {
        /// A send of this request started.
        case started(HTTPRequest)
        /// A send of this request ended with this outcome (canceled included), after its last attempt.
        case finished(HTTPRequest, Result<HTTPResponse, HTTPClientError>)
    }

    /// What changed.
    public var change: Change
    /// How many sends of the client are in flight after the change.
    public var inFlight: Int
}

/// Counts a client's sends in flight, tells its activity streams and calls its metrics handler.
final class ActivityMonitor: Sendable {
    private struct State {
        var inFlight = 0
        var streams: [UUID: AsyncStream<HTTPActivity>.Continuation] = [:]
        var metricsHandler: (@Sendable (HTTPRequest, HTTPResponse) -> Void)?
    }

    private let state = Locked(State())

    /// How many sends are in flight.
    var inFlight: Int { state.withLock { $0.inFlight } }

    /// The handler of every final response.
    var metricsHandler: (@Sendable (HTTPRequest, HTTPResponse) -> Void)? {
        get { state.withLock { $0.metricsHandler } }
        set { state.withLock { $0.metricsHandler = newValue } }
    }

    /// A new stream of the changes from now on.
    func stream() -> AsyncStream<HTTPActivity> {
        let (stream, continuation) = AsyncStream<HTTPActivity>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
        state.withLock { $0.streams[id] = continuation }
        return stream
    }

    /// A send of `request` started.
    func started(_ request: HTTPRequest) {
        tell { state in
            state.inFlight += 1
            return .started(request)
        }
    }

    /// A send of `request` ended with `outcome`.
    func finished(_ request: HTTPRequest, _ outcome: Result<HTTPResponse, HTTPClientError>) {
        let handler = tell { state in
            state.inFlight -= 1
            return .finished(request, outcome)
        }
        if case .success(let response) = outcome { handler?(request, response) }
    }

    /// Applies `change` and yields the activity to every stream, under the lock so that every stream sees
    /// the counts in order; returns the metrics handler.
    @discardableResult
    private func tell(_ change: (inout State) -> HTTPActivity.Change)
        -> (@Sendable (HTTPRequest, HTTPResponse) -> Void)?
    {
        state.withLock { state in
            let activity = HTTPActivity(change: change(&state), inFlight: state.inFlight)
            // Yielding under the lock keeps every stream's order the counter's order; yield does not block.
            for continuation in state.streams.values { continuation.yield(activity) }
            return state.metricsHandler
        }
    }
}

extension HTTPClient {
    /// The client's activity from now on: every send starting and finishing, with the count in flight.
    /// Each read makes a new stream; it ends when its reader stops reading (the client keeps nothing for it
    /// afterwards).
    public var activity: AsyncStream<HTTPActivity> { activityMonitor.stream() }

    /// How many sends are in flight now (see ``activity``).
    public var requestsInFlight: Int { activityMonitor.inFlight }

    /// Called with every send's final response, whatever its status, for metrics
    /// (``HTTPResponse/timing`` has the transfer's phases); on the thread that finished the send: keep it
    /// quick. `nil` (the default) for none.
    ///
    /// ```swift
    /// client.metricsHandler = { request, response in
    ///     histogram.record(response.timing?.total ?? .zero, for: request.targetDescription)
    /// }
    /// ```
    public var metricsHandler: (@Sendable (HTTPRequest, HTTPResponse) -> Void)? {
        get { activityMonitor.metricsHandler }
        set { activityMonitor.metricsHandler = newValue }
    }
}
