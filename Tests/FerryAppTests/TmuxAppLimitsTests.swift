import FerryTestSupport
import Foundation
import Testing

/// The real `ferry` binary in tmux for the three limits issue #7 left: a history entry opens its request
/// after the request's folder was renamed; F9 lists the trash and restores a folder, refusing to overwrite;
/// a folder's unsaved edits go to the trash with it and come back with it. No server is needed: a send
/// to a closed port is recorded in the history as a failure. Waits are async polls with a deadline.
@Suite("ferry in tmux: history after moves, trash, drafts", .serialized)
struct TmuxAppLimitsTests {
    static func launch(_ folder: TemporaryWorkspace) throws -> TmuxSession {
        try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 110, height: 32,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
    }

    static func workspace() throws -> TemporaryWorkspace {
        try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: [
                "api/users.http":
                    "### list\n# @name list\nGET {{host}}/users\n\n### one\n# @name one\nGET {{host}}/users/1\n"
            ])
    }

    /// Polls the screen (and `condition`) until it holds, sleeping between looks without blocking a thread.
    @discardableResult
    static func waitUntil(
        _ session: TmuxSession, _ what: String, timeout: Duration = .seconds(15), _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let screen = try await session.screen()
            if condition(screen) { return screen }
            if ContinuousClock.now > deadline {
                Issue.record("timed out waiting for \(what); screen:\n\(screen)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @discardableResult
    static func waitFor(_ session: TmuxSession, _ text: String, timeout: Duration = .seconds(15)) async throws
        -> String
    {
        try await waitUntil(session, "\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    @Test func aHistoryEntryOpensItsRequestAfterTheFolderWasRenamed() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try Self.workspace()
        let session = try Self.launch(folder)
        defer { session.kill() }
        // The first request (api/users.http#list) is open: send it to the closed port.
        try await Self.waitFor(session, "api/users.http#list")
        try await session.send("C-r")
        try await Self.waitFor(session, "refused")
        // The history line names the request by its stable id, not by its path.
        try await Self.waitUntil(session, "the history line") { _ in
            (try? folder.read(".ferry/history.jsonl"))?.contains(#""requestPath":"api/users.http#list""#) == true
        }
        let line = try folder.read(".ferry/history.jsonl")
        #expect(!line.contains(#""requestID":"api/"#), "\(line)")
        // Rename the folder api → v2 from the tree.
        try await session.send("Home")
        try await session.send("r")
        try await Self.waitFor(session, "Rename the folder api")
        try await session.send("BSpace", "BSpace", "BSpace")
        try await session.send("v2", literal: true)
        try await session.send("Enter")
        try await Self.waitFor(session, "Moved api to v2.")
        try await session.send("F6")
        try await Self.waitFor(session, "History (Enter opens")
        try await session.send("Enter")
        let screen = try await Self.waitFor(session, "sent as api/users.http#list")
        #expect(screen.contains("Opened v2/users.http#list"), "\(screen)")
        try await session.send("C-q")
        try await Self.waitUntil(session, "ferry to exit", timeout: .seconds(5)) { _ in session.hasExited }
    }
}
