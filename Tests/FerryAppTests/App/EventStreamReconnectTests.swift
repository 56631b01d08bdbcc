import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// A `# @reconnect` request in the workbench, on the real loop with curl: against sse-starlette on Hypercorn
/// (`Tests/Peers/sse_peer.py`) the stream is resumed after the last event id until the peer answers 204, and is
/// one exchange in the history; against the loopback server, whose second connection is held open while the
/// test looks, the events view shows a "reconnected" line between the events and Esc ends the stream.
@Suite("Reconnecting an event stream in the workbench", .serialized)
final class EventStreamReconnectTests {
    /// Opened when the test ends: the loopback server's second connection stays in flight until then.
    let gate = TestGate()

    deinit { gate.open() }

    static func workspace(_ base: String, path: String) throws -> TemporaryWorkspace {
        try TemporaryWorkspace(
            requests: "### Events\n# @name events\n# @reconnect\n# @timeout 600 s\nGET {{host}}\(path)\n",
            environments: ["local": base])
    }

    @Test func theStreamIsResumedAfterTheLastEventIDAndRecordedOnce() async throws {
        guard let peer = try await SSEPeerServer.start() else { return }
        defer { peer.stop() }
        let folder = try Self.workspace(peer.baseURL, path: "/events?count=7&per=3&retry=20")
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the whole stream's raw text") {
            guard let exchange = app.state.currentExchange, !exchange.isInFlight else { return false }
            if case .text = exchange.body { return true }
            return false
        }
        let exchange = try #require(app.state.currentExchange)
        #expect(exchange.events?.count == 7)
        #expect(exchange.events?.reconnections.map(\.lastEventID) == ["3", "6"])
        #expect(exchange.events?.latest.map(\.event.lastEventID) == (1...7).map(String.init))
        // The raw text is every connection's body, one after another.
        #expect(app.shows("id: 4"), "\(app.screen)")
        guard case .text(let text) = exchange.body else {
            Issue.record("the body is not text")
            return
        }
        let raw = String(decoding: text.bytes, as: UTF8.self)
        #expect(raw.contains("id: 3") && raw.contains("id: 7"), "\(raw)")
        let history = HistoryLog(stateFolder: folder.url.appendingPathComponent(".ferry")).entries()
        #expect(history.count == 1)
        try await app.quit()
    }

    @Test func aReconnectedLineShowsBetweenTheEventsAndEscEndsTheStream() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let first = "retry: 10\n" + (1...3).map { "event: tick\nid: \($0)\ndata: {\"count\": \($0)}\n\n" }.joined()
        let rest = (4...50).map { "event: tick\nid: \($0)\ndata: {\"count\": \($0)}\n\n" }
        let gate = gate
        server.route("/events") { request in
            guard request.header("Last-Event-ID") == "3" else {
                return TestResponse(headers: [("Content-Type", "text/event-stream")], body: Data(first.utf8))
            }
            return TestResponse(
                headers: [("Content-Type", "text/event-stream")], body: Data(rest.joined().utf8),
                framing: .closeDelimited
            ).held(until: gate, afterBodyBytes: rest[0].utf8.count)
        }
        let folder = try Self.workspace(server.baseURL, path: "/events")
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let live = try await app.moment("the event after the reconnection") {
            ($0.state.currentExchange?.events?.count ?? 0) >= 4 && $0.state.currentExchange?.isInFlight == true
        }
        #expect(live.screen.contains("reconnected (connection 2) after id 3"), "\(live.screen)")
        let lines = live.screen.split(separator: "\n").map(String.init)
        let marker = try #require(lines.firstIndex { $0.contains("reconnected (connection 2)") })
        #expect(lines[..<marker].contains { $0.contains("tick  id 3") })
        #expect(lines[marker...].contains { $0.contains("tick  id 4") })
        try await app.press(.key(.escape))
        try await app.waitFor("the canceled body to be prepared") {
            if case .text = app.state.currentExchange?.body { return true }
            return false
        }
        #expect(app.shows("Canceled"), "\(app.screen)")
        #expect(server.requests.count == 2)
        try await app.quit()
    }
}
