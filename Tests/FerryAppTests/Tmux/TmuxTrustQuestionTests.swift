import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// The real `ferry` binary in tmux, opening a stranger's workspace whose file writes above it: the question is on
/// screen at start with the place, stray keys answer nothing, `y` trusts it in the user's config, and the next
/// start opens without asking.
@Suite("ferry in tmux: the trust question", .serialized)
struct TmuxTrustQuestionTests {
    @Test func theQuestionAtStartTrustsWithYAndIsNotAskedAgain() async throws {
        guard TmuxSession.isAvailable else { return }
        let home = try TemporaryFolder(prefix: "ferry-tmux-trust")
        let repo = home.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try Data("### Write\nGET https://example.invalid/\n\n>>! ../victim.txt\n".utf8)
            .write(to: repo.appendingPathComponent("requests.http"))
        let config = home.url.appendingPathComponent("config")
        func launch() throws -> TmuxSession {
            try TmuxSession(
                command: [FerryProcess.executableURL.path, repo.path], width: 120, height: 30,
                environment: [
                    "SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": home.url.path,
                    "XDG_CONFIG_HOME": config.path,
                ])
        }
        let first = try launch()
        defer { first.kill() }
        try await TmuxWorkbench.waitFor(first, "Trust this workspace?")
        try await TmuxWorkbench.waitFor(first, "write ../victim.txt  (requests.http:4")
        try await first.send("abc\r", literal: true)
        try await first.send("y", literal: true)
        try await TmuxWorkbench.waitFor(first, "Trusted: this workspace's files may read and write outside it")
        try await first.send("C-q")
        try await TmuxWorkbench.waitUntil(first, "ferry to exit") { _ in first.hasExited }
        let store = TrustStore(file: config.appendingPathComponent("ferry/trusted-workspaces.json"))
        #expect(store.isTrusted(repo))

        let second = try launch()
        defer { second.kill() }
        try await TmuxWorkbench.waitFor(second, "F9 trash")
        #expect(try await !second.screen().contains("Trust this workspace?"))
        try await second.send("C-q")
        try await TmuxWorkbench.waitUntil(second, "ferry to exit") { _ in second.hasExited }
    }
}
