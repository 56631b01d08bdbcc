import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// On the real loop with curl and a loopback server whose event stream stops at three gates (after 3, 20 and
/// 40 of its 50 events), so it stays in flight while the test looks: events arriving keep the selected event
/// selected and in view, and with none selected the view follows the newest.
@Suite("Live events keep the selection as more arrive", .serialized)
final class EventStreamSelectionTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    /// Each lets the stream go on to its next stop; all are opened when the test ends.
    let gates = [TestGate(), TestGate(), TestGate()]

    init() throws {
        server = try TestHTTPServer()
        let events = (1...50).map { "event: tick\nid: \($0)\ndata: {\"count\": \($0)}\n\n" }
        var response = TestResponse(
            status: 200, headers: [("Content-Type", "text/event-stream")], body: Data(events.joined().utf8),
            framing: .closeDelimited)
        for (gate, stop) in zip(gates, [3, 20, 40]) {
            response = response.held(until: gate, afterBodyBytes: events.prefix(stop).joined().utf8.count)
        }
        server.route("/events", responding: response)
        folder = try TemporaryWorkspace(
            requests: "### Events\n# @name events\n# @timeout 600 s\nGET {{host}}/events\n",
            environments: ["local": server.baseURL])
    }

    deinit {
        for gate in gates { gate.open() }
        server.stop()
    }

    @Test func arrivalsKeepTheSelectedEventAndWithNoneTheViewFollowsTheNewest() async throws {
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        _ = try await app.selectTheSecondLiveEvent()
        gates[0].open()
        let arrived = try await app.moment("twenty events shown") { $0.screen.contains("20 events so far") }
        // The same event stays selected, marked and in view; the newest are below, out of view.
        #expect(arrived.state.currentExchange?.eventSelection?.ordinal == 1)
        #expect(Self.markedLine(arrived.screen)?.contains("tick  id 2 ") == true, "\(arrived.screen)")
        #expect(arrived.screen.contains("count: 2"), "\(arrived.screen)")
        #expect(!arrived.screen.contains("tick  id 20"), "\(arrived.screen)")
        // End selects none: the view follows the newest as more arrive.
        app.enqueue(.key(.end))
        _ = try await app.moment("no event selected") { $0.state.currentExchange?.eventSelection == nil }
        gates[1].open()
        let following = try await app.moment("forty events shown") { $0.screen.contains("40 events so far") }
        #expect(following.state.currentExchange?.isInFlight == true)
        #expect(following.screen.contains("tick  id 40"), "\(following.screen)")
        #expect(Self.markedLine(following.screen) == nil, "\(following.screen)")
        try await app.press(.key(.escape))
        try await app.quit()
    }

    /// F1 over the live events lists what the keys do to them (the `events` key context), before the response
    /// pane's other keys; the screen is tall enough for them to show without scrolling the help.
    @Test func helpOverTheLiveEventsSaysWhatTheKeysDoToThem() async throws {
        let app = try AppHarness(workspace: folder.url, width: 100, height: 50)
        defer { app.stop() }
        try await app.settle()
        #expect(try await app.sendAndFocusTheLiveEvents() == .response)
        app.enqueue(.function(1))
        let help = try await app.moment("the help open") { $0.screen.contains("Help — keys in the response pane") }
        for text in [
            "Select the event before", "Select the event after", "Collapse or expand the selected event's JSON data",
            "Collapse the selected event's JSON data a level", "Expand the selected event's JSON data a level",
        ] {
            #expect(help.screen.contains(text), "\(text)\n\(help.screen)")
        }
        #expect(!help.screen.contains("Open / toggle"), "\(help.screen)")
        app.enqueue(.key(.escape))
        _ = try await app.moment("the help closed") { !$0.screen.contains("Help — keys") }
        try await app.press(.key(.escape))
        try await app.quit()
    }

    /// The screen's line with the selected event's mark, if any.
    static func markedLine(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains("▶ ") }.map(String.init)
    }
}
