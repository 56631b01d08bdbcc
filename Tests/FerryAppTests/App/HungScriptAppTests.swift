import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// A script that never ends by itself (a loop of promise jobs, which once ran past the time limit and left
/// every later send on "Preparing") is stopped by Esc, says so, and the next send goes out.
@Suite("A hung script in the workbench", .serialized)
final class HungScriptAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        server.route("/hang", responding: .text("hang"))
        server.route("/plain", responding: .text("plain body"))
        folder = try TemporaryWorkspace(
            requests: """
                ### before
                # @name before
                < {% (async () => { for (;;) await 0; })(); %}
                GET {{host}}/hang

                ### after
                # @name after
                GET {{host}}/hang

                > {% (async () => { for (;;) await 0; })(); %}

                ### plain
                # @name plain
                GET {{host}}/plain

                """,
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func escStopsAHungPreRequestScriptAndTheNextSendGoesOut() async throws {
        // A limit far beyond the test: the script is stopped by Esc, never by its clock (on a loaded machine the
        // 5 s of CPU could run out before Esc is read).
        let app = try AppHarness(workspace: folder.url, scriptTimeLimit: .seconds(600))
        defer { app.stop() }
        try await app.settle()
        #expect(app.state.openRequest?.selector == "before")
        // Both at once: the send is still being prepared (its script running) when Esc comes.
        try await app.press(.control("r"), .key(.escape))
        #expect(
            app.state.messageLog.contains { $0.text.contains("stopped: the send was canceled") },
            "\(app.state.messageLog.map(\.text))")
        #expect(!server.requests.contains { $0.target == "/hang" })
        try await sendPlain(app)
        try await app.quit()
    }

    @Test func escStopsAHungResponseHandlerAndTheNextSendGoesOut() async throws {
        // A limit far beyond the test: the script is stopped by Esc, never by its clock (on a loaded machine the
        // 5 s of CPU could run out before Esc is read).
        let app = try AppHarness(workspace: folder.url, scriptTimeLimit: .seconds(600))
        defer { app.stop() }
        try await app.settle()
        try await open("after", app)
        app.enqueue(.control("r"))
        // The head is in before the handler runs; the end is handed on only once it ran.
        try await app.waitFor("the head") { [app] in app.state.currentExchange?.head != nil }
        try await app.press(.key(.escape))
        try await app.waitFor("the handler's outcome") { [app] in
            app.state.currentExchange?.scriptOutcomes.isEmpty == false
        }
        let errors = app.state.currentExchange?.scriptOutcomes.compactMap(\.error) ?? []
        #expect(errors.map(\.kind) == [.canceled], "\(errors)")
        try await sendPlain(app)
        try await app.quit()
    }

    /// Opens request `name` with the palette.
    private func open(_ name: String, _ app: AppHarness) async throws {
        try await app.press(.control("p"))
        try await app.type("go to \(name)")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.selector == name, "\(app.screen)")
    }

    /// Opens `plain`, sends it and waits for its body: the engine is free again.
    private func sendPlain(_ app: AppHarness) async throws {
        try await open("plain", app)
        try await app.press(.control("r"))
        try await app.waitFor("the plain response") { [app] in app.state.currentExchange?.response != nil }
        #expect(app.shows("plain body"), "\(app.screen)")
    }
}
