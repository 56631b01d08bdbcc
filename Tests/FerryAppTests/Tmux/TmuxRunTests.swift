import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux runs the selected folder against the loopback server and lists each
/// request's result with the counts and the latency summary; L load tests it, live, and Ctrl-Q quits over the
/// run view.
@Suite("ferry in tmux: runs of a folder", .serialized)
struct TmuxRunTests {
    @Test func ctrlGRunsTheSelectedFolder() async throws {
        guard TmuxSession.isAvailable else { return }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/users", responding: .json(#"[{"id": 1}]"#))
        server.route("/users/1", responding: .json(#"{"id": 1}"#))
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL],
            extraFiles: [
                "api/users.http":
                    "### list\n# @name list\nGET {{host}}/users\n\n### one\n# @name one\nGET {{host}}/users/1\n"
            ])
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        // The folder api is the first row.
        try await session.send("Home")
        try await session.send("C-g")
        let screen = try await TmuxWorkbench.waitFor(session, "Run api — 2 passed, 0 failed")
        #expect(screen.contains("✓ api/users.http#list  200"), "\(screen)")
        #expect(screen.contains("✓ api/users.http#one  200"), "\(screen)")
        #expect(screen.contains("median"), "\(screen)")
        #expect(server.requests.map(\.path) == ["/users", "/users/1"])
        try await session.send("Escape")
        try await TmuxWorkbench.waitUntil(session, "the run view to close") { !$0.contains("Run api —") }
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }

    @Test func lLoadTestsTheSelectedFolderAndCtrlQQuitsOverTheView() async throws {
        guard TmuxSession.isAvailable else { return }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/users", responding: .json(#"[{"id": 1}]"#))
        let folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL],
            extraFiles: ["api/users.http": "### list\n# @name list\nGET {{host}}/users\n"])
        let session = try TmuxWorkbench.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("Home")
        try await session.send("L")
        try await TmuxWorkbench.waitFor(session, "Load test api")
        for _ in 0..<5 { try await session.send("BSpace") }
        try await session.send("1s 2", literal: true)
        try await session.send("Enter")
        let screen = try await TmuxWorkbench.waitFor(session, "Load of api: ")
        #expect(screen.contains("Load api, closed: 2 senders for 1 s"), "\(screen)")
        #expect(screen.contains("p50 ") && screen.contains("█"), "\(screen)")
        #expect(screen.contains("✓ api/users.http#list"), "\(screen)")
        #expect(server.requests.count > 1 && server.requests.allSatisfy { $0.path == "/users" })
        // The run view is still open: Ctrl-Q quits over it.
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }
}
