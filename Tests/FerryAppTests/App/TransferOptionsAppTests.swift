import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The Options tab's TLS verification and retries: set from the picker, saved as `# @directives`, sent
/// through FerryHTTP, and shown (an unverified response says so in its status line and Request tab).
@Suite("Transfer options in the app", .serialized)
final class TransferOptionsAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        // Busy for the first attempt (asking for an immediate retry), then fine.
        TestServerRoutes.routeBusyOnce("/flaky", on: server, retryAfter: 0)
        folder = try TemporaryWorkspace(
            requests: """
                ### Flaky
                # @name flaky
                GET {{host}}/flaky

                """,
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func tlsVerificationAndRetriesAreSetSavedSentAndShown() async throws {
        let app = try AppHarness(workspace: folder.url, width: 100, height: 40)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab), .control("t"), .control("t"), .control("t"), .control("t"))
        #expect(app.state.editor.tab == .options)
        #expect(app.shows("TLS verification  on"), "\(app.screen)")

        try await app.press(.key(.down))
        try await app.type("TLS")
        try await app.press(.key(.enter))
        #expect(app.state.currentRequest?.directives.insecure == true)
        #expect(app.shows("TLS verification  off (@insecure)"), "\(app.screen)")

        try await app.press(.key(.down))
        try await app.type("Retries")
        try await app.press(.key(.enter))
        try await app.type("many")
        try await app.press(.key(.enter))
        #expect(app.state.message?.isError == true, "a count that is not a number is refused")
        try await app.press(.key(.down))
        try await app.type("Retries")
        try await app.press(.key(.enter))
        try await app.type("2")
        try await app.press(.key(.enter))
        #expect(app.state.currentRequest?.directives.retries == 2)
        #expect(app.shows("Retries           2 (@retries)"), "\(app.screen)")

        try await app.press(.control("s"))
        let file = try folder.read("requests.http")
        #expect(file.contains("# @insecure\n") && file.contains("# @retries 2\n"), "\(file)")

        // Sent: the 503 is retried, the 200 shown, and the status line says TLS was not verified.
        try await app.press(.control("r"))
        try await app.waitFor("the retried response") { app.shows(" 200 ") }
        #expect(server.requests.count == 2)
        #expect(app.shows("⚠ TLS not verified"), "\(app.screen)")
        try await app.press(.key(.tab), .character("]"), .character("]"), .character("]"))
        #expect(app.state.response.tab == .request)
        #expect(app.shows("⚠ TLS certificate not verified (# @insecure)"), "\(app.screen)")
        #expect(app.shows("up to 2 retries (# @retries)"))

        // Turning verification back on removes the directive.
        try await app.press(.key(.tab), .key(.tab), .key(.down))
        try await app.type("Verify")
        try await app.press(.key(.enter))
        #expect(app.state.currentRequest?.directives.insecure == false, "\(app.screen)")
        try await app.quit()
    }
}

extension TransferOptionsAppTests {
    @Test func anUnverifiedRequestShowsItEvenInASmallTerminal() async throws {
        let app = try AppHarness(workspace: folder.url)  // 80×24: the Options tab packs every option in its rows
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.tab), .control("t"), .control("t"), .control("t"), .control("t"), .key(.down))
        try await app.type("TLS")
        try await app.press(.key(.enter))
        #expect(app.shows("TLS verification off (@insecure)"), "\(app.screen)")
        #expect(app.shows("Retries none (@retries)"), "\(app.screen)")
        #expect(app.shows("History logged"), "the last option too\n\(app.screen)")
        try await app.quit()
    }
}
