import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The Request tab of a send whose redirect left the origin (another loopback port): the hop's head says
/// which secret header was dropped and why, and the other origin never got it.
@Suite("Request tab shows headers dropped on a redirect", .serialized)
final class SentHeadDroppedAppTests {
    let home: TestHTTPServer
    let away: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        home = try TestHTTPServer()
        away = try TestHTTPServer()
        home.route("/old", responding: .redirect(to: away.baseURL + "/landing"))
        away.route("/landing", responding: .text("ok"))
        folder = try TemporaryWorkspace(
            requests: """
                ### Away
                # @name away
                GET {{host}}/old
                X-Api-Key: {{token}}

                """,
            environments: ["local": home.baseURL],
            extraFiles: ["http-client.private.env.json": #"{ "local": { "token": "tok-SECRET-42" } }"#])
    }

    deinit {
        home.stop()
        away.stop()
    }

    @Test func theHopSaysWhichHeaderItDropped() async throws {
        let app = try AppHarness(workspace: folder.url, width: 180, height: 50)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.state.currentExchange?.response != nil }
        for _ in 0..<4 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("]"), .character("]"), .character("]"))
        #expect(app.state.response.tab == .request)
        let screen = app.screen
        #expect(home.requests.last?.header("X-Api-Key") == "tok-SECRET-42")
        #expect(away.requests.last?.header("X-Api-Key") == nil)
        #expect(app.shows("GET /landing HTTP/1.1"), "\(screen)")
        #expect(
            app.shows("(X-Api-Key dropped: the redirect left \(home.baseURL) for \(away.baseURL))"), "\(screen)")
        #expect(app.shows("X-Api-Key: ••••••"), "\(screen)")
        #expect(!app.shows("tok-SECRET-42"), "\(screen)")
    }
}
