import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The Request tab shows the head libcurl wrote (its own fields included), with credentials, cookies and
/// secret variables masked.
@Suite("Request tab shows the sent head", .serialized)
final class SentHeadAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        server.route("/old", responding: .redirect(to: "/echo"))
        folder = try TemporaryWorkspace(
            requests: """
                ### Wire
                # @name wire
                GET {{host}}/old
                Authorization: Basic ada s3cret
                X-Api-Key: {{token}}
                Cookie: session=abc123; theme=dark

                """,
            environments: ["local": server.baseURL],
            extraFiles: ["http-client.private.env.json": #"{ "local": { "token": "tok-SECRET-42" } }"#])
    }

    deinit { server.stop() }

    @Test func theRequestTabShowsEveryHeaderAsSentWithSecretsMasked() async throws {
        let app = try AppHarness(workspace: folder.url, width: 120, height: 50)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.state.currentExchange?.response != nil }
        for _ in 0..<4 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("]"), .character("]"), .character("]"))
        #expect(app.state.response.tab == .request)
        let recorded = server.requests
        #expect(recorded.map(\.path) == ["/old", "/echo"])
        let screen = app.screen
        // Both hops, as the server read them.
        #expect(app.shows("GET /old HTTP/1.1"), "\(screen)")
        #expect(app.shows("GET /echo HTTP/1.1"), "\(screen)")
        #expect(app.shows("# request 1 of 2"), "\(screen)")
        // libcurl's own fields, with the values the server received.
        let host = try #require(recorded.last?.header("Host"))
        let agent = try #require(recorded.last?.header("User-Agent"))
        #expect(app.shows("Host: \(host)"), "\(screen)")
        #expect(app.shows("User-Agent: \(agent)"), "\(screen)")
        #expect(app.shows("Accept: */*"), "\(screen)")
        // Secrets masked; the server did get them.
        #expect(recorded.last?.header("Authorization") == "Basic " + Data("ada:s3cret".utf8).base64EncodedString())
        #expect(recorded.last?.header("X-Api-Key") == "tok-SECRET-42")
        #expect(app.shows("Authorization: Basic ••••••"), "\(screen)")
        #expect(app.shows("X-Api-Key: ••••••"), "\(screen)")
        #expect(app.shows("Cookie: session=••••••; theme=••••••"), "\(screen)")
        #expect(!app.shows("tok-SECRET-42"))
        #expect(!app.shows("abc123"))
        #expect(!app.shows(Data("ada:s3cret".utf8).base64EncodedString()))
        try await app.quit()
    }
}

extension SentHeadAppTests {
    @Test func aFailedSendStillShowsWhatWasSent() async throws {
        server.route("/reset", responding: TestResponse.text("never").aborted(.resetImmediately))
        let broken = try TemporaryWorkspace(
            requests: "### Broken\n# @name broken\nGET {{host}}/reset\nAuthorization: Bearer tok-XYZ-123\n",
            environments: ["local": server.baseURL])
        let app = try AppHarness(workspace: broken.url, width: 120, height: 40)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the failure") {
            if case .failed = app.state.currentExchange?.phase { return true }
            return false
        }
        for _ in 0..<4 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("]"), .character("]"), .character("]"))
        #expect(app.state.response.tab == .request)
        let agent = try #require(server.requests.first?.header("User-Agent"))
        #expect(app.shows("GET /reset HTTP/1.1"), "\(app.screen)")
        #expect(app.shows("User-Agent: \(agent)"), "\(app.screen)")
        #expect(app.shows("Authorization: Bearer ••••••"), "\(app.screen)")
        #expect(!app.shows("tok-XYZ-123"))
        try await app.quit()
    }
}
