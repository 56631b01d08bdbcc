import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The harness's loop thread holds the app, never the harness: a harness a test forgot to stop is freed when
/// released, and its `deinit` stops the loop instead of leaving it (and its transport) running for the rest of
/// the process; `stop()` and `quit()` still end it.
@Suite("The app harness's lifetime", .serialized)
struct AppHarnessLifetimeTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
    }

    @Test func aHarnessReleasedWithoutStopIsFreedAndStopsItsLoop() async throws {
        var harness: AppHarness? = try AppHarness(workspace: folder.url)
        try await harness?.settle()
        let app = try #require(harness?.app)
        weak let released = harness
        #expect(!app.loop.isStopRequested)
        harness = nil
        #expect(released == nil, "the loop's thread still holds the harness")
        #expect(app.loop.isStopRequested)
    }

    @Test func stopAndQuitStillEndTheLoop() async throws {
        let stopped = try AppHarness(workspace: folder.url)
        try await stopped.settle()
        stopped.stop()
        #expect(stopped.app.loop.isStopRequested)
        let quit = try AppHarness(workspace: folder.url)
        defer { quit.stop() }
        try await quit.settle()
        try await quit.quit()
        #expect(quit.state.isFinished)
    }
}
