import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The Tests tab: what the send effect posts once a request's scripts ran (`.scriptsFinished`) is kept on the
/// exchange, listed on an 80×24 screen with marks, messages and places, and Enter on a located row opens the
/// request written at that line.
@Suite("Tests tab")
struct ScriptsTabTests {
    let folder: TemporaryWorkspace
    var state: AppState
    let opened: RequestID

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
        opened = try #require(state.openRequest)
        state.response.exchanges[opened] = Exchange(id: .first, requestID: opened)
        state.response.nextSendID = SendID.first.next
    }

    /// A handler's outcome: one test passed, one failed at line 9 of the file (the Post JSON request), a log
    /// line, and an exception at line 10.
    static let outcome: ScriptOutcome = {
        var outcome = ScriptOutcome()
        outcome.tests = [
            ScriptTestResult(
                name: "status is 200", passed: true, message: nil,
                location: ScriptLocation(path: "requests.http", line: 3)),
            ScriptTestResult(
                name: "has a token", passed: false, message: "expected a token",
                location: ScriptLocation(path: "requests.http", line: 9, column: 5)),
        ]
        outcome.log = ["token: \u{1b}[31mred"]
        outcome.error = ScriptError(
            message: "ReferenceError: Can't find variable: nope",
            location: ScriptLocation(path: "requests.http", line: 10),
            kind: .exception)
        return outcome
    }()

    func screen(_ state: AppState) -> [String] {
        var frame = Frame(size: state.size)
        frame.render(WorkbenchView(state: state), area: frame.area)
        return frame.buffer.lines
    }

    @Test func theOutcomesAreKeptOnTheExchangeAndListed() async throws {
        let tester = ReducerTester(state)
        tester.send(.transfer(.first, .scriptsFinished([Self.outcome]))) {
            $0.response.exchanges[opened]?.scriptOutcomes = [Self.outcome]
            $0.report(.error("Script error: requests.http:10: ReferenceError: Can't find variable: nope (Tests tab)"))
        }
        await tester.finish()
        var shown = tester.state
        // Handlers run once the response is in.
        shown.response.exchanges[opened]?.phase = .received(
            HTTPResponse(status: 200, url: try #require(URL(string: "http://127.0.0.1:9/json"))))
        shown.panes.focus = .response
        shown.response.tab = .tests
        shown.response.testsCursor = 1
        let lines = screen(shown)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Tests"), "\(text)")
        #expect(lines.contains { $0.contains("✓ status is 200  requests.http:3") }, "\(text)")
        #expect(lines.contains { $0.contains("✗ has a token — expected a token  requests.http:9:5") }, "\(text)")
        // What a script logs reaches the screen only as visible escapes.
        #expect(lines.contains { $0.contains("log token: \\x1b[31mred") }, "\(text)")
        #expect(lines.contains { $0.contains("error ReferenceError: Can't find variable: nope") }, "\(text)")
    }

    @Test func aReportForAReplacedSendChangesNothing() async throws {
        let tester = ReducerTester(state)
        try tester.send(.transfer(SendID.first.next, .scriptsFinished([Self.outcome])))
        await tester.finish()
    }

    @Test func testsOnlyAreCountedInTheStatusBar() async {
        var outcome = Self.outcome
        outcome.error = nil
        let tester = ReducerTester(state)
        tester.send(.transfer(.first, .scriptsFinished([outcome]))) {
            $0.response.exchanges[opened]?.scriptOutcomes = [outcome]
            $0.report(.error("Tests: 1 passed, 1 failed (Tests tab)"))
        }
        await tester.finish()
    }

    @Test mutating func enterOnALocatedRowOpensTheRequestWrittenThere() async throws {
        state.response.exchanges[opened]?.scriptOutcomes = [Self.outcome]
        state.panes.focus = .response
        state.response.tab = .tests
        let post = try #require(state.workspace.files[0].requests.first { $0.request.name == "post-json" }?.id)
        let tester = ReducerTester(state)
        tester.send(.response(.cursorMoved(.down))) { $0.response.testsCursor = 1 }
        tester.send(.response(.rowActivated)) {
            $0.openRequest = post
            $0.resetURLEditor()
            $0.tree.select(id: .request(post))
            $0.panes.focus = .editor
            $0.report(.info("requests.http:9:5: in \(post)."))
        }
        // The log row has no place: Enter there does nothing.
        await tester.finish()
        var onLog = tester.state
        onLog.panes.focus = .response
        onLog.openRequest = opened
        onLog.response.testsCursor = 2
        let onLogTester = ReducerTester(onLog)
        let effects = onLogTester.send(.response(.rowActivated)) { _ in }
        #expect(effects.isEmpty)
        await onLogTester.finish()
    }

    @Test mutating func aPlaceOutsideTheRequestFilesOpensThatFileInTheEditor() async throws {
        var outcome = ScriptOutcome()
        outcome.error = ScriptError(
            message: "boom", location: ScriptLocation(path: "handlers/check.js", line: 4), kind: .exception)
        state.response.exchanges[opened]?.scriptOutcomes = [outcome]
        state.panes.focus = .response
        state.response.tab = .tests
        let edited = Locked<[(URL, Int)]>([])
        let tester = ReducerTester(
            state, services: AppServices(editFile: { url, line in edited.withLock { $0.append((url, line)) } }))
        let effects = tester.send(.response(.rowActivated)) { _ in }
        guard case .editFile(let url, let line, let reloading)? = effects.first else {
            Issue.record("expected an editFile effect, got \(effects)")
            return
        }
        #expect(url.path == state.workspace.root.appendingPathComponent("handlers/check.js").path)
        #expect(line == 4 && reloading == nil)
        await tester.finish()
        #expect(edited.withLock { $0.map { "\($0.0.lastPathComponent):\($0.1)" } } == ["check.js:4"])
    }
}
