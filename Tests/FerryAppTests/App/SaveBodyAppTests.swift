import FerryApp
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// Saving a response body to a file, and the new-request flow, in the whole app on an 80×24 in-memory
/// terminal with a loopback server.
@Suite("Save body and new request", .serialized)
final class SaveBodyAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    let spill: TemporaryFolder
    /// 20,000 numbered lines (240,000 bytes): past the memory limit below, so the body spills to a file.
    static let bigText = (1...20_000).map { String(format: "line %06d", $0) }.joined(separator: "\n") + "\n"

    init() throws {
        server = try TestServerRoutes.start()
        server.route("/big-text", responding: .text(Self.bigText))
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests + "\n### Big\n# @name big\nGET {{host}}/big-text\n",
            environments: ["local": server.baseURL])
        spill = try TemporaryFolder(prefix: "ferry-spill")
    }

    deinit { server.stop() }

    private func launch() async throws -> AppHarness {
        let harness = try AppHarness(
            workspace: folder.url,
            limits: ResponseLimits(memoryLimit: 64 * 1024, previewBytes: 16 * 1024, spillFolder: spill.url))
        try await harness.settle()
        return harness
    }

    @Test func sInTheResponseSavesTheBodyAndAsksBeforeReplacingAFile() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.key(.enter), .control("r"), .key(.tab))
        #expect(app.state.panes.focus == .response)
        #expect(app.shows("user: {"), "\(app.screen)")
        try await app.press(.character("s"))
        #expect(app.shows("Save the body (62 B)"), "\(app.screen)")
        #expect(app.shows("json.json"))
        try await app.press(.key(.enter))
        let body = #"{"user": {"name": "ada", "langs": ["swift", "c"]}, "count": 2}"#
        #expect(try folder.read("json.json") == body)
        #expect(app.shows("Saved the body (62 B)"), "\(app.screen)")
        // The same name again: the file is kept and the prompt asks.
        try folder.write("json.json", "mine")
        try await app.press(.character("s"), .key(.enter))
        #expect(app.shows("json.json exists: Enter replaces it"), "\(app.screen)")
        #expect(try folder.read("json.json") == "mine")
        #expect(app.state.message?.isError == true)
        // Enter on the same name replaces it; no temporary file is left beside it.
        try await app.press(.key(.enter))
        #expect(try folder.read("json.json") == body)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("ferry-") }
        #expect(left.isEmpty, "\(left)")
        try await app.quit()
    }

    @Test func oAndShiftOShowTheBodyInThePagerAndTheEditorFromAPrivateFileThatGoesAfterwards() async throws {
        let shown = Shown()
        let app = try AppHarness(
            workspace: folder.url,
            showFile: { file, viewer in
                let folder = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
                shown.record(
                    file, viewer, try String(contentsOf: file, encoding: .utf8),
                    (folder[.posixPermissions] as? Int) ?? 0)
            },
            limits: ResponseLimits(memoryLimit: 64 * 1024, previewBytes: 16 * 1024, spillFolder: spill.url))
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab), .key(.tab), .character("o"))
        #expect(app.shows("No response to show yet"), "\(app.screen)")
        try await app.press(.key(.tab), .key(.enter), .control("r"), .key(.tab))
        #expect(app.shows("user: {"), "\(app.screen)")
        try await app.press(.character("o"))
        try await app.waitFor("the pager's turn") { shown.count == 1 }
        let paged = try #require(shown.last)
        #expect(paged.viewer == .pager && paged.file.lastPathComponent == "json.json")
        #expect(paged.text == #"{"user": {"name": "ada", "langs": ["swift", "c"]}, "count": 2}"#)
        #expect(paged.permissions == 0o700, "the folder is the user's alone")
        try await app.settle()
        #expect(!FileManager.default.fileExists(atPath: paged.file.deletingLastPathComponent().path), "it goes after")
        // A body spilled to a file is shown whole, in the editor.
        try await app.press([.key(.tab), .key(.end), .key(.enter), .control("r"), .key(.tab)])
        #expect(app.shows("Too large to show whole"), "\(app.screen)")
        #expect(app.state.panes.focus == .response)
        try await app.press(.character("O"))
        try await app.waitFor("the editor's turn") { shown.count == 2 }
        #expect(shown.last?.viewer == .editor && shown.last?.text == Self.bigText)
        try await app.quit()
    }

    @Test func aSpilledBodyIsSavedWholeFromItsFileThroughThePalette() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press([.key(.end), .key(.enter), .control("r")])
        #expect(app.shows("Too large to show whole"), "\(app.screen)")
        try await app.press(.control("p"))
        try await app.type("save the body")
        try await app.press(.key(.enter))
        #expect(app.shows("Save the body (234.4 KB)"), "\(app.screen)")
        // A path of its own, in a folder that does not exist yet.
        try await app.press(Array(repeating: .key(.backspace), count: 20))
        try await app.type("out/big.txt")
        try await app.press(.key(.enter))
        #expect(try folder.read("out/big.txt") == Self.bigText, "\(app.screen)")
        try await app.quit()
    }

    @Test func savingIsRefusedWithoutAResponseAndInsideTheStateFolder() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.control("p"))
        try await app.type("save the body")
        try await app.press(.key(.enter))
        #expect(app.state.overlay == nil)
        #expect(app.shows("No response to save yet"), "\(app.screen)")
        try await app.press(.control("r"))
        try await app.press(.key(.tab), .key(.tab), .character("s"))
        try await app.press(Array(repeating: .key(.backspace), count: 20))
        try await app.type(".ferry/x.json")
        try await app.press(.key(.enter))
        #expect(app.state.message?.text.hasPrefix("Not inside .ferry/") == true, "\(app.screen)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".ferry/x.json").path))
        // The prompt stays for another path; Esc closes it.
        try await app.press(.key(.escape))
        try await app.quit()
    }

    @Test func aNewRequestOpensWithTheKeyboardInItsURL() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.character("a"))
        try await app.type("fresh")
        try await app.press(.key(.enter))
        #expect(app.state.openRequest?.selector == "fresh", "\(app.screen)")
        #expect(app.state.panes.focus == .editor)
        try await app.type("users")
        #expect(app.state.currentRequest?.url == "{{host}}/users", "\(app.screen)")
        try await app.quit()
    }
}

/// What the pager or editor was handed, recorded from the runner's thread.
private final class Shown: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: [(file: URL, viewer: ExternalViewer, text: String, permissions: Int)] = []

    func record(_ file: URL, _ viewer: ExternalViewer, _ text: String, _ permissions: Int) {
        lock.withLock { shown.append((file, viewer, text, permissions)) }
    }

    var count: Int { lock.withLock { shown.count } }
    var last: (file: URL, viewer: ExternalViewer, text: String, permissions: Int)? { lock.withLock { shown.last } }
}
