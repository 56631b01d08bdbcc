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
        state.session.environment = "local"
        self.state = state
    }

    private var environmentRows: [VariableRow] {
        [
            VariableRow(
                name: "host", value: "http://127.0.0.1:9", origin: "http-client.env.json:3",
                file: "http-client.env.json", block: "local"),
            VariableRow(
                name: "user", value: "ada", origin: "http-client.env.json:4", file: "http-client.env.json",
                block: "local"),
            VariableRow(
                name: "password", value: "hunter22", origin: "http-client.private.env.json:3",
                file: "http-client.private.env.json", block: "local", isSecret: true),
        ]
    }

    @Test func f12ListsTheEnvironmentAndTheGlobalsTheEffectReads() async throws {
        let tester = ReducerTester(state)
        let effects = tester.press(.key(.function(12))) {
            $0.overlay = .variables(VariablesFeature.State(rows: environmentRows, selection: 0))
        }
        guard case .onFiles(.loadVariables, _) = effects.first else {
            Issue.record("expected the globals to be read, got \(effects)")
            return
        }
        // A fresh session has no globals: the rows stay the environment's.
        await tester.receive({ action -> [String: String]? in
            guard case .overlay(.variables(.loaded(let globals, _))) = action else { return nil }
            return globals
        }) { _, globals in
            #expect(globals.isEmpty)
        }
        tester.press(.key(.down)) {
            $0.overlay = .variables(VariablesFeature.State(rows: environmentRows, selection: 1))
        }
        tester.press(.key(.end)) {
            $0.overlay = .variables(VariablesFeature.State(rows: environmentRows, selection: 2))
        }
        tester.press(.key(.escape)) { $0.overlay = nil }
        await tester.finish()
    }

    @Test func globalsComeAfterTheEnvironmentMaskedWhenTheyHoldASecret() {
        let tester = ReducerTester(state)
        tester.press(.key(.function(12))) {
            $0.overlay = .variables(VariablesFeature.State(rows: environmentRows, selection: 0))
        }
        tester.send(
            .overlay(
                .variables(
                    .loaded(
                        globals: ["token": "js-777", "derived": "xhunter22", "plain": "hunter"],
                        captured: ["login.response.body.id": "7"])))
        ) {
            $0.overlay = .variables(
                VariablesFeature.State(
                    rows: environmentRows + [
                        VariableRow(name: "login.response.body.id", value: "7", origin: "captured (history)"),
                        VariableRow(name: "derived", value: "xhunter22", origin: "script global", isSecret: true),
                        VariableRow(name: "plain", value: "hunter", origin: "script global"),
                        VariableRow(name: "token", value: "js-777", origin: "script global"),
                    ]))
        }
    }

    @Test func globalsArrivingAfterTheViewClosedChangeNothing() {
        let tester = ReducerTester(state)
        tester.send(.overlay(.variables(.loaded(globals: ["token": "js-777"], captured: [:])))) { _ in }
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

    @Test func rRevealsTheSecretsOnScreenAndMasksThemAgain() {
        let tester = ReducerTester(state)
        tester.press(.key(.function(12))) {
            $0.overlay = .variables(VariablesFeature.State(rows: environmentRows, selection: 0))
        }
        let revealed = environmentRows.map {
            var row = $0
            row.isRevealed = true
            return row
        }
        tester.press(.character("r")) { $0.overlay = .variables(VariablesFeature.State(rows: revealed, selection: 0)) }
        #expect(Self.drawn(revealed).contains("hunter22"))
        #expect(Self.drawn(revealed).contains("secrets shown"))
        tester.press(.character("r")) {
            $0.overlay = .variables(VariablesFeature.State(rows: environmentRows, selection: 0))
        }
        let masked = Self.drawn(environmentRows)
        #expect(!masked.contains("hunter22") && masked.contains(Secrets.mask), "\(masked)")
    }

    @Test func aSharedValueIsEditedInTheSharedBlock() async throws {
        let shared = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: [:],
            extraFiles: [
                "http-client.env.json":
                    "{\n  \"$shared\": { \"page\": \"1\" },\n  \"local\": { \"host\": \"http://127.0.0.1:9\" }\n}\n"
            ])
        var state = try shared.loadState(size: Size(width: 100, height: 24))
        state.session.environment = "local"
        let rows = AppReducer.variableRows(state, globals: [:], captured: [:])
        let page = try #require(rows.first { $0.name == "page" })
        #expect(page.block == "$shared" && page.origin == "http-client.env.json:2 $shared", "\(page)")
        #expect(rows.first { $0.name == "host" }?.block == "local")
        state.overlay = .variables(VariablesFeature.State(rows: rows, selection: rows.firstIndex(of: page) ?? 0))
        let tester = ReducerTester(state)
        tester.send(.overlay(.variables(.editRequested))) {
            $0.overlay = .namePrompt(
                .variableValue(name: "page", file: "http-client.env.json", environment: "$shared"),
                PromptDialogState(title: "page in $shared (http-client.env.json)", label: "Value", text: "1"))
        }
        await tester.finish()
    }

    @Test func capturedAndScriptValuesAreNotEditedAsFiles() async {
        var state = state
        state.overlay = .variables(
            VariablesFeature.State(rows: [VariableRow(name: "token", value: "js-777", origin: "script global")]))
        let tester = ReducerTester(state)
        tester.send(.overlay(.variables(.editRequested))) {
            $0.report(.error("token comes from script global: no environment file holds the value shown."))
        }
        await tester.finish()
    }

    @Test func aNewVariableNeedsANameThatCanBeWrittenInBraces() {
        #expect(AppReducer.isVariableName("api.key-2_x"))
        #expect(!AppReducer.isVariableName(""))
        #expect(!AppReducer.isVariableName("a}}b"))
        #expect(!AppReducer.isVariableName("two words"))
    }

    private static func drawn(_ rows: [VariableRow]) -> String {
        var buffer = ScreenBuffer(size: Size(width: 100, height: 12))
        VariablesView(rows: rows, scroll: 0, environment: "local", theme: .fallback)
            .render(into: &buffer, area: Rect(x: 0, y: 0, width: 100, height: 12))
        return buffer.lines.joined(separator: "\n")
    }
}
