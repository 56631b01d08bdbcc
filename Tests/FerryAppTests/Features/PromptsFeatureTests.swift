import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The `# @prompt` form on its own: a send of a request with prompt variables asks for the form instead of
/// sending, the form is prefilled (this session's answers, then the request's own values), its keys reach it as
/// its own actions (every letter is text), Enter hands the answers to the send, Esc sends nothing.
struct PromptsFeatureTests {
    static let requests = """
        @user = from-the-file

        ### login
        # @prompt user "Your user name"
        # @prompt password
        POST {{host}}/login

        {"user": "{{user}}", "password": "{{password}}"}

        """
    static let id = RequestID(path: "requests.http", selector: "login")

    let folder: TemporaryWorkspace
    let workspace: Workspace

    init() throws {
        folder = try TemporaryWorkspace(requests: Self.requests, environments: ["local": "http://127.0.0.1:9"])
        workspace = try Workspace.load(at: folder.url)
    }

    func responseContext() throws -> ResponseFeature.Context {
        let found = try workspace.request("requests.http#login")
        let plan = try workspace.sendPlan(
            for: found, environment: "local", environments: workspace.environments(), processEnvironment: [:])
        return ResponseFeature.Context(
            openRequest: Self.id, content: Rect(x: 0, y: 0, width: 60, height: 10),
            screen: Size(width: 80, height: 24), isFocused: false, keyMap: AppKeyMap.defaults,
            workspaceRoot: folder.url, stateFolder: folder.url.appendingPathComponent(".ferry"),
            plan: { (Self.id, plan) }, shownColumn: { _ in 0 })
    }

    @Test func aSendWithPromptsAsksForTheFormWithTheRequestsOwnValues() throws {
        var pane = ResponseFeature.State()
        let output = ResponseFeature.reduce(.sendRequested, &pane, try responseContext())
        #expect(output.effects.isEmpty, "nothing is sent before the answers")
        #expect(pane.exchanges[Self.id] == nil)
        let question = PromptQuestion(
            purpose: .send(Self.id, asWritten: false),
            prompts: [PromptVariable(name: "user", description: "Your user name"), PromptVariable(name: "password")],
            known: ["user": "from-the-file"])
        #expect(output.requests == [.dispatch(.overlay(.prompts(.asked(question))))])
    }

    @Test func theAnswersAreSentAsOverridesAndTheSecretsAreMarked() throws {
        var pane = ResponseFeature.State()
        let answers = PromptedValues(values: ["user": "ann", "password": "s3cret"], secretNames: ["password"])
        let output = ResponseFeature.reduce(
            .sendAnswered(answers, to: Self.id, asWritten: true), &pane, try responseContext())
        guard case .send(_, let plan)? = output.effects.last else {
            Issue.record("expected a send, got \(output.effects)")
            return
        }
        #expect(plan.context.overrides == ["user": "ann", "password": "s3cret"])
        #expect(plan.context.secretOverrideNames == ["password"])
        #expect(plan.context.secretValues.contains("s3cret"), "masked like a private environment's value")
        #expect(plan.sendsBodyAsWritten)
        let elsewhere = ResponseFeature.reduce(
            .sendAnswered(answers, to: RequestID(path: "requests.http", selector: "other"), asWritten: false), &pane,
            try responseContext())
        #expect(elsewhere.effects.isEmpty, "answers for a request no longer open are not sent with another")
    }

    @Test func theFormIsPrefilledAndEnterHandsTheAnswersOnAndRemembersThem() {
        var state = PromptsFeature.State(memory: PromptsFeature.Memory(answers: ["password": "old"]))
        let question = PromptQuestion(
            purpose: .send(Self.id, asWritten: false),
            prompts: [PromptVariable(name: "user", description: "Your user name"), PromptVariable(name: "password")],
            known: ["user": "from-the-file", "password": "from-env"])
        _ = PromptsFeature.reduce(.asked(question), &state, ())
        #expect(state.form?.fields.map(\.variable.name) == ["user", "password"])
        #expect(state.form?.fields.map(\.text) == ["from-the-file", "old"], "this session's answer first")
        _ = PromptsFeature.reduce(.typed("ann"), &state, ())
        _ = PromptsFeature.reduce(.cursorMoved(.down), &state, ())
        _ = PromptsFeature.reduce(.typed("s3cret"), &state, ())
        let sent = PromptsFeature.reduce(.submitted, &state, ())
        #expect(state.form == nil)
        #expect(state.memory.answers == ["user": "ann", "password": "s3cret"])
        guard case .dispatch(let handed)? = sent.requests.first,
            case .response(.sendAnswered(let answers, let id, let asWritten)) = handed.action
        else {
            Issue.record("expected the answers handed to the send, got \(sent.requests)")
            return
        }
        #expect(answers == PromptedValues(values: ["user": "ann", "password": "s3cret"], secretNames: ["password"]))
        #expect(id == Self.id && !asWritten)
    }

    @Test func escClosesTheFormAndSendsNothing() {
        var state = PromptsFeature.State()
        _ = PromptsFeature.reduce(
            .asked(
                PromptQuestion(
                    purpose: .send(Self.id, asWritten: false), prompts: [PromptVariable(name: "otp")], known: [:])),
            &state, ())
        _ = PromptsFeature.reduce(.typed("123"), &state, ())
        let canceled = PromptsFeature.reduce(.dismissed, &state, ())
        #expect(state.form == nil)
        #expect(state.memory.answers.isEmpty, "a canceled form's text is no answer")
        #expect(canceled.effects.isEmpty)
        #expect(canceled.requests == [.report(.info("Not sent: the # @prompt form was canceled."))])
    }

    @Test func inTheFormLettersAreTextAndEscAndEnterAreTheForms() throws {
        var state = try folder.loadState(size: Size(width: 80, height: 24))
        state.overlay = .promptForm(
            PromptsFeature.form(
                for: PromptQuestion(
                    purpose: .send(Self.id, asWritten: false),
                    prompts: [PromptVariable(name: "user"), PromptVariable(name: "password")],
                    known: [:]),
                remembered: ["user": "an"]))
        let typed = InputRouter.action(for: .key(KeyEvent(.character("q"))), in: state)
        #expect(typed.map { "\($0)" } == String(describing: AppAction.overlay(.prompts(.typed("anq")))))
        let tab = InputRouter.action(for: .key(KeyEvent(.tab)), in: state)
        #expect(tab.map { "\($0)" } == String(describing: AppAction.overlay(.prompts(.cursorMoved(.down)))))
        let enter = InputRouter.action(for: .key(KeyEvent(.enter)), in: state)
        #expect(enter.map { "\($0)" } == String(describing: AppAction.overlay(.prompts(.submitted))))
        let escape = InputRouter.action(for: .key(KeyEvent(.escape)), in: state)
        #expect(escape.map { "\($0)" } == String(describing: AppAction.overlay(.prompts(.dismissed))))
        #expect(state.nextEscape == .dialog, "Esc takes the form away, never a transfer")
    }
}
