import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// A run's rows open what the run did, on an 80×24 in-memory screen against the loopback server: Enter on a
/// request's row shows the exchange the run made (body, headers, Tests tab) without sending again; a failed
/// test's row and a script error's row (located) open the line they point at.
@Suite("Exchanges of a run in the workbench", .serialized)
final class RunExchangeAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestServerRoutes.start()
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": server.baseURL],
            extraFiles: [
                "checks/checks.http": """
                ### profile
                # @name profile
                GET {{host}}/json

                > {%
                  client.test("is bob", function () { client.assert(response.body.user.name === "bob", "got " + response.body.user.name); });
                  client.log("count " + response.body.count);
                %}

                ### broken
                # @name broken
                GET {{host}}/text

                > {%
                  throw new Error("handler broke");
                %}

                """
            ])
    }

    deinit { server.stop() }

    /// Runs the folder `checks` (the tree's first row) and waits for the end.
    private func runChecks(_ app: AppHarness) async throws {
        try await app.press(.key(.home), .control("g"))
        try await app.waitFor("the run to end") { [app] in app.state.run?.isRunning == false }
        try await app.settle()
    }

    @Test func enterOnARowShowsTheRunsExchangeWithoutSendingAgain() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await runChecks(app)
        #expect(server.requests.count == 2)
        let run = try #require(app.state.run)
        #expect(run.results.map(\.id.selector) == ["profile", "broken"])
        #expect(run.results.allSatisfy { $0.exchange != nil })
        // The first row is the profile request's result.
        try await app.press(.key(.enter))
        try await app.waitFor("the body to be prepared") { [app] in app.state.currentExchange?.body.isJSON == true }
        try await app.settle()
        #expect(app.state.overlay == nil)
        #expect(app.state.openRequest?.selector == "profile")
        #expect(app.state.currentExchange?.response?.status == 200)
        #expect(server.requests.count == 2, "Enter shows the run's exchange; it sends nothing")
        #expect(app.shows("\"ada\""), "\(app.screen)")
        #expect(app.shows("profile: failed 200"), "\(app.screen)")
        // Headers, Timing, Request, then Tests: the run's test and log, as a send shows them.
        try await app.press(.character("]"))
        #expect(app.shows("application/json"), "\(app.screen)")
        try await app.press(.character("]"), .character("]"), .character("]"))
        #expect(app.state.response.tab == .tests)
        #expect(app.shows("✗ is bob — got ada"), "\(app.screen)")
        #expect(app.shows("log count 2"), "\(app.screen)")
        try await app.quit()
    }

    @Test func aFailedTestAndAScriptErrorOpenTheirLines() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        try await runChecks(app)
        let run = try #require(app.state.run)
        #expect(run.rows == [.result(0), .failedTest(0, 0), .result(1), .scriptError(1, 0)])
        let error = try #require(run.results.last?.scriptErrors.first)
        #expect(error.message.contains("handler broke"), "\(error)")
        #expect(error.location?.line == 15, "the throw's line in checks.http: \(error)")
        #expect(app.shows("error "), "\(app.screen)")
        #expect(app.shows("handler broke"), "\(app.screen)")
        #expect(app.shows("checks.http:15"), "the script error is located\n\(app.screen)")
        // Enter on the script error (the last row) opens the request written there.
        try await app.press(.key(.end), .key(.enter))
        #expect(app.state.overlay == nil)
        #expect(app.state.openRequest?.selector == "broken")
        #expect(app.state.panes.focus == .editor)
        // Ctrl-G runs the file again; Enter on the failed test (the second row) opens the test's line.
        try await app.press(.control("g"))
        try await app.waitFor("the second run to end") { [app] in app.state.run?.isRunning == false }
        try await app.settle()
        try await app.press(.key(.home), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "profile")
        #expect(app.shows("in checks/checks.http#profile"), "\(app.screen)")
        try await app.quit()
    }
}
