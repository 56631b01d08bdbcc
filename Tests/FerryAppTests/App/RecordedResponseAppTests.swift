import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The history's recorded responses in the whole app: rows named after their requests, an entry opened
/// shows the response it recorded, and after a restart each request shows its last response unsent.
@Suite("Recorded responses", .serialized)
final class RecordedResponseAppTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace

    init() throws {
        server = try TestServerRoutes.start()
        let counter = AttemptCounter()
        server.route("/count") { _ in .json(#"{"send": \#(counter.next() + 1)}"#) }
        folder = try TemporaryWorkspace(
            requests: "### Count\n# @name count\nGET {{host}}/count\n\n" + TemporaryWorkspace.sampleRequests,
            environments: ["local": server.baseURL])
    }

    deinit { server.stop() }

    private func launch() async throws -> AppHarness {
        let harness = try AppHarness(workspace: folder.url)
        try await harness.settle()
        return harness
    }

    @Test func historyRowsAreNamedAndAnEntryOpensWithTheResponseItRecorded() async throws {
        let app = try await launch()
        defer { app.stop() }
        try await app.press(.control("r"))
        try await app.press(.control("r"))
        #expect(app.shows("send: 2"), "\(app.screen)")
        try await app.press(.key(.down), .key(.enter), .control("r"))
        #expect(app.state.openRequest?.selector == "get-json")
        try await app.press(.function(6))
        #expect(app.shows("200 GET    get-json"), "\(app.screen)")
        #expect(app.shows("200 GET    count"))
        // The oldest entry (the first send of count): its response comes back, not the latest one.
        let sent = server.requests.count
        try await app.press(.key(.end), .key(.enter))
        #expect(app.state.overlay == nil)
        #expect(app.state.openRequest?.selector == "count")
        #expect(app.shows("send: 1"), "\(app.screen)")
        #expect(app.state.message?.text.contains("The response recorded at") == true)
        #expect(server.requests.count == sent)
        // The entry is whole: its timing and the request as it was sent, on their tabs.
        let exchange = try #require(app.state.currentExchange)
        #expect(exchange.response?.timing?.total ?? .zero > .zero, "the history line's timing")
        #expect(exchange.sent?.targetDescription.hasSuffix("/count") == true)
        for _ in 0..<3 where app.state.panes.focus != .response { try await app.press(.key(.tab)) }
        #expect(app.state.panes.focus == .response)
        try await app.press(.character("]"), .character("]"))
        #expect(app.state.response.tab == .timing, "\(app.state.response.tab)")
        #expect(!app.shows("measured no timing") && app.shows("Waiting"), "\(app.screen)")
        try await app.press(.character("]"))
        #expect(app.state.response.tab == .request)
        #expect(app.shows("GET ") && app.shows("/count"), "\(app.screen)")
        try await app.quit()
    }

    @Test func afterARestartEachRequestShowsItsLastResponseWithoutSending() async throws {
        let first = try await launch()
        // Two sends, each waited for: a second Ctrl+R while the first is in flight cancels it.
        try await first.press(.control("r"))
        try await first.press(.control("r"))
        try await first.press(.key(.down), .key(.enter), .control("r"))
        #expect(first.shows("name: \"ada\""), "\(first.screen)")
        try await first.quit()
        first.stop()

        let sent = server.requests.count
        let app = try await launch()
        defer { app.stop() }
        try await app.waitFor("the recorded response of the open request") { [app] in
            app.state.currentExchange?.response?.status == 200
        }
        #expect(app.state.openRequest?.selector == "count")
        // The recorded body is prepared off the loop after the exchange is set: wait for it on the screen.
        try await app.waitFor("the recorded body on the screen") { [app] in app.shows("send: 2") }
        #expect(app.shows(" 200  OK"))
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "get-json")
        #expect(app.shows("name: \"ada\""), "\(app.screen)")
        #expect(server.requests.count == sent)
        try await app.quit()
    }
}
