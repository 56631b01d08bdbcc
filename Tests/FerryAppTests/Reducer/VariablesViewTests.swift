import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The variables view in the reducer: F12 lists the active environment's variables at once (the private
/// file's secrets masked, each with its `file:line`), the effect reads the session's script globals and posts
/// them, and they are listed under the environment's, masked when they hold a secret value.
@Suite("Variables view")
struct VariablesViewTests {
    let folder: TemporaryWorkspace
    let state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: [:],
            extraFiles: [
                "http-client.env.json":
                    "{\n  \"local\": {\n    \"host\": \"http://127.0.0.1:9\",\n    \"user\": \"ada\"\n  }\n}\n",
                "http-client.private.env.json": "{\n  \"local\": {\n    \"password\": \"hunter22\"\n  }\n}\n",
            ])
        var state = try folder.loadState(size: Size(width: 100, height: 24))
        state.environment = "local"
        self.state = state
    }

    private var environmentRows: [VariableRow] {
        [
            VariableRow(
                name: "host", value: "http://127.0.0.1:9", origin: "http-client.env.json:3",
                file: "http-client.env.json"),
            VariableRow(name: "user", value: "ada", origin: "http-client.env.json:4", file: "http-client.env.json"),
            VariableRow(
                name: "password", value: Secrets.mask, origin: "http-client.private.env.json:3",
                file: "http-client.private.env.json", isSecret: true),
        ]
    }

    @Test func f12ListsTheEnvironmentAndTheGlobalsTheEffectReads() async throws {
        let tester = ReducerTester(state)
        let effects = tester.press(.key(.function(12))) {
            $0.overlay = .variables(environmentRows, scroll: 0)
        }
        guard case .loadVariables = effects.first else {
            Issue.record("expected the globals to be read, got \(effects)")
            return
        }
        // A fresh session has no globals: the rows stay the environment's.
        await tester.receive({ action -> [String: String]? in
            guard case .overlay(.variablesLoaded(let globals)) = action else { return nil }
            return globals
        }) { _, globals in
            #expect(globals.isEmpty)
        }
        tester.press(.key(.down)) { $0.overlay = .variables(environmentRows, scroll: 1) }
        tester.press(.key(.end)) { $0.overlay = .variables(environmentRows, scroll: 2) }
        tester.press(.key(.escape)) { $0.overlay = nil }
        await tester.finish()
    }

    @Test func globalsComeAfterTheEnvironmentMaskedWhenTheyHoldASecret() {
        let tester = ReducerTester(state)
        tester.press(.key(.function(12))) { $0.overlay = .variables(environmentRows, scroll: 0) }
        tester.send(.overlay(.variablesLoaded(["token": "js-777", "derived": "xhunter22", "plain": "hunter"]))) {
            $0.overlay = .variables(
                environmentRows + [
                    VariableRow(name: "derived", value: Secrets.mask, origin: "script"),
                    VariableRow(name: "plain", value: "hunter", origin: "script"),
                    VariableRow(name: "token", value: "js-777", origin: "script"),
                ], scroll: 0)
        }
    }

    @Test func globalsArrivingAfterTheViewClosedChangeNothing() {
        let tester = ReducerTester(state)
        tester.send(.overlay(.variablesLoaded(["token": "js-777"]))) { _ in }
        #expect(tester.state.overlay == nil)
    }

    @Test func theViewCutsLongValuesAndShowsControlCharactersAsEscapes() {
        var buffer = ScreenBuffer(size: Size(width: 60, height: 8))
        let rows = [
            VariableRow(name: "long", value: String(repeating: "a", count: 200), origin: "script"),
            VariableRow(name: "bell", value: "ring\u{1B}[31mred", origin: "script"),
        ]
        VariablesView(rows: rows, scroll: 0, environment: "local", theme: .fallback)
            .render(into: &buffer, area: Rect(x: 0, y: 0, width: 60, height: 8))
        let screen = buffer.lines.joined(separator: "\n")
        #expect(screen.contains("a…"), "\(screen)")
        #expect(!screen.contains(String(repeating: "a", count: 60)), "\(screen)")
        #expect(!screen.contains("\u{1B}"), "\(screen)")
        #expect(screen.contains("ring"), "\(screen)")
        #expect(screen.contains("Variables of environment local"), "\(screen)")
    }
}
