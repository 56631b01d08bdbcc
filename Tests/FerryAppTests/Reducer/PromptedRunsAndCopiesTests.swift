import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Ctrl-G's run and the copies (`Y`, Alt-Y's languages) ask for `# @prompt` variables in the form as Ctrl-R's
/// send does: nothing runs or is copied before the answers, Enter runs or copies with them (a copy holds them, a
/// secret one as the copy's secret rule says: in clear in curl, a placeholder in code), Esc does nothing.
struct PromptedRunsAndCopiesTests {
    static let requests = """
        ### login
        # @prompt user "Your user name"
        # @prompt password
        POST http://h/login?user={{user}}
        Content-Type: application/json

        {"password": "{{password}}"}

        """

    let folder: TemporaryWorkspace
    let state: AppState
    let id: RequestID

    init() throws {
        folder = try TemporaryWorkspace(requests: Self.requests, environments: ["local": "http://h"])
        state = try folder.loadState(size: Size(width: 100, height: 30))
        id = try #require(state.openRequest)
    }

    /// The form for `purpose`, its fields as typed.
    func form(_ purpose: PromptPurpose, user: String = "", password: String = "", focus: Int = 0)
        -> PromptsFeature.Form
    {
        PromptsFeature.Form(
            purpose: purpose,
            fields: [
                PromptsFeature.Field(variable: PromptVariable(name: "user", description: "Your user name"), text: user),
                PromptsFeature.Field(variable: PromptVariable(name: "password"), text: password),
            ],
            focus: focus)
    }

    /// Answers the open form: `ann` and the secret `s3cret`.
    func answer(_ tester: ReducerTester, _ purpose: PromptPurpose) {
        tester.send(.overlay(.prompts(.typed("ann")))) { $0.overlay = .promptForm(form(purpose, user: "ann")) }
        tester.send(.overlay(.prompts(.cursorMoved(.down)))) {
            $0.overlay = .promptForm(form(purpose, user: "ann", focus: 1))
        }
        tester.send(.overlay(.prompts(.typed("s3cret")))) {
            $0.overlay = .promptForm(form(purpose, user: "ann", password: "s3cret", focus: 1))
        }
    }

    /// Asks for `request`'s copy: the form opens and nothing is copied yet; then answers it and presses Enter.
    func copy(_ request: AppAction, _ copy: RequestCopy, on tester: ReducerTester) {
        let purpose = PromptPurpose.copy(id, copy)
        let asked = tester.send(request) { $0.overlay = .promptForm(form(purpose)) }
        #expect(asked.isEmpty, "nothing is copied before the answers")
        answer(tester, purpose)
        tester.send(.overlay(.prompts(.submitted))) {
            $0.overlay = nil
            $0.promptMemory.answers = ["user": "ann", "password": "s3cret"]
        }
    }

    @Test func ctrlGAsksOnceForTheRunsPromptVariablesAndRunsWithTheAnswers() async throws {
        let mock = MockTransport()
        mock.respond(to: .post, "http://h/login?user=ann", with: .status(204))
        let tester = ReducerTester(state, transport: mock)
        let purpose = PromptPurpose.run(path: "requests.http")
        let asked = tester.press(.control("g")) { $0.overlay = .promptForm(form(purpose)) }
        #expect(asked.isEmpty, "nothing runs before the answers")
        answer(tester, purpose)
        tester.send(.overlay(.prompts(.submitted))) {
            $0.promptMemory.answers = ["user": "ann", "password": "s3cret"]
            $0.run = RunState(id: 1, path: "requests.http")
            $0.overlay = .run(selection: 0)
            $0.report(.info("Running requests.http… Esc cancels."))
        }
        await tester.receive(
            { action -> RequestRunResult? in
                guard case .run(.eventArrived(1, .result(let result))) = action else { return nil }
                return result
            },
            { state, result in state.run?.results.append(result) })
        await tester.receive(
            { action -> Bool? in
                guard case .run(.finished(1, let canceled)) = action else { return nil }
                return canceled
            },
            { state, _ in
                state.run?.isRunning = false
                if let run = state.run { state.report(RunFeature.summary(run)) }
            })
        await tester.finish()
        let sent = try #require(mock.receivedRequests.first)
        #expect(sent.url?.query == "user=ann")
        switch sent.body {
        case .data(let bytes, _), .json(let bytes):
            #expect(String(decoding: bytes, as: UTF8.self) == #"{"password": "s3cret"}"#)
        default: Issue.record("the body is not the one written: \(sent.body)")
        }
        #expect(tester.state.run?.results.first?.outcome == .passed)
    }

    @Test func escOnTheRunsFormRunsNothing() async {
        let mock = MockTransport()
        let tester = ReducerTester(state, transport: mock)
        tester.press(.control("g")) { $0.overlay = .promptForm(form(.run(path: "requests.http"))) }
        let canceled = tester.press(.key(.escape)) {
            $0.overlay = nil
            $0.report(.info("Not run: the # @prompt form was canceled."))
        }
        #expect(canceled.isEmpty)
        await tester.finish()
        #expect(tester.state.run == nil && mock.receivedRequests.isEmpty)
    }

    @Test func yCopiesTheCurlCommandWithTheAnswersTheSecretInClearAndSaidSo() async throws {
        let tester = ReducerTester(state, transport: MockTransport())
        copy(.editor(.curlCopyRequested), .curl, on: tester)
        var copied: CurlCopy?
        await tester.receive(
            { action -> CurlCopy? in
                guard case .editor(.curlCommandMade(id, .success(let copy))) = action else { return nil }
                return copy
            },
            { state, copy in
                copied = copy
                state.report(.info("Copied \(id) as a curl command (secrets in clear)."))
            })
        await tester.finish()
        let text = try #require(copied?.text)
        #expect(text.contains("user=ann"), "\(text)")
        #expect(text.contains("s3cret"), "curl carries the secret in clear (the command must work): \(text)")
    }

    @Test func altYsCodeHoldsTheAnswersAndASecretAsItsPlaceholder() async throws {
        let tester = ReducerTester(state, transport: MockTransport())
        copy(.editor(.codeCopyRequested(.python)), .code(.python), on: tester)
        var code: CodeSnippet?
        await tester.receive(
            { action -> CodeSnippet? in
                guard case .editor(.codeMade(id, .python, .success(let snippet))) = action else { return nil }
                return snippet
            },
            { state, snippet in
                code = snippet
                let notes = snippet.notes.isEmpty ? "" : " (\(snippet.notes.joined(separator: "; ")))"
                state.report(.info("Copied \(id) as \(CodeLanguage.python.title) code\(notes)."))
            })
        await tester.finish()
        let text = try #require(code?.text)
        #expect(text.contains("user=ann"), "\(text)")
        #expect(text.contains("<password>"), "a secret answer is a placeholder in code: \(text)")
        #expect(!text.contains("s3cret"), "\(text)")
    }

    @Test func escOnACopysFormCopiesNothing() async {
        let tester = ReducerTester(state, transport: MockTransport())
        tester.send(.editor(.codeCopyRequested(.go))) { $0.overlay = .promptForm(form(.copy(id, .code(.go)))) }
        let canceled = tester.send(.overlay(.prompts(.dismissed))) {
            $0.overlay = nil
            $0.report(.info("Not copied: the # @prompt form was canceled."))
        }
        #expect(canceled.isEmpty)
        await tester.finish()
    }

    @Test func aLoadTestAsksAfterItsSpecEscStartsNothingAndTheAnswersReachTheLoad() async throws {
        let purpose = PromptPurpose.load(.request(id), spec: "200ms 1")
        let tester = ReducerTester(state, transport: MockTransport())
        let asked = tester.send(.run(.loadTyped(.request(id), "200ms 1"))) { $0.overlay = .promptForm(form(purpose)) }
        #expect(asked.isEmpty, "nothing is sent before the answers")
        tester.send(.overlay(.prompts(.dismissed))) {
            $0.overlay = nil
            $0.report(.info("Not started: the # @prompt form was canceled."))
        }
        await tester.finish()
        // Answered, the load takes the answers as a run does (the run's own reducer: no load is started here).
        var run: RunFeature.State = nil
        let started = RunFeature.reduce(
            .loadAnswered(
                PromptedValues(values: ["user": "ann", "password": "s3cret"], secretNames: ["password"]),
                .request(id), "200ms 1"),
            &run, RunFeature.Context(tester.state))
        guard case .loadCollection(_, let collection, _)? = started.effects.first else {
            Issue.record("expected the load to start, got \(started.effects)")
            return
        }
        #expect(collection.overrides == ["user": "ann", "password": "s3cret"])
        #expect(collection.secretOverrideNames == ["password"])
        #expect(collection.onlyRequest == id)
    }

    @Test func theAnswersTheFeatureRemembersAreTheNextFormsDefaultsWhateverItIsFor() async {
        var start = state
        start.promptMemory.answers = ["user": "ann"]  // answered for a send before
        let tester = ReducerTester(start, transport: MockTransport())
        tester.press(.control("g")) { $0.overlay = .promptForm(form(.run(path: "requests.http"), user: "ann")) }
        tester.send(.overlay(.prompts(.dismissed))) {
            $0.overlay = nil
            $0.report(.info("Not run: the # @prompt form was canceled."))
        }
        tester.send(.editor(.curlCopyRequested)) { $0.overlay = .promptForm(form(.copy(id, .curl), user: "ann")) }
        await tester.finish()
    }

    @Test func theFormsTitleSaysWhatEnterDoes() {
        #expect(OverlayView.promptFormTitle(form(.run(path: ""))).hasPrefix("Run the workspace with (Enter runs"))
        #expect(
            OverlayView.promptFormTitle(form(.copy(id, .code(.httpie)))).hasPrefix(
                "Copy login as HTTPie with (Enter copies"))
        #expect(
            OverlayView.promptFormTitle(form(.load(nil, spec: "10s 4")))
                .hasPrefix("Load test the workspace with (Enter starts"))
        #expect(
            OverlayView.promptFormTitle(form(.send(id, asWritten: false)))
                == "Send login with (Enter sends, Esc cancels, ↑↓ Tab move)")
    }
}
