import FerryHTTP
import Foundation

/// The events of an event stream while it arrives, for the workbench to show live: parsed with FerryHTTP's
/// ``EventStreamParser`` from the same body chunks the send delivers, the latest ``kept`` held, reported at
/// most every ``interval`` (and once more
/// when something held back is due: at the end, or on ``ArrivingReports``' timer).
struct ArrivingEvents {
    /// How many of the latest events are kept for display.
    static let kept = 500
    /// The least time between two reports.
    static let interval = Duration.milliseconds(100)

    private var parser = EventStreamParser()
    private var soFar = EventsSoFar()
    private var reported = ContinuousClock.now
    private var isReported = true

    /// Takes `chunk`, which arrived at `time`; returns the events so far when a report is due.
    mutating func take(_ chunk: Data, at time: Date) -> EventsSoFar? {
        guard soFar.overflowLimit == nil else { return nil }
        do throws(EventStreamParser.Overflow) {
            return take(try parser.parse(chunk), at: time)
        } catch {
            soFar.overflowLimit = error.limit
            return report()
        }
    }

    /// Takes `events` that arrived whole at `time` (a gRPC stream's messages); returns the events so far when a
    /// report is due.
    mutating func take(_ events: [ServerSentEvent], at time: Date) -> EventsSoFar? {
        guard !events.isEmpty else { return nil }
        soFar.count += events.count
        soFar.latest += events.suffix(Self.kept).map { EventsSoFar.Arrived(time: time, event: $0) }
        if soFar.latest.count > Self.kept { soFar.latest.removeFirst(soFar.latest.count - Self.kept) }
        isReported = false
        guard ContinuousClock.now - reported >= Self.interval else { return nil }
        return report()
    }

    /// Another connection of the stream answered at `time` (connection `connection`, asked to resume after
    /// `lastEventID`): an event the last one left unfinished is dropped; returns the events so far with the
    /// reconnection, to show at once.
    mutating func reconnected(connection: Int, lastEventID: String, at time: Date) -> EventsSoFar? {
        guard soFar.overflowLimit == nil else { return nil }
        parser.finish()
        soFar.reconnections.append(
            EventsSoFar.Reconnection(
                time: time, afterCount: soFar.count, connection: connection, lastEventID: lastEventID))
        if soFar.reconnections.count > Self.kept { soFar.reconnections.removeFirst() }
        return report()
    }

    /// What is left to show (at the end, or once a quiet moment passed), if a report was held back.
    mutating func rest() -> EventsSoFar? {
        isReported ? nil : report()
    }

    private mutating func report() -> EventsSoFar {
        reported = ContinuousClock.now
        isReported = true
        return soFar
    }
}
