import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// What a send shows while its response arrives: the head at once, the body's start and an event stream's
/// events throttled, and what the throttle held back posted on a timer when the stream goes quiet.
@Suite("Arriving reports")
struct ArrivingReportsTests {
    @Test func theHeadIsPostedAtOnce() throws {
        let (reports, posted) = Self.reports()
        reports.headArrived(try Self.head("text/plain"))
        #expect(posted.previews == [[]])
    }

    @Test func bodyHeldBackByTheThrottleIsPostedWhenTheStreamGoesQuiet() async throws {
        let (reports, posted) = Self.reports()
        reports.headArrived(try Self.head("text/plain"))
        // Two chunks at once: at most one report is due, so the second is held back, and nothing else comes.
        reports.take(Data("first ".utf8), at: Date())
        reports.take(Data("second".utf8), at: Date())
        #expect(await eventually(timeout: .seconds(60)) { posted.previews.last == Array("first second".utf8) })
    }

    @Test func eventsHeldBackByTheThrottleArePostedWhenTheStreamGoesQuiet() async throws {
        let (reports, posted) = Self.reports()
        reports.headArrived(try Self.head("text/event-stream"))
        reports.take(Data("data: one\n\n".utf8), at: Date())
        reports.take(Data("data: two\n\n".utf8), at: Date())
        #expect(await eventually(timeout: .seconds(60)) { posted.eventCounts.last == 2 })
        #expect(posted.latestEventData == ["one", "two"])
    }

    @Test func theEndPostsWhatWasHeldBackAtOnce() throws {
        let (reports, posted) = Self.reports()
        reports.headArrived(try Self.head("text/event-stream"))
        reports.take(Data("data: one\n\n".utf8), at: Date())
        reports.take(Data("data: two\n\n".utf8), at: Date())
        reports.finish()
        #expect(posted.eventCounts.last == 2)
        #expect(posted.previews.last == Array("data: one\n\ndata: two\n\n".utf8))
    }

    @Test func aNewAttemptForgetsWhatTheLastOneSent() throws {
        let (reports, posted) = Self.reports()
        reports.headArrived(try Self.head("text/event-stream"))
        reports.take(Data("data: one\n\n".utf8), at: Date())
        reports.take(Data("data: two\n\n".utf8), at: Date())
        let before = posted.count
        reports.reset()
        reports.finish()
        #expect(posted.count == before)
    }

    private static func reports() -> (ArrivingReports, Posted) {
        let posted = Posted()
        return (ArrivingReports { posted.append($0) }, posted)
    }

    private static func head(_ contentType: String) throws -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: ["Content-Type": contentType], url: try #require(URL(string: "http://127.0.0.1/")))
    }
}

/// The actions a test's reports posted, in order.
private final class Posted: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [TransferAction] = []

    func append(_ action: TransferAction) { lock.withLock { actions.append(action) } }

    var count: Int { lock.withLock { actions.count } }

    /// The body starts posted with the head, in order.
    var previews: [[UInt8]] {
        lock.withLock {
            actions.compactMap { action in
                guard case .headArrived(_, let preview) = action else { return nil }
                return preview
            }
        }
    }

    /// The event counts posted, in order.
    var eventCounts: [Int] { eventReports.map(\.count) }

    /// The data of the events in the last events report.
    var latestEventData: [String] { eventReports.last?.latest.map(\.event.data) ?? [] }

    private var eventReports: [EventsSoFar] {
        lock.withLock {
            actions.compactMap { action in
                guard case .eventsArrived(let soFar) = action else { return nil }
                return soFar
            }
        }
    }
}
