import FerryTerminal
import FerryWorkbench
import Testing

@testable import FerryApp

/// The trust question on its own: y trusts (the root gives the files full access, an effect records it), n or Esc
/// keeps safe mode (an effect records the answer), Enter answers nothing, and the list scrolls within its lines.
struct TrustFeatureTests {
    let context = TrustFeature.Context(page: 3)
    let question = TrustFeature.State(
        outside: [
            OutsideReference(
                location: SourceLocation(file: "api/a.http", line: 4), kind: .writes, path: "../../victim.txt",
                reason: "/home/u/victim.txt is outside the workspace"),
            OutsideReference(
                location: SourceLocation(file: "api/a.http", line: 9), kind: .reads, path: "~/.ssh/id_rsa",
                reason: "outside the workspace"),
        ],
        scripts: [ScriptedFile(path: "api/a.http", preRequestScripts: 1, responseHandlers: 2)],
        keyMap: ".ferry/keys.conf")

    @Test func theQuestionSaysWhatTrustingAllowsAndWhichScriptsRun() {
        let text = question.lines.joined(separator: "\n")
        #expect(text.contains("write ../../victim.txt  (api/a.http:4"))
        #expect(text.contains("read ~/.ssh/id_rsa  (api/a.http:9"))
        #expect(text.contains("change your keys with .ferry/keys.conf"))
        #expect(text.contains("api/a.http: 1 pre-request script, 2 response handlers"))
    }

    @Test func yesTrustsThroughTheRootAndRecordsIt() {
        var open: TrustFeature.State? = question
        let output = TrustFeature.reduce(.confirmed, &open, context)
        #expect(open == nil)
        // The root gives the access and records it (RootRequest.trustWorkspace queues FileWork.trust).
        #expect(output.requests == [.trustWorkspace])
        #expect(output.effects.isEmpty)
    }

    @Test func noKeepsSafeModeAndRecordsTheAnswer() {
        var open: TrustFeature.State? = question
        let output = TrustFeature.reduce(.dismissed, &open, context)
        #expect(open == nil)
        #expect(!output.requests.contains(.trustWorkspace))
        #expect(output.requests.first == .onFiles(.keepInSafeMode))
        #expect(output.effects.isEmpty)
    }

    @Test func scrollingStaysWithinTheLinesAndAnswersNothing() {
        var open: TrustFeature.State? = question
        for _ in 0..<50 { _ = TrustFeature.reduce(.cursorMoved(.down), &open, context) }
        #expect(open?.scroll == question.lines.count - 1)
        _ = TrustFeature.reduce(.cursorMoved(.home), &open, context)
        #expect(open?.scroll == 0)
        var closed: TrustFeature.State?
        #expect(TrustFeature.reduce(.confirmed, &closed, context).requests.isEmpty)
        #expect(TrustFeature.reduce(.dismissed, &closed, context).effects.isEmpty)
    }

    @Test func theRouterGivesTheQuestionItsKeysAndEnterAnswersNothing() async throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        state.overlay = .trust(question)
        state.session.access = .confined
        #expect(state.keyContexts == [.trust])
        func action(_ key: KeyEvent) -> String? { InputRouter.action(for: .key(key), in: state).map { "\($0)" } }
        #expect(
            action(KeyEvent(.character("y"))) == "overlay(FerryApp.OverlayAction.trust(FerryApp.TrustAction.confirmed))"
        )
        #expect(
            action(KeyEvent(.character("n"))) == "overlay(FerryApp.OverlayAction.trust(FerryApp.TrustAction.dismissed))"
        )
        #expect(action(KeyEvent(.escape)) == "overlay(FerryApp.OverlayAction.trust(FerryApp.TrustAction.dismissed))")
        #expect(action(KeyEvent(.enter)) == nil)
        // Typing other letters answers nothing.
        for letter in "abtqx" { #expect(action(KeyEvent(.character(letter))) == nil, "\(letter)") }
        let store = TrustStore(file: folder.url.appendingPathComponent(".ferry/trusted-workspaces.json"))
        let tester = ReducerTester(state, services: AppServices(trustStore: store))
        var scrolled = question
        scrolled.scroll = 1
        tester.press(.key(.down)) { $0.overlay = .trust(scrolled) }
        tester.press(.character("y")) {
            $0.overlay = nil
            $0.session.access = .trusted
            $0.report(.info("Trusted: this workspace's files may read and write outside it (kept in your config)."))
        }
        await tester.finish()
        #expect(store.isTrusted(tester.state.workspace.root))
    }
}
