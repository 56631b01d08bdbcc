import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The workbench and `ferry send` send a saved request through one pipeline (FerryWorkbench's RequestSender
/// over FerryHTTP's transfer), so what works in one works in the other: a value captured from an earlier
/// response (`{{login.response.body.$.token}}`), and a cookie set on a redirect hop of a login.
@Suite("One send pipeline, workbench and ferry send", .serialized)
final class SendPipelineAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        server.route("/login", responding: .json(#"{"token": "t-123"}"#))
        server.route("/me") { request in .text(request.header("Authorization") ?? "(none)") }
        // A login answered with a redirect that sets the session cookie; the page it leads to echoes the
        // Cookie header that hop got.
        server.route("/sign-in") { _ in
            var response = TestResponse.redirect(to: "/home", status: 303)
            response.headers.append((name: "Set-Cookie", value: "sid=hop-1; Path=/"))
            return response
        }
        server.route("/home") { request in .text(request.header("Cookie") ?? "(none)") }
        folder = try TemporaryWorkspace(
            requests: """
                ### login
                # @name login
                POST {{host}}/login

                ### me
                # @name me
                GET {{host}}/me
                Authorization: Bearer {{login.response.body.$.token}}

                ### sign-in
                # @name sign-in
                POST {{host}}/sign-in

                """,
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    /// What the server saw for its `index`-th request's path `path` (the last one with that path).
    private func lastRequest(to path: String) -> RecordedRequest? {
        server.requests.last { $0.target == path }
    }

    @Test func theWorkbenchChainsALoginTokenIntoTheNextRequest() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the login's response") { app.state.currentExchange?.response?.status == 200 }
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "me")
        try await app.press(.control("r"))
        try await app.waitFor("the chained response") { app.state.currentExchange?.response != nil }
        #expect(lastRequest(to: "/me")?.header("Authorization") == "Bearer t-123")
        #expect(app.shows("Bearer t-123"), "\(app.screen)")
        try await app.quit()
    }

    @Test func yCopiesAChainedRequestWithTheTokenOfTheLoginsResponse() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the login's response") { app.state.currentExchange?.response?.status == 200 }
        try await app.press(.key(.down), .key(.enter), .key(.tab, modifiers: .shift))
        #expect(app.state.openRequest?.selector == "me")
        #expect(app.state.panes.focus == .tree)
        try await app.press(.character("Y"))
        let command = try #require(app.backend.copiedTexts.last, "\(app.screen)")
        #expect(command.contains("Authorization: Bearer t-123"), "\(command)")
        #expect(app.shows("Copied requests.http#me as a curl command."), "\(app.screen)")
        try await app.quit()
    }

    @Test func aCookieSetOnALoginsRedirectHopReachesTheNextHopFromTheWorkbenchAndFerrySend() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "sign-in")
        try await app.press(.control("r"))
        try await app.waitFor("the page after the login") { app.state.currentExchange?.response?.status == 200 }
        #expect(lastRequest(to: "/home")?.header("Cookie") == "sid=hop-1")
        try await app.quit()

        // The same request from the command line, with a fresh jar: the same cookie on the same hop.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".ferry/cookies"))
        let output = try await FerryProcess.run(["send", "sign-in", "--env", "local"], currentDirectory: folder.url)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text == "sid=hop-1")
        #expect(lastRequest(to: "/home")?.header("Cookie") == "sid=hop-1")
    }

    @Test func theRealBinaryChainsAndKeepsRedirectCookiesInTmux() async throws {
        guard TmuxSession.isAvailable else { return }
        let session = try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 100, height: 30,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
        defer { session.kill() }
        try await session.waitFor("requests.http#login")
        try await session.send("C-r")
        try await session.waitFor(" 200 ")
        try await session.send("j")
        try await session.send("Enter")
        try await session.waitFor("requests.http#me")
        try await session.send("C-r")
        try await session.waitFor("Bearer t-123")
        #expect(lastRequest(to: "/me")?.header("Authorization") == "Bearer t-123")
        // Opening a request focuses its URL: Shift-Tab goes back to the tree.
        try await session.send("BTab")
        try await session.send("j")
        try await session.send("Enter")
        try await session.waitFor("requests.http#sign-in")
        try await session.send("C-r")
        try await session.waitFor("sid=hop-1")
        #expect(lastRequest(to: "/home")?.header("Cookie") == "sid=hop-1")
        try await session.send("C-q")
        try await session.waitUntil("ferry to exit", timeout: .seconds(20)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
    }
}
