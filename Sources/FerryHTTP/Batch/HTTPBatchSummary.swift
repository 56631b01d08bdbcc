import Foundation

/// How a whole ``HTTPBatch`` went (``HTTPBatch/summary()``): which requests, by position in the order added,
/// failed or were canceled. A request whose task ended with a response succeeded, whatever its status; add it
/// with a parser (``HTTPBatch/add(_:parsing:)``) to count a failing status as a failure.
public struct HTTPBatchSummary: Sendable {
    /// How many requests the batch had.
    public var count: Int
    /// The errors of the requests that failed, canceled ones aside, by position.
    public var failed: [Int: HTTPClientError]
    /// The positions of the requests that were canceled, in order.
    public var canceled: [Int]

    /// The positions of the requests that succeeded, in order.
    public var succeeded: [Int] {
        (0..<count).filter { failed[$0] == nil && !canceled.contains($0) }
    }

    /// Whether every request succeeded.
    public var allSucceeded: Bool { failed.isEmpty && canceled.isEmpty }
}
