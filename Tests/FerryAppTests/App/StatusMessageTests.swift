import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Every worded error on an 80×24 in-memory terminal: on the status bar's one row (cut with `…` when longer,
/// the panes never pushed up), in the error colour, whole in F10's list of the session's errors, and cleared on
/// the next send. Transport errors in the response pane wrap there whole.
@Suite("Status messages: one row, whole in F10", .serialized)
final class StatusMessageTests {
    let server: TestHTTPServer
    let folder: TemporaryWorkspace
    /// Answers a TLS client in plain text.
    let plain: ImmediateReplyServer

    init() throws {
        server = try TestHTTPServer()
        plain = try ImmediateReplyServer(reply: "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        server.route("/late", responding: TestResponse.text("late").delayed(by: .seconds(3)))
        server.route(
            "/broken",
            responding: TestResponse.text(String(repeating: "partial line\n", count: 200))
                .aborted(.closeAfter(bodyBytes: 1300)))
        let tlsURL = "https://127.0.0.1:\(plain.port)"
        folder = try TemporaryWorkspace(
            requests: """
                ### DNS
                # @name dns
                GET http://ferry-status-test.invalid/x

                ### Refused
                # @name refused
                GET http://127.0.0.1:1/x

                ### TLS
                # @name tls
                GET \(tlsURL)/x

                ### Timeout
                # @name timeout
                # @timeout 300 ms
                GET {{host}}/late

                ### Bad JSON
                # @name badjson
                POST {{host}}/echo
                Content-Type: application/json

                {"name": , "list": [1, 2}

                ### Unresolved
                # @name unresolved
                GET {{host}}/{{nope}}

                ### Broken
                # @name broken
                GET {{host}}/broken

                """,
            environments: ["local": server.baseURL],
            extraFiles: ["x-broken.http": "GET\n"])
    }

    deinit { server.stop() }

    // MARK: - Helpers

    /// `text` with runs of spaces (and the breaks of wrapped rows) as one space.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// The status bar's rows on screen, joined as one text.
    private static func statusBarText(_ app: AppHarness) -> String {
        let bar = app.state.layout.statusBar
        let lines = app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return collapsed(lines[bar.y..<min(lines.count, bar.bottom)].joined(separator: " "))
    }

    /// The response pane's content rows on screen, inside its borders, joined as one text.
    private static func responseText(_ app: AppHarness) -> String {
        let content = app.state.layout.responseContent
        let grid = app.backend.grid
        var rows: [String] = []
        for y in content.y..<content.bottom {
            rows.append(String((content.x..<content.right).map { grid[$0, y].character }))
        }
        return collapsed(rows.joined(separator: " "))
    }

    /// Expects the current message on the status bar's one row (cut with `…` when longer, in the error colour),
    /// and whole in F10's list of the session's errors; returns it.
    @discardableResult
    private func expectWholeError(
        _ app: AppHarness, containing part: String, wholeInF10: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> String {
        let message = try #require(app.state.message, "no message\n\(app.screen)", sourceLocation: sourceLocation)
        #expect(message.isError, sourceLocation: sourceLocation)
        #expect(message.text.contains(part), "\(message.text)", sourceLocation: sourceLocation)
        let bar = app.state.layout.statusBar
        #expect(bar.height == 1, "the bar stays one row\n\(app.screen)", sourceLocation: sourceLocation)
        let shown = Self.statusBarText(app)
        let start = Self.collapsed(String(message.text.prefix(20)))
        #expect(shown.contains(start), "\(shown)", sourceLocation: sourceLocation)
        if !shown.contains(Self.collapsed(message.text)) {
            #expect(shown.contains("…"), "a cut message ends in …: \(shown)", sourceLocation: sourceLocation)
        }
        // The first word of the message is drawn in the error colour.
        let firstWord = String(message.text.split(separator: " ").first ?? "")
        let grid = app.backend.grid
        let errorColour = app.state.theme[.statusBar].patched(with: app.state.theme[.error]).fg
        let row = String((0..<grid.size.width).map { grid[$0, bar.y].character })
        if let range = row.range(of: " " + firstWord) {
            let x = row.distance(from: row.startIndex, to: range.lowerBound) + 1
            #expect(grid[x, bar.y].style.fg == errorColour, sourceLocation: sourceLocation)
        } else {
            Issue.record("\(firstWord) not in the status bar\n\(app.screen)", sourceLocation: sourceLocation)
        }
        // F10 lists it whole, then Esc gives the workbench back with the message still there.
        try await app.press(.function(10))
        let whole = wholeInF10 ?? message.text
        if wholeInF10 == nil {
            #expect(app.state.messageLog.last?.text == whole, sourceLocation: sourceLocation)
        }
        // Every word of it is in the list (its rows wrap inside the dialog).
        let listed = Set(app.screen.split(whereSeparator: { " │┃\n".contains($0) }).map(String.init))
        let missing = whole.split(separator: " ").map(String.init).filter { !listed.contains($0) }
        #expect(
            missing.isEmpty, "not whole in F10 (\(missing)):\n\(whole)\n\(app.screen)", sourceLocation: sourceLocation)
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil, sourceLocation: sourceLocation)
        return message.text
    }

    /// Expects the failed send's message whole in the response pane (wrapped, not cut) and returns it.
    @discardableResult
    private func expectWholeTransferError(
        _ app: AppHarness, containing part: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> String {
        guard case .failed(let message) = app.state.currentExchange?.phase else {
            Issue.record("the send did not fail\n\(app.screen)", sourceLocation: sourceLocation)
            return ""
        }
        #expect(message.contains(part), "\(message)", sourceLocation: sourceLocation)
        #expect(
            Self.responseText(app).contains(Self.collapsed(message)), "cut:\n\(message)\n\(app.screen)",
            sourceLocation: sourceLocation)
        return message
    }

    /// Opens the next request in the tree (focusing the tree first).
    private func open(_ app: AppHarness, _ name: String) async throws {
        for _ in 0..<3 where app.state.panes.focus != .tree { try await app.press(.key(.tab)) }
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == name, "\(app.screen)")
    }

    // MARK: - Every error path

    @Test func everyWordedErrorIsOnOneRowAndWholeInF10At80x24() async throws {
        let app = try AppHarness(workspace: folder.url)
        defer { app.stop() }
        try await app.settle()
        #expect(app.backend.size == Size(width: 80, height: 24))

        // A malformed file, at launch.
        // F10 lists the problem itself.
        let malformed = try await expectWholeError(
            app, containing: "(F10 lists it), first: x-broken.http:1:4",
            wholeInF10: "x-broken.http:1:4: expected a URL after GET")
        #expect(malformed.count > 60)

        // DNS.
        #expect(app.state.openRequest?.selector == "dns")
        try await app.press(.control("r"))
        try await expectWholeTransferError(app, containing: "ferry-status-test.invalid")
        #expect(app.state.message == nil, "the message clears on the next send, as before")

        // Connection refused.
        try await open(app, "refused")
        try await app.press(.control("r"))
        try await expectWholeTransferError(app, containing: "refused")

        // TLS to a plain-HTTP port.
        try await open(app, "tls")
        try await app.press(.control("r"))
        try await expectWholeTransferError(app, containing: "TLS")

        // Timeout.
        try await open(app, "timeout")
        try await app.press(.control("r"))
        try await expectWholeTransferError(app, containing: "raise the timeout")

        // An invalid JSON body, refused before sending.
        try await open(app, "badjson")
        let sentBefore = server.requests.count
        try await app.press(.control("r"))
        let json = try await expectWholeError(app, containing: "Fix it in the Body tab")
        #expect(json.count > 80, "longer than one row: \(json)")
        #expect(server.requests.count == sentBefore)

        // An unresolved variable, refused before sending.
        try await open(app, "unresolved")
        try await app.press(.control("r"))
        let unresolved = try await expectWholeError(app, containing: "Ctrl-E switches environment")
        #expect(unresolved.count > 80, "longer than one row: \(unresolved)")

        // A transfer broken off mid-body: the error wrapped whole above what had arrived.
        try await open(app, "broken")
        try await app.press(.control("r"))
        let broken = try await expectWholeTransferError(app, containing: "ended early")
        #expect(broken.count > app.state.layout.responseContent.width, "longer than the pane: \(broken)")
        #expect(app.shows("partial line"), "\(app.screen)")

        // The workbench keeps running: the panes never moved.
        #expect(app.shows("Requests"))
        #expect(app.shows("Response"))
        try await app.quit()
    }

    @Test func anOverlongMessageEndsInAnEllipsisRatherThanACleanCut() async throws {
        var state = try folder.loadState(size: Size(width: 40, height: 12))
        state.message = .init(text: String(repeating: "word ", count: 80) + "END", isError: true)
        #expect(state.layout.statusBar.height == 1, "never wrapped: the panes keep their rows")
        var buffer = ScreenBuffer(size: state.size)
        StatusBarView(state: state).render(into: &buffer, area: state.layout.statusBar)
        let last = buffer.lines[state.layout.statusBar.bottom - 1]
        #expect(last.trimmingCharacters(in: .whitespaces).hasSuffix("…"), "\(buffer.lines)")
    }
}
