import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The Timing tab says what the HTTP cache did for a `# @cache` request, as `ferry send --timing` does: on an
/// in-memory 80×24 screen against the loopback server, the first send is fetched, the second answered
/// from the cache without reaching the server.
@Suite("Timing tab shows the cache status", .serialized)
final class CacheTimingAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestHTTPServer()
        var fresh = TestResponse.text("cached body")
        fresh.headers.append(("Cache-Control", "max-age=600"))
        server.route("/fresh", responding: fresh)
        folder = try TemporaryWorkspace(
            requests: "### Fresh\n# @name fresh\n# @cache\nGET {{host}}/fresh\n",
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    @Test func theTimingTabSaysFetchedThenFromCache() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.control("r"))
        try await app.waitFor("the first response") { [app] in
            app.state.currentExchange?.response?.timing?.cacheStatus == .miss
        }
        for _ in 0..<4 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        try await app.press(.character("]"), .character("]"))
        #expect(app.state.response.tab == .timing)
        #expect(app.shows("Cache     fetched"), "\(app.screen)")
        #expect(!app.shows("from cache"), "\(app.screen)")

        try await app.press(.control("r"))
        try await app.waitFor("the response from the cache") { [app] in
            app.state.currentExchange?.response?.timing?.cacheStatus == .hit
        }
        try await app.settle()
        #expect(app.state.response.tab == .timing)
        #expect(app.shows("Cache     from cache (nothing sent)"), "\(app.screen)")
        #expect(server.requests.filter { $0.path == "/fresh" }.count == 1)
        try await app.quit()
    }
}
