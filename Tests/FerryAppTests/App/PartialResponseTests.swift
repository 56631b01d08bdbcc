import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// On the real loop with curl and a loopback server that sends the start of its body, then holds the rest until
/// the test is done: while the body arrives, the Body tab shows its start and the Headers tab the headers (no
/// "Waiting for the response…"), and after Esc both still show what had arrived.
@Suite("What arrived of a slow response", .serialized)
final class PartialResponseTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    /// Opened when the test ends: until then the body stays in flight after its first 60 bytes.
    let gate = TestGate()

    init() throws {
        server = try TestHTTPServer()
        let text = (1...400).map { "line \($0)" }.joined(separator: "\n") + "\n"
        server.route(
            "/slow",
            responding: TestResponse(
                status: 200, headers: [("Content-Type", "text/plain"), ("X-Marker", "slow-1")], body: Data(text.utf8)
            ).dripping(20, every: .milliseconds(10)).held(until: gate, afterBodyBytes: 60))
        folder = try TemporaryWorkspace(
            requests: "### Slow\n# @name slow\n# @timeout 600 s\nGET {{host}}/slow\n",
            environments: ["local": server.baseURL])
    }

    deinit {
        gate.open()
        server.stop()
    }

    @Test func theHeadersAndTheBodyStartShowWhileArrivingAndAfterEsc() async throws {
        let app = try AppHarness(workspace: folder.url, width: 100, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        let arriving = try await app.moment("the body to start arriving") {
            $0.state.currentExchange?.isInFlight == true && $0.screen.contains("line 2")
        }
        #expect(arriving.screen.contains("Esc cancels"), "\(arriving.screen)")
        #expect(!arriving.screen.contains("Waiting for the response"), "\(arriving.screen)")
        // The Headers tab, still in flight.
        app.enqueue(.control("t"))
        let headers = try await app.moment("the headers tab in flight") {
            $0.state.response.tab == .headers && $0.state.currentExchange?.isInFlight == true
        }
        #expect(headers.screen.contains("X-Marker: slow-1"), "\(headers.screen)")
        // Esc cancels: the headers stay, and the body shows what had arrived.
        try await app.press(.key(.escape))
        try await app.waitFor("the canceled body to be prepared") {
            if case .text = app.state.currentExchange?.body { return true }
            return false
        }
        #expect(app.shows("Canceled"), "\(app.screen)")
        #expect(app.shows("X-Marker: slow-1"), "\(app.screen)")
        // Ctrl-T cycles the tabs: from Headers, once round less one is Body.
        for _ in 1..<ResponseTab.allCases.count { try await app.press(.control("t")) }
        #expect(app.state.response.tab == .body)
        #expect(app.shows("had arrived") && app.shows("line 1"), "\(app.screen)")
        let exchange = try #require(app.state.currentExchange)
        #expect(exchange.isBodyIncomplete && exchange.preview.isEmpty)
        try await app.quit()
    }
}
