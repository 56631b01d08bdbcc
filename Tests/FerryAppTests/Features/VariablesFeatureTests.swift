import FerryWorkbench
import Testing

@testable import FerryApp

/// The variables view on its own: its rows come from the context (the environments) and then the effect (globals
/// and captured values); `r` reveals and masks every secret and keeps that choice when rows arrive; Enter asks
/// for a value through a prompt the root shows, or says why it cannot.
struct VariablesFeatureTests {
    static let environmentRow = VariableRow(
        name: "host", value: "http://127.0.0.1:9", origin: "http-client.env.json:3", file: "http-client.env.json",
        block: "local")
    static let secretRow = VariableRow(
        name: "password", value: "hunter22", origin: "http-client.private.env.json:3",
        file: "http-client.private.env.json", block: "local", isSecret: true)

    let context = VariablesFeature.Context(page: 10, environment: "local", openRequest: nil) { globals, _ in
        [environmentRow, secretRow]
            + globals.keys.sorted().map { VariableRow(name: $0, value: globals[$0] ?? "", origin: "script global") }
    }

    @Test func openingListsTheEnvironmentThenTheGlobalsArrive() {
        var view: VariablesFeature.State?
        let opened = VariablesFeature.reduce(.requested, &view, context)
        guard case .onFiles(.loadVariables(nil))? = opened.requests.first else {
            Issue.record("expected the globals read, got \(opened.requests)")
            return
        }
        #expect(view?.rows == [Self.environmentRow, Self.secretRow])
        _ = VariablesFeature.reduce(.secretsToggled, &view, context)
        _ = VariablesFeature.reduce(.loaded(globals: ["token": "t"], captured: [:]), &view, context)
        #expect(view?.rows.map(\.name) == ["host", "password", "token"])
        #expect(view?.rows.allSatisfy(\.isRevealed) == true, "the secrets stay shown as the user chose")
        _ = VariablesFeature.reduce(.secretsToggled, &view, context)
        #expect(view?.rows.contains(where: \.isRevealed) == false)
    }

    @Test func enterAsksForTheValueAndASecretStartsEmpty() {
        var view: VariablesFeature.State? = VariablesFeature.State(rows: [Self.environmentRow, Self.secretRow])
        _ = VariablesFeature.reduce(.cursorMoved(.end), &view, context)
        let asked = VariablesFeature.reduce(.editRequested, &view, context)
        guard case .present(.namePrompt(.variableValue("password", _, "local"), let prompt))? = asked.requests.first
        else {
            Issue.record("expected a value prompt, got \(asked.requests)")
            return
        }
        #expect(prompt.text == "", "a secret's value is not put on screen to edit")
    }

    @Test func aValueNoFileHoldsIsNotEditedAsOne() {
        var view: VariablesFeature.State? = VariablesFeature.State(
            rows: [VariableRow(name: "token", value: "js", origin: "script global")])
        let output = VariablesFeature.reduce(.editRequested, &view, context)
        #expect(
            output.requests == [
                .report(.error("token comes from script global: no environment file holds the value shown."))
            ])
        var closed: VariablesFeature.State?
        #expect(VariablesFeature.reduce(.loaded(globals: ["x": "1"], captured: [:]), &closed, context).requests.isEmpty)
        #expect(closed == nil)
    }

    @Test func aNewVariableAsksForItsNameThenItsValueAndRefusesABadName() {
        var closed: VariablesFeature.State?
        let named = VariablesFeature.reduce(.fileChosen("http-client.env.json"), &closed, context)
        guard case .present(.namePrompt(.newVariable("http-client.env.json", "local"), _))? = named.requests.first
        else {
            Issue.record("the file chosen asks for the name: \(named.requests)")
            return
        }
        let refused = VariablesFeature.reduce(
            .newVariableNamed("a b", file: "http-client.env.json", environment: "local"), &closed, context)
        #expect(
            refused.requests == [
                .report(.error("\"a b\" cannot be a variable's name: use letters, digits, _ - and ."))
            ])
        let valued = VariablesFeature.reduce(
            .newVariableNamed("api.key", file: "http-client.env.json", environment: "local"), &closed, context)
        guard
            case .present(.namePrompt(.variableValue("api.key", "http-client.env.json", "local"), _))? =
                valued.requests.first
        else {
            Issue.record("a good name asks for the value: \(valued.requests)")
            return
        }
        #expect(closed == nil, "the prompts are the root's; the view stays closed")
    }
}
