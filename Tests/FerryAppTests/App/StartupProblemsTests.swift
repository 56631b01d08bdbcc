import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// On the real loop: every problem found at start-up — in each request file, the environment file,
/// `keys.conf` (a line that is not UTF-8 included) and the theme — is counted in the status bar and listed
/// with its place by F10 (and the palette), while the rest loads and works.
@Suite("Start-up problems", .serialized)
final class StartupProblemsTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: [
                "a-broken.http": "GET\n",
                "b-broken.http": "### fine\nGET https://example.com/ok\n\n### bad\nGET\n",
            ])
        var keys = Array("ctrl+g = help.show\n# caf".utf8) + [0xE9] + Array("\nctrl+b = palette.shwo\n".utf8)
        keys += Array("ctrl+o = palette.show\n".utf8)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(".ferry"), withIntermediateDirectories: true)
        try Data(keys).write(to: folder.url.appendingPathComponent(".ferry/keys.conf"))
    }

    private let themeProblem = ThemeError(path: "Themes/mine.json", line: 4, column: 13, reason: "role \"text\": bad")

    /// Launches on the folder; `trusted` records it in a trust store first (a workspace's own `keys.conf` applies
    /// only then).
    private func launch(trusted: Bool = true) async throws -> AppHarness {
        let store = TrustStore(file: folder.url.appendingPathComponent(".trust/trusted-workspaces.json"))
        if trusted { try store.trust(Workspace.load(at: folder.url)) }
        let app = try AppHarness(
            workspace: folder.url, width: 120, height: 30, themeProblems: [themeProblem], trustStore: store)
        try await app.settle()
        return app
    }

    @Test func everyProblemIsCountedListedWithItsPlaceAndTheRestLoads() async throws {
        let app = try await launch()
        defer { app.stop() }
        let problems = app.state.problems.map(\.description)
        #expect(
            problems == [
                "a-broken.http:1:4: expected a URL after GET",
                "b-broken.http:5:4: expected a URL after GET",
                ".ferry/keys.conf:2:6: not UTF-8 text; the line is skipped",
                ".ferry/keys.conf:3:10: unknown action \"palette.shwo\"",
                "Themes/mine.json:4:13: role \"text\": bad",
            ], "\(problems)")
        #expect(app.shows("5 problems (F10 lists them), first: a-broken.http:1:4"), "\(app.screen)")
        try await app.press(.key(.function(10)))
        for problem in problems { #expect(app.shows(problem), "\(problem)\n\(app.screen)") }
        #expect(app.shows("5 problems at start-up; the rest loaded"))
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
        // The rest loaded: the good request of a broken file, and the key-map lines around the bad ones.
        #expect(app.state.workspace.requests.contains { $0.request.title == "fine" })
        try await app.press(.control("g"))
        #expect(app.state.overlay == .help(scroll: 0), "the line before the bad one applies\n\(app.screen)")
        try await app.press(.key(.escape), .control("o"))
        guard case .palette = app.state.overlay else {
            Issue.record("the line after the bad ones applies\n\(app.screen)")
            return
        }
        // The palette runs it too.
        try await app.type("Problems")
        try await app.press(.key(.enter))
        #expect(app.state.overlay == .problems(scroll: 0), "\(app.screen)")
        try await app.press(.key(.escape))
        try await app.quit()
    }

    @Test func aBrokenEnvironmentFileIsListedToo() async throws {
        try folder.write("http-client.env.json", "{\n  \"local\": { \"host\": }\n}\n")
        let app = try await launch()
        defer { app.stop() }
        #expect(
            app.state.problems.contains { $0.file == "http-client.env.json" && $0.line == 2 },
            "\(app.state.problems)")
        try await app.quit()
    }

    @Test func anUntrustedWorkspacesKeyMapIsListedAndNotApplied() async throws {
        let app = try await launch(trusted: false)
        defer { app.stop() }
        #expect(
            app.state.problems.contains {
                $0.description.hasPrefix(".ferry/keys.conf: not applied while the workspace is not trusted")
            }, "\(app.state.problems)")
        #expect(!app.state.problems.contains { $0.description.contains("palette.shwo") })
        // None of its bindings is in force: Ctrl-G still runs, as by default.
        #expect(app.state.keyMap == AppKeyMap.defaults)
        // The question at start says trusting would apply it.
        #expect(
            app.state.trustQuestion?.lines.contains { $0.contains("change your keys with .ferry/keys.conf") } == true)
        try await app.quit()
    }

    @Test func noKeyMapFileCanTakeQuitHelpOrEscAway() async throws {
        try folder.write(
            ".ferry/keys.conf", "ctrl+q = none\nf1 = none\nesc = none\n[tree]\nesc = none\nctrl+q = request.send\n")
        let app = try await launch()
        defer { app.stop() }
        let reserved = app.state.problems.filter { $0.description.contains("cannot be changed by a key-map file") }
        #expect(reserved.map(\.line) == [1, 2, 3, 5, 6], "\(app.state.problems)")
        try await app.press(.key(.function(1)))
        #expect(app.state.overlay == .help(scroll: 0), "\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil, "\(app.screen)")
        try await app.quit()
    }
}
