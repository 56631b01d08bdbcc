import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// `# @retries`: while a send waits between attempts the response pane and the status bar say so (when, which
/// attempt, Esc cancels) on an 80×24 terminal, and the Request tab records how many attempts were made.
@Suite("Retry waits on screen", .serialized)
final class RetryWaitTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        // Busy once (come back in 1 s), then fine.
        TestServerRoutes.routeBusyOnce("/flaky", on: server, retryAfter: 1)
        // Busy for good, asking for 30 s (the longest wait a retry takes): Esc must not wait for it.
        server.route("/busy") { _ in .unavailable(retryAfter: 30) }
        folder = try TemporaryWorkspace(
            requests: """
                ### Flaky
                # @name flaky
                # @retries 2
                GET {{host}}/flaky

                ### Busy
                # @name busy
                # @retries 2
                GET {{host}}/busy

                """,
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func theWaitBetweenAttemptsIsShownAndTheAttemptsRecorded() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        // Sent without waiting for the app to settle, so the wait itself can be watched.
        app.enqueue(.control("r"))
        let seen = try await app.moment("the retry wait") {
            $0.screen.contains("Retrying in 1.0 s (attempt 2 of 3) — Esc cancels")
        }
        let screen = seen.screen
        #expect(screen.contains("Attempt 1 got no usable answer."), "\(screen)")
        #expect(screen.split(separator: "\n").last?.contains("retry 2/3 in 1.0 s · Esc cancels") == true, "\(screen)")
        #expect(screen.split(separator: "\n").last?.contains("…") == false, "\(screen)")
        #expect(seen.state.currentExchange?.retryWait == RetryWait(attempt: 2, of: 3, delay: .seconds(1)))
        try await app.waitFor("the retried response") { app.shows(" 200 ") }
        try await app.settle()
        #expect(server.requests.count == 2)
        #expect(app.state.currentExchange?.attempt == 2)
        #expect(app.state.currentExchange?.retryWait == nil)
        #expect(!app.shows("Retrying in"), "\(app.screen)")
        #expect(app.shows("· attempt 2"), "\(app.screen)")
        for _ in 0..<3 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("]"), .character("]"), .character("]"))
        #expect(app.state.response.tab == .request)
        #expect(app.shows("up to 2 retries (# @retries) · 2 attempts made"), "\(app.screen)")
        try await app.quit()
    }

    @Test func escDuringTheWaitCancelsAtOnce() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "busy")
        app.enqueue(.control("r"))
        let took = try await app.press([.key(.escape)], when: "the retry wait") {
            $0.screen.contains("Retrying in") && $0.screen.contains("(attempt 2 of 3)")
        }.settledAfter
        // Half the 30 s wait bounds a loaded machine: waiting for the retry would take all of it.
        #expect(took < .seconds(15), "Esc did not wait for the retry")
        #expect(app.shows("Canceled"), "\(app.screen)")
        #expect(server.requests.count == 1, "no further attempt after Esc")
        #expect(!app.shows("Retrying in"), "\(app.screen)")
        try await app.quit()
    }
}
