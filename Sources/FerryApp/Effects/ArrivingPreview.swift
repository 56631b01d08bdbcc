import FerryHTTP
import Foundation

/// The start of a body while it arrives, for the workbench to show before the transfer ends: up to
/// ``limit`` bytes, reported at most every ``interval`` (and once more
/// when something held back is due: at the end, or on ``ArrivingReports``' timer).
struct ArrivingPreview {
    /// How much of the body is shown while it arrives.
    static let limit = 64 * 1024
    /// The least time between two reports.
    static let interval = Duration.milliseconds(100)

    /// The response head, once it arrived.
    var head: HTTPResponse?
    private var bytes: [UInt8] = []
    private var reported = ContinuousClock.now
    private var isReported = true

    /// Takes `chunk`; returns what to show when a report is due.
    mutating func take(_ chunk: Data) -> (HTTPResponse, [UInt8])? {
        guard let head, bytes.count < Self.limit else { return nil }
        bytes += chunk.prefix(Self.limit - bytes.count)
        isReported = false
        guard ContinuousClock.now - reported >= Self.interval || bytes.count == Self.limit else { return nil }
        reported = ContinuousClock.now
        isReported = true
        return (head, bytes)
    }

    /// What is left to show (at the end, or once a quiet moment passed), if a report was held back.
    mutating func rest() -> (HTTPResponse, [UInt8])? {
        guard let head, !isReported, !bytes.isEmpty else { return nil }
        isReported = true
        return (head, bytes)
    }
}
