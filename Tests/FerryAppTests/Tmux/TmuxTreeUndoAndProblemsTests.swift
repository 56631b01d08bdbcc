import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// The real `ferry` binary in tmux: a search typed after `/` filters the tree and changes no file; `d` on a folder then
/// `u` leaves the workspace exactly as it was; a broken `keys.conf` and theme are counted at start-up and listed by
/// F10, while the rest of them applies.
@Suite("ferry in tmux: tree filter, undo and start-up problems", .serialized)
struct TmuxTreeUndoAndProblemsTests {
    static func launch(_ folder: TemporaryWorkspace, environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 110, height: 32,
            environment: [
                "SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path,
            ].merging(environment) { _, new in new })
    }

    @Test func aSearchTypedAfterSlashFiltersAndChangesNoFile() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        let before = try TreeUndoTests.files(in: folder.url)
        let session = try Self.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("/")
        try await session.send("dyn", literal: true)
        try await TmuxWorkbench.waitFor(session, "/dyn")
        // The other command letters too, typed into the filter.
        try await session.send("axmrfiYu", literal: true)
        try await TmuxWorkbench.waitFor(session, "/dynaxmrfiYu")
        // Esc closes the filter line (the filter stays), Esc in the tree clears the filter.
        try await session.send("Escape")
        try await TmuxWorkbench.waitFor(session, "Nothing matches.")
        try await session.send("Escape")
        try await TmuxWorkbench.waitUntil(session, "the filter to clear") {
            !$0.contains("/dynaxmrfiYu") && $0.contains("users.http")
        }
        #expect(try TreeUndoTests.files(in: folder.url) == before)
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
        #expect(try TreeUndoTests.files(in: folder.url) == before)
    }

    @Test func dOnAFolderThenUndoRestoresTheWorkspaceExactly() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        try folder.write("api/README.txt", "kept beside the requests\n")
        let before = try TreeUndoTests.files(in: folder.url)
        let session = try Self.launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        // The folder api is the first row.
        try await session.send("Home")
        try await session.send("d")
        try await TmuxWorkbench.waitFor(session, "Copied to api copy.")
        #expect(folder.exists("api copy/README.txt") && folder.exists("api copy/users.http"))
        try await session.send("u")
        try await TmuxWorkbench.waitFor(session, "Undone: the copy of api")
        #expect(try TreeUndoTests.files(in: folder.url) == before)
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }

    @Test func aBrokenKeyMapAndThemeAreCountedAndListed() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TmuxWorkbench.workspace()
        let keys = Array("ctrl+g = help.show\n# caf".utf8) + [0xE9] + Array("\n".utf8)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(".ferry"), withIntermediateDirectories: true)
        try Data(keys).write(to: folder.url.appendingPathComponent(".ferry/keys.conf"))
        let themes = try TemporaryFolder(prefix: "ferry-themes")
        try themes.write(
            "mine.json",
            "{\n  \"name\": \"mine\",\n  \"colors\": {\n    \"text\": \"#12345\",\n    \"error\": \"red\"\n  }\n}\n")
        try themes.write("zz-broken.json", "{ \"name\": \"zz\", \"colors\": { \"text\": red } }\n")
        // The workspace's own key map applies once the user trusts the workspace (as `ferry trust` records it).
        let config = try TemporaryFolder(prefix: "ferry-config")
        try TrustStore(file: config.url.appendingPathComponent("ferry/trusted-workspaces.json"))
            .trust(Workspace.load(at: folder.url))
        let session = try Self.launch(
            folder,
            environment: [
                "FERRY_THEMES": themes.url.path, "FERRY_THEME": "mine", "XDG_CONFIG_HOME": config.url.path,
            ])
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "3 problems (F10 lists them)")
        try await session.send("F10")
        try await TmuxWorkbench.waitUntil(session, "the whole list") {
            $0.contains("3 problems at start-up") && $0.contains(".ferry/keys.conf:2:6: not UTF-8 text")
                && $0.contains("mine.json:4:13: role \"text\"") && $0.contains("zz-broken.json:1:37: is not valid JSON")
        }
        try await session.send("Escape")
        try await TmuxWorkbench.waitUntil(session, "the list to close") { !$0.contains("problems at start-up") }
        // The key map's good line applies.
        try await session.send("C-g")
        try await TmuxWorkbench.waitFor(session, "Help — keys")
        try await session.send("Escape")
        try await TmuxWorkbench.waitUntil(session, "the help to close") { !$0.contains("Help — keys") }
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }
}
