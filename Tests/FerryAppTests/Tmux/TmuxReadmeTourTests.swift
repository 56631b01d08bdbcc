import FerryTestSupport
import Foundation
import Testing

/// The README's short tour, walked key by key on the real binary in tmux over a copy of `Collections/` whose
/// `local` environment points at httpbin: if a step of the tour stops matching the keys, this fails.
@Suite("ferry in tmux: the README tour", .serialized)
struct TmuxReadmeTourTests {
    /// A copy of the sample collections, `local` pointing at `httpbin`.
    static func collections(httpbin: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "ferry-tour")
        let source = TestServers.packageRoot.appendingPathComponent("Collections")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
        }
        let environments = folder.url.appendingPathComponent("http-client.env.json")
        let text = try String(contentsOf: environments, encoding: .utf8)
            .replacingOccurrences(of: "http://127.0.0.1:18080", with: httpbin)
        try text.write(to: environments, atomically: true, encoding: .utf8)
        return folder
    }

    @Test func theTourMatchesTheKeys() async throws {
        guard TmuxSession.isAvailable, let httpbin = try TestServers.httpbinURL() else {
            print("TmuxReadmeTourTests: skipped (no tmux or no httpbin)")
            return
        }
        let folder = try Self.collections(httpbin: httpbin)
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 30,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await session.waitFor("requests.http")

        // 1. /search, Enter, Enter opens it; Ctrl-R sends it; the keyboard is in the URL field.
        try await session.send("/")
        try await session.send("search", literal: true)
        try await session.send("Enter")
        try await session.send("Enter")
        try await session.waitFor("basics/requests.http#search")
        try await session.send("C-r")
        try await session.waitFor(" 200 ")

        // 2. Tab to the response; / with .args lists matches; ] moves to the Headers tab.
        try await session.send("Tab")
        try await session.send("/")
        try await session.send(".args", literal: true)
        try await session.send("Enter")
        try await session.waitFor("for .args")
        try await session.send("]")
        try await session.waitFor("Content-Type")

        // 3. Ctrl-E switches the environment (bottom left); F2 picks one by name.
        try await session.send("C-e")
        try await session.waitFor(" staging ")
        try await session.send("F2")
        try await session.send("local", literal: true)
        try await session.send("Enter")
        try await session.waitForScreen(showing: [" local "], hiding: [" staging "])

        // 4. Tab to the tree, /slow, Enter, Enter opens transfers → slow; Ctrl-R, and Esc cancels it.
        try await session.send("Tab")
        try await session.send("/")
        try await session.send("slow", literal: true)
        try await session.send("Enter")
        try await session.send("Enter")
        try await session.waitFor("transfers/transfers.http#slow")
        try await session.send("C-r")
        try await session.waitFor("Esc cancels")
        try await session.send("Escape")
        try await session.waitFor("Canceled")

        // 5. F6 opens the history; Esc closes it.
        try await session.send("F6")
        try await session.waitFor("History")
        try await session.send("Escape")
        try await session.waitForScreen(showing: ["transfers/transfers.http#slow"], hiding: ["History (Enter"])

        // 6. An edit of the URL is a draft; the palette's Discard changes takes it back after asking.
        try await session.send("End")
        try await session.send("&tour=1", literal: true)
        try await session.waitFor("● unsaved")
        try await session.send("C-p")
        try await session.send("discard changes", literal: true)
        try await session.send("Enter")
        try await session.waitFor("Discard your changes?")
        try await session.send("y")
        try await session.waitForScreen(showing: ["Discarded the edits"], hiding: ["● unsaved"])

        try await session.send("C-q")
        try await session.waitUntil("ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
    }
}
