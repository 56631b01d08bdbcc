import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Load testing from the workbench, on an 80×24 in-memory screen against the loopback server: L asks how long
/// and how hard, the run view shows the load live (progress, rate, percentiles, the latency histogram), then
/// each request's median time and errors; Esc stops a load early and keeps what it measured.
@Suite("Load tests in the workbench", .serialized)
final class LoadTestAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    let list = RequestID(path: "api/users.http", selector: "list")

    init() throws {
        server = try TestServerRoutes.start()
        server.route("/missing", responding: TestResponse(status: 404, headers: [], body: Data("no".utf8)))
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL],
            extraFiles: [
                "api/users.http":
                    "### list\n# @name list\nGET {{host}}/json\n\n### gone\n# @name gone\nGET {{host}}/missing\n"
            ])
    }

    deinit { server.stop() }

    /// Moves the tree's selection down from the top to `row`.
    private func select(_ row: CollectionNode, in app: AppHarness) async throws {
        try await app.press(.key(.home))
        for _ in 0..<12 where app.state.tree.selectedID != row { try await app.press(.key(.down)) }
        try #require(app.state.tree.selectedID == row, "\(app.screen)")
    }

    /// Answers the load prompt with `spec` (in place of the suggested `10s 4`) without waiting for the load.
    private func answer(_ spec: String, in app: AppHarness) async throws {
        try await app.press(Array(repeating: .key(KeyEvent(.backspace)), count: 5) + InputEvent.typing(spec))
        app.enqueue(.key(.enter))
        try await app.waitFor("the load to start") { [app] in app.state.run?.load != nil }
    }

    @Test func aRequestIsLoadedAloneForTheTimeAskedAndItsLatencyShown() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await select(.request(list), in: app)
        try await app.press(.character("L"))
        #expect(app.shows("Load test api/users.http#list"), "\(app.screen)")
        try await answer("1s 2", in: app)
        try await app.waitFor("the load to end") { [app] in app.state.run?.isRunning == false }
        try await app.settle()
        let run = try #require(app.state.run)
        let progress = try #require(run.loadProgress)
        #expect(progress.count > 0 && progress.errors == 0 && progress.latency.count == progress.count)
        #expect(run.results.map(\.id) == [list] && run.results.map(\.outcome) == [.passed])
        #expect(server.requests.count >= progress.count)
        #expect(server.requests.allSatisfy { $0.target == "/json" }, "only the selected request is sent")
        #expect(app.shows("Load api/users.http#list, closed: 2 senders for 1 s"), "\(app.screen)")
        #expect(app.shows("\(progress.count) requests · 0 errors"), "\(app.screen)")
        #expect(app.shows("p50 ") && app.shows(" · p99 ") && app.shows(" · max "), "\(app.screen)")
        #expect(app.shows("█"), "the histogram is drawn: \(app.screen)")
        #expect(app.shows("✓ api/users.http#list  —  median "), "\(app.screen)")
        #expect(app.shows("Load of api/users.http#list: \(progress.count) requests, 0 errors"), "\(app.screen)")
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil, "Esc closes the view of a load that ended")
        try await app.quit()
    }

    @Test func aFolderIsLoadedAndItsErrorsCountedByKind() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await select(.folder("api"), in: app)
        try await app.press(.character("L"))
        try await answer("1s 1", in: app)
        try await app.waitFor("the load to end") { [app] in app.state.run?.isRunning == false }
        try await app.settle()
        let run = try #require(app.state.run)
        #expect(run.results.map(\.id.selector) == ["list", "gone"])
        #expect(run.results.map(\.outcome) == [.passed, .failed])
        #expect(run.results.last?.message?.contains("failed: status 404 ×") == true, "\(run.results)")
        #expect(app.state.message?.isError == true && app.shows("Load of api: "), "\(app.screen)")
        try await app.quit()
    }

    @Test func escStopsALoadUnderWayAndKeepsWhatItMeasured() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await select(.request(list), in: app)
        try await app.press(.character("L"))
        try await answer("5m 1", in: app)
        try await app.waitFor("the first second's figures") { [app] in app.state.run?.loadProgress != nil }
        #expect(app.shows("Esc stops the load"), "\(app.screen)")
        app.enqueue(.key(.escape))
        try await app.waitFor("the load to stop") { [app] in app.state.run?.isRunning == false }
        try await app.settle()
        let run = try #require(app.state.run)
        #expect(run.wasCanceled && (run.loadProgress?.count ?? 0) > 0)
        #expect(run.results.map(\.id) == [list], "what it measured is kept")
        #expect(app.shows("Load of api/users.http#list stopped: "), "\(app.screen)")
        try await app.quit()
    }
}
