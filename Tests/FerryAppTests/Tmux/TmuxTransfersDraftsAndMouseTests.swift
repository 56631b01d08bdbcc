import FerryTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `ferry` binary in tmux against a loopback server and httpbin, beyond the core loop: several
/// requests in flight, each with its own cancel, while typing and moving go on;
/// Ctrl-Q asking first; a `kill -9` leaving a draft that the next launch offers back (title kept, next to a
/// malformed file's error); and the mouse (SGR reports written into the pane as a terminal would) selecting
/// rows, tabs, JSON nodes and scrolling.
@Suite("ferry in tmux: transfers side by side, drafts after a kill, the mouse", .serialized)
struct TmuxTransfersDraftsAndMouseTests {
    static let requests = """
        ### Slow one
        # @name slow
        GET {{host}}/delay/4

        ### Drip
        # @name drip
        GET {{host}}/drip?duration=8&numbytes=80&delay=0

        ### Get
        # @name get
        GET {{host}}/get?from=mouse

        """

    static func launch(_ folder: TemporaryWorkspace, width: Int = 100) async throws -> TmuxSession {
        try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: width, height: 30,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
    }

    @Test func twoTransfersRunAtOnceEachCancelsAloneAndTheScreenKeepsGoing() async throws {
        guard TmuxSession.isAvailable else { return }
        // A loopback server, not httpbin's fixed delays: on a loaded machine the steps between the two sends
        // took longer than httpbin's /delay/4, so the two were never in flight at once. Here the slow one
        // answers only when the test says so, and the drip drips for ten minutes (until Esc cancels it).
        let server = try TestHTTPServer()
        defer { server.stop() }
        let answerSlow = DispatchSemaphore(value: 0)
        defer { answerSlow.signal() }
        // `# @timeout 600 s` takes the place of the 30 s idle limit: the slow one must not time out by itself
        // while a loaded machine walks the steps below.
        server.route("/slow") { _ in
            _ = answerSlow.wait(timeout: .now() + 600)
            return .json(#"{"slow": "answered"}"#)
        }
        server.route(
            "/drip",
            responding: TestResponse(
                status: 200, headers: [("Content-Type", "application/octet-stream")],
                body: Data(repeating: 0x2A, count: 6000)
            ).dripping(1, every: .milliseconds(100)))
        let folder = try TemporaryWorkspace(
            requests: """
                ### Slow one
                # @name slow
                # @timeout 600 s
                GET {{host}}/slow

                ### Drip
                # @name drip
                GET {{host}}/drip?bytes=600

                """,
            environments: ["local": server.baseURL])
        let session = try await Self.launch(folder)
        defer { session.kill() }
        try await session.waitFor("requests.http#slow")

        // Send the slow one, then, while it waits, open the drip and send it too.
        try await session.send("C-r")
        try await session.waitFor("1 in flight")
        try await session.send("j")
        try await session.send("Enter")
        try await session.waitFor("requests.http#drip")
        try await session.send("C-r")
        try await session.waitFor("2 in flight")

        // Typing goes on during both transfers: the URL field takes the keys at once.
        try await session.send("End")
        try await session.send("&typed=1", literal: true)
        // Still sending while typing: both on one capture.
        try await session.waitForScreen(showing: ["bytes=600&typed=1", "2 in flight"])

        // Esc cancels the open one (the drip) at once; the slow one carries on and answers.
        try await session.send("Escape")
        try await session.waitFor("Canceled", timeout: .seconds(90))
        try await session.send("Tab")
        try await session.send("Tab")
        try await session.send("k")
        try await session.send("Enter")
        // The slow request was not canceled with the drip: still in flight, then it answers.
        try await session.waitForScreen(showing: ["requests.http#slow", "1 in flight"])
        answerSlow.signal()
        try await session.waitForScreen(showing: [" 200  OK", "answered"], hiding: ["Canceled  "])

        // Ctrl-Q asks first (the drip's URL is unsaved); n stays, Ctrl-Q twice quits.
        try await session.send("C-q")
        try await session.waitFor("Quit?")
        try await session.send("n")
        try await session.waitUntil("the question to close", timeout: .seconds(90)) { !$0.contains("Quit?") }
        #expect(!session.hasExited)
        try await session.send("C-q")
        try await session.waitFor("Quit?")
        try await session.send("C-q")
        try await session.waitUntil("ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
    }

    @Test func aKilledRunLeavesADraftTheNextLaunchOffersBack() async throws {
        guard let httpbin = try TestServers.httpbinURL(), TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(requests: Self.requests, environments: ["local": httpbin])
        do {
            let session = try await Self.launch(folder)
            defer { session.kill() }
            try await session.waitFor("requests.http#slow")
            try await session.send("Tab")
            try await session.send("End")
            try await session.send("?kept=yes", literal: true)
            try await session.waitFor("● unsaved")
            try await session.waitUntil("the draft on disk", timeout: .seconds(90)) { _ in
                (try? folder.read(".ferry/drafts/requests%2Ehttp%23slow.http").contains("kept=yes")) == true
            }
            let found = try await session.programPID()
            let pid = try #require(found, "no ferry process in the pane")
            #expect(kill(pid, SIGKILL) == 0)
            try await session.waitUntil("ferry to die", timeout: .seconds(90)) { _ in session.hasExited }
            #expect(session.exitStatus == 137)
        }
        #expect(!(try folder.read("requests.http").contains("kept=yes")))

        // A malformed file appears meanwhile: its error and the restored draft are both reported.
        try folder.write("x-broken.http", "GET\n")
        // Wide enough for both messages in the status bar (a narrower one cuts the line at its edge).
        let again = try await Self.launch(folder, width: 200)
        defer { again.kill() }
        // All on one capture: a capture can catch a frame half drawn.
        try await again.waitForScreen(showing: [
            "Restored unsaved edits of 1 request", "x-broken.http:1:4: expected a URL", "GET {{host}}/delay/4?kept=yes",
            "slow ●",
        ])
        // The rest of the workspace works, and saving the draft keeps the request's ### title.
        try await again.send("C-s")
        try await again.waitFor("Saved requests.http")
        let saved = try folder.read("requests.http")
        #expect(saved.hasPrefix("### Slow one\n# @name slow\nGET {{host}}/delay/4?kept=yes\n"), "\(saved)")
        try await again.send("C-q")
        try await again.waitUntil("ferry to exit", timeout: .seconds(90)) { _ in again.hasExited }
    }

    @Test func theMouseSelectsRowsAndTabsAndScrolls() async throws {
        guard let httpbin = try TestServers.httpbinURL(), TmuxSession.isAvailable else { return }
        let folder = try TemporaryWorkspace(requests: Self.requests, environments: ["local": httpbin])
        let session = try await Self.launch(folder)
        defer { session.kill() }
        try await session.waitFor("requests.http#slow")

        // A click on a request's row opens it.
        try await session.click(on: "GET  get")
        try await session.waitFor("requests.http#get")
        try await session.send("C-r")
        try await session.waitFor("from: \"mouse\"")
        // A click on a response tab shows it (and focuses the response pane).
        try await session.click(on: "Headers", below: "Response")
        try await session.waitFor("Content-Type: application/json")
        try await session.waitFor("┏ Response")
        try await session.click(on: "Timing", below: "Response")
        try await session.waitFor("Remote")
        try await session.click(on: "Body", below: "Response")
        try await session.waitFor("args: {")
        // A JSON node: the first click selects it, a click on the selected node collapses it (with its count).
        try await session.click(on: "▾ args")
        try await session.click(on: "▾ args")
        try await session.waitFor("▸ args: {…}  1 key")
        // The wheel over the tree moves its selection; a click on an editor tab selects the tab.
        try await session.click(on: "GET  slow")
        try await session.waitFor("requests.http#slow")
        try await session.scroll(down: true, over: "GET  slow")
        // A wheel step moves three rows (clamped at the last): Enter opens what it reached.
        try await session.send("Enter")
        try await session.waitFor("requests.http#get")
        try await session.click(on: "Headers", below: "requests.http#")
        try await session.waitFor("No headers.")
        try await session.send("C-q")
        try await session.waitUntil("ferry to exit", timeout: .seconds(90)) { _ in session.hasExited }
        #expect(session.exitStatus == 0)
    }
}

// MARK: - Driving the pane as a terminal would

extension TmuxSession {
    /// The pid of the program in the pane (the pane's shell runs it as its child, `env` having exec'd it).
    fileprivate func programPID() async throws -> pid_t? {
        let panes = try await TmuxSession.run(["-L", name, "list-panes", "-t", name, "-F", "#{pane_pid}"])
        guard let shell = Int32(panes.output.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// Writes an SGR mouse report into the pane, as a terminal does (`send-keys -H`: raw bytes).
    fileprivate func sendMouse(button: Int, x: Int, y: Int, press: Bool) async throws {
        let report = "\u{1B}[<\(button);\(x + 1);\(y + 1)\(press ? "M" : "m")"
        let hex = report.utf8.map { String(format: "%02x", $0) }
        let result = try await TmuxSession.run(["-L", name, "send-keys", "-t", name, "-H"] + hex)
        guard result.status == 0 else { throw TmuxError("tmux send-keys -H failed: \(result.output)") }
    }

    /// Where `text` is on the screen (cell column and row), the first match below the row holding `anchor`.
    fileprivate func locate(_ text: String, below anchor: String? = nil) async throws -> (x: Int, y: Int) {
        var found: (x: Int, y: Int)?
        try await waitUntil("\"\(text)\" on the screen", timeout: .seconds(90)) { screen in
            let rows = screen.components(separatedBy: "\n")
            let start = anchor.flatMap { anchor in rows.firstIndex { $0.contains(anchor) } } ?? 0
            for (y, row) in rows.enumerated() where y >= start {
                if let range = row.range(of: text) {
                    found = (row.distance(from: row.startIndex, to: range.lowerBound) + 1, y)
                    return true
                }
            }
            return false
        }
        guard let found else { throw TmuxError("\"\(text)\" not found") }
        return found
    }

    /// A left click on `text` (the first match below `anchor`).
    fileprivate func click(on text: String, below anchor: String? = nil) async throws {
        let cell = try await locate(text, below: anchor)
        try await sendMouse(button: 0, x: cell.x, y: cell.y, press: true)
        try await sendMouse(button: 0, x: cell.x, y: cell.y, press: false)
    }

    /// One wheel step over `text`.
    fileprivate func scroll(down: Bool, over text: String) async throws {
        let cell = try await locate(text)
        try await sendMouse(button: down ? 65 : 64, x: cell.x, y: cell.y, press: true)
    }
}
