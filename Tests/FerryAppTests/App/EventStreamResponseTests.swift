import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// On the real loop with curl and a loopback server streaming events that do not end while the test looks (the
/// server holds the stream after three events until the test is done): the Body tab shows the events live
/// (time, type, id, JSON data pretty-printed), Esc ends the stream and keeps what arrived as raw text, and the
/// exchange says it was canceled.
@Suite("An event stream in the workbench", .serialized)
final class EventStreamResponseTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    /// Opened when the test ends: until then the stream stays in flight after its first three events.
    let gate = TestGate()

    init() throws {
        server = try TestHTTPServer()
        let events = (1...50).map { "event: tick\nid: \($0)\ndata: {\"count\": \($0)}\n\n" }
        server.route(
            "/events",
            responding: TestResponse(
                status: 200, headers: [("Content-Type", "text/event-stream")], body: Data(events.joined().utf8),
                framing: .closeDelimited
            ).held(until: gate, afterBodyBytes: events.prefix(3).joined().utf8.count))
        folder = try TemporaryWorkspace(
            requests: "### Events\n# @name events\n# @timeout 600 s\nGET {{host}}/events\n",
            environments: ["local": server.baseURL])
    }

    deinit {
        gate.open()
        server.stop()
    }

    @Test func eventsShowLiveAndEscKeepsWhatArrived() async throws {
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let live = try await app.moment("three events to show") {
            ($0.state.currentExchange?.events?.count ?? 0) >= 3 && $0.state.currentExchange?.isInFlight == true
        }
        #expect(live.screen.contains("Event stream: 3 events so far"), "\(live.screen)")
        #expect(live.screen.contains("tick  id 2"), "\(live.screen)")
        // The JSON data is pretty-printed under its event.
        #expect(live.screen.contains("\"count\": 2"), "\(live.screen)")
        let exchange = try #require(app.state.currentExchange?.events)
        #expect(exchange.latest.map(\.event.lastEventID).prefix(2) == ["1", "2"])
        try await app.press(.key(.escape))
        try await app.waitFor("the canceled body to be prepared") {
            if case .text = app.state.currentExchange?.body { return true }
            return false
        }
        #expect(app.shows("Canceled"), "\(app.screen)")
        // The raw text of what arrived stays.
        #expect(app.shows("event: tick") && app.shows("id: 1"), "\(app.screen)")
        try await app.quit()
    }

    /// ↑ selects an event (the newest, then the one before), its JSON data shows as a tree, and Enter
    /// collapses and expands it; ↓ past the newest follows the newest again. Keys are queued and their frames
    /// awaited (the stream in flight keeps the app from settling).
    @Test func anEventIsSelectedAndItsJSONCollapses() async throws {
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        let selected = try await app.selectTheSecondLiveEvent()
        // The selected event is marked and its data is a tree (the body view's rows), open.
        #expect(selected.state.currentExchange?.isInFlight == true)
        #expect(selected.screen.contains("▶ ") && selected.screen.contains("tick  id 2"), "\(selected.screen)")
        #expect(selected.screen.contains("▾ {  1 key"), "\(selected.screen)")
        #expect(selected.screen.contains("count: 2"), "\(selected.screen)")
        // The other events stay pretty-printed.
        #expect(selected.screen.contains("\"count\": 1"), "\(selected.screen)")
        app.enqueue(.key(.enter))
        let collapsed = try await app.moment("the event's data collapsed") { $0.screen.contains("▸ {…}  1 key") }
        #expect(!collapsed.screen.contains("count: 2"), "\(collapsed.screen)")
        app.enqueue(.key(.enter))
        _ = try await app.moment("the event's data expanded") { $0.screen.contains("count: 2") }
        app.enqueue(.key(.left))
        _ = try await app.moment("a level collapsed") { $0.screen.contains("▸ {…}  1 key") }
        app.enqueue(.key(.right))
        _ = try await app.moment("a level expanded") { $0.screen.contains("count: 2") }
        // ↓ twice: the newest, then none (the view follows the newest again).
        app.enqueue(.key(.down))
        app.enqueue(.key(.down))
        let following = try await app.moment("no event selected") {
            $0.state.currentExchange?.eventSelection == nil
        }
        #expect(!following.screen.contains("▶ "), "\(following.screen)")
        try await app.press(.key(.escape))
        try await app.quit()
    }
}
