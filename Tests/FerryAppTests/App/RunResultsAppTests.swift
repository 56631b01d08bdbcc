import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Running the selected file or folder in the workbench, on an 80×24 in-memory screen against the loopback
/// server: the results arrive one per request with marks, statuses and times, the counts and the latency
/// summary; Enter opens a row's request; Esc cancels a run under way.
@Suite("Runs in the workbench", .serialized)
final class RunResultsAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestServerRoutes.start()
        server.route("/missing", responding: TestResponse(status: 404, headers: [], body: Data("no".utf8)))
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL],
            extraFiles: [
                "api/users.http": """
                ### list
                # @name list
                GET {{host}}/json

                ### gone
                # @name gone
                GET {{host}}/missing

                ### words
                # @name words
                GET {{host}}/text

                """
            ])
    }

    deinit { server.stop() }

    @Test func aFolderRunsAndEachRowOpensItsRequest() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        // The folder api is the first row of the tree.
        try await app.press(.key(.home), .control("g"))
        try await app.waitFor("the run to end") { [app] in app.state.run?.isRunning == false }
        try await app.settle()
        let run = try #require(app.state.run)
        #expect(
            run.results.map(\.id.description) == ["api/users.http#list", "api/users.http#gone", "api/users.http#words"])
        #expect(run.results.map(\.status) == [200, 404, 200])
        #expect(server.requests.count == 3)
        #expect(app.shows("Run api — 2 passed, 1 failed"), "\(app.screen)")
        #expect(app.shows("✓ api/users.http#list  200"), "\(app.screen)")
        #expect(app.shows("✗ api/users.http#gone  404"), "\(app.screen)")
        #expect(app.shows("status 404"), "\(app.screen)")
        #expect(app.shows("min ") && app.shows(" · median ") && app.shows(" · p95 "), "\(app.screen)")
        #expect(app.shows("Run of api: 2 passed, 1 failed"), "\(app.screen)")
        // Enter on the second row opens that request; the view closes.
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.overlay == nil)
        #expect(app.state.openRequest?.description == "api/users.http#gone")
        #expect(app.shows("api/users.http#gone: failed 404 — status 404"), "\(app.screen)")
        // Ctrl-G again (nothing running) runs the request's file once more.
        try await app.press(.control("g"))
        try await app.waitFor("the second run to end") { [app] in app.state.run?.isRunning == false }
        #expect(app.state.run?.id == 2)
        #expect(server.requests.count == 6)
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil, "Esc closes the view of a run that ended")
        try await app.quit()
    }

    @Test func escCancelsARunUnderWay() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        // requests.http: its third request drips for seconds.
        try await app.press(.key(.end))
        app.enqueue(.control("g"))
        try await app.waitFor("the slow request to start") { [server] in
            server.requests.contains { $0.path == "/slow" }
        }
        #expect(app.state.run?.isRunning == true)
        #expect(app.shows("running…"), "\(app.screen)")
        try await app.press(.key(.escape))
        try await app.waitFor("the run to stop") { [app] in app.state.run?.isRunning == false }
        try await app.settle()
        let run = try #require(app.state.run)
        #expect(run.wasCanceled)
        #expect(!server.requests.contains { $0.path == "/text" }, "the request after the canceled one is not sent")
        #expect(app.shows("canceled"), "\(app.screen)")
        // The run ended: Esc now closes the view.
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
        try await app.quit()
    }
}
