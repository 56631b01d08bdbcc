import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// Copying through the backend: what fits goes out as OSC 52 (recorded by the in-memory backend), what
/// does not is refused in words in the status bar.
@Suite("Clipboard in the app", .serialized)
final class ClipboardAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        let big = String(repeating: "x", count: ClipboardSequence.maximumEncodedCount)
        server.route("/big", responding: .json(#"{"small": "ok", "big": "\#(big)"}"#))
        folder = try TemporaryWorkspace(
            requests: "### Big\n# @name big\nGET {{host}}/big\n", environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func aValueTooLargeForOSC52IsRefusedInWordsAndASmallOneIsCopied() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.shows(" 200 ") }
        try await app.press(.key(.tab), .key(.tab))
        #expect(app.state.panes.focus == .response)
        try await app.press(.character("y"))
        #expect(app.backend.copiedTexts.isEmpty)
        #expect(app.state.message?.isError == true)
        #expect(app.shows("Not copied"), "\(app.screen)")
        try await app.press(.key(.down), .character("y"))
        #expect(app.backend.copiedTexts == ["\"ok\""], "\(app.screen)")
        try await app.quit()
    }
}
