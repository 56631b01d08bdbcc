import FerryHTTP
import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

@Suite("AppReducer")
struct AppReducerTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests,
            environments: ["local": "http://127.0.0.1:9", "staging": "http://staging.test"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
    }

    /// How FerryHTTP reports a streamed send that ended complete: `response`, with its body as it arrived.
    func ended(_ response: HTTPResponse) -> TransferAction {
        let bytes = [UInt8](response.body)
        return .ended(
            TransferEnd(
                .success(response),
                body: ReceivedBody(storage: .memory(bytes), count: bytes.count, isComplete: true, isBinary: false)))
    }

    // MARK: - Launch

    @Test func launchFocusesTheTreeWithTheFirstRequestOpen() {
        #expect(state.panes.focus == .tree)
        #expect(state.openRequest?.description == "requests.http#get-json")
        #expect(state.environment == "local")
        #expect(state.tree.selectedID?.requestID == state.openRequest)
    }

    @Test func launchUsesTheRememberedEnvironment() throws {
        let workspace = try Workspace.load(at: folder.url)
        let remembered = AppState(
            workspace: workspace, environments: workspace.environments(), environment: "staging",
            size: Size(width: 80, height: 24))
        #expect(remembered.environment == "staging")
        let unknown = AppState(
            workspace: workspace, environments: workspace.environments(), environment: "gone",
            size: Size(width: 80, height: 24))
        #expect(unknown.environment == "local")
    }

    // MARK: - Sending

    @Test mutating func aResponseIsStoredAndItsBodyPreparedOffTheLoop() throws {
        _ = AppReducer.reduce(&state, .app(.sendRequested))
        let id = try #require(state.currentExchange?.id)
        let response = HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"], url: try #require(URL(string: "http://x/json")),
            body: Data(#"{"a": [1, 2]}"#.utf8))
        let effects = AppReducer.reduce(&state, .transfer(id, ended(response)))
        guard case .prepareReceived(let bodyID, let received, let isJSON, let note) = effects.first else {
            Issue.record("expected prepareReceived, got \(effects)")
            return
        }
        #expect(bodyID == id && isJSON && note == nil && Data(received.prefix(100)) == response.body)
        #expect(state.currentExchange?.response?.status == 200)
        let prepared = BodyPreparation.prepare(received, isJSON: true, note: nil, limits: ResponseLimits())
        _ = AppReducer.reduce(&state, .transfer(id, .bodyPrepared(prepared)))
        guard case .json(let tree) = state.currentExchange?.body else {
            Issue.record("expected a JSON tree")
            return
        }
        #expect(tree.visibleRowCount == 4)
        #expect(!state.isAnythingInFlight)
    }

    @Test mutating func aResultForAReplacedSendIsDropped() throws {
        _ = AppReducer.reduce(&state, .app(.sendRequested))
        let first = try #require(state.currentExchange?.id)
        let effects = AppReducer.reduce(&state, .app(.sendRequested))
        let second = try #require(state.currentExchange?.id)
        #expect(first != second)
        guard case .cancel(let canceled) = effects.first else {
            Issue.record("expected the first send to be canceled, got \(effects)")
            return
        }
        #expect(canceled == first)
        let url = try #require(URL(string: "http://x"))
        #expect(
            AppReducer.reduce(
                &state, .transfer(first, ended(HTTPResponse(status: 500, url: url)))
            )
            .isEmpty)
        #expect(state.currentExchange?.isInFlight == true)
        _ = AppReducer.reduce(
            &state, .transfer(second, ended(HTTPResponse(status: 204, url: url))))
        #expect(state.currentExchange?.response?.status == 204)
    }

    @Test mutating func cancelMarksTheExchangeAndDropsItsLateResult() throws {
        _ = AppReducer.reduce(&state, .app(.sendRequested))
        let id = try #require(state.currentExchange?.id)
        _ = AppReducer.reduce(
            &state, .transfer(id, .progressed(TransferProgress(bytesReceived: 1234), elapsed: .seconds(2))))
        #expect(state.currentExchange?.receiveRate == 617)
        let effects = AppReducer.reduce(&state, .app(.cancelRequested))
        guard case .cancel(let canceled) = effects.first else {
            Issue.record("expected a cancel effect, got \(effects)")
            return
        }
        #expect(canceled == id)
        guard case .canceled = state.currentExchange?.phase else {
            Issue.record("expected canceled")
            return
        }
        #expect(state.currentExchange?.progress.bytesReceived == 1234)
        let url = try #require(URL(string: "http://x"))
        _ = AppReducer.reduce(&state, .transfer(id, ended(HTTPResponse(status: 200, url: url))))
        #expect(state.currentExchange?.response == nil)
        #expect(AppReducer.reduce(&state, .app(.cancelRequested)).isEmpty)
    }

    @Test mutating func failuresAreShownInWords() throws {
        _ = AppReducer.reduce(&state, .app(.sendRequested))
        let exchange = try #require(state.currentExchange)
        let error = HTTPClientError(.connectionRefused(host: "127.0.0.1", port: 9), request: HTTPRequest(path: "/json"))
        _ = AppReducer.reduce(&state, .transfer(exchange.id, .ended(TransferEnd(.failure(error)))))
        guard case .failed(let message) = state.currentExchange?.phase else {
            Issue.record("expected failed")
            return
        }
        #expect(message.contains("Connection refused") && message.contains("Is the server running"))
    }

    // MARK: - Environments

    @Test func cyclingTheEnvironmentChangesWhereRequestsGo() async throws {
        let tester = ReducerTester(state)
        tester.send(.session(.environmentCycled)) {
            $0.session.environment = "staging"
            $0.report(.info("Environment: staging"))
        }
        let id = try #require(state.openRequest)
        let effects = tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID(number: 2)
            $0.message = nil
        }
        guard case .send(_, let plan) = effects.first else {
            Issue.record("expected a send")
            return
        }
        #expect(
            try RequestSender(client: HTTPClient(transport: MockTransport())).prepare(plan).request.url?.host
                == "staging.test")
        await tester.receivePrepared(.first, of: id)
        tester.send(.app(.cancelRequested)) {
            $0.response.exchanges[id]?.phase = .canceled
            $0.report(.info("Canceled."))
        }
        tester.send(.session(.environmentCycled)) {
            $0.session.environment = "local"
            $0.report(.info("Environment: local"))
        }
        await tester.receiveCanceledEnd(.first, of: id)
        await tester.finish()
    }

    @Test func savingTakesInTheSavedWorkspaceAndDropsTheDraft() async throws {
        let id = try #require(state.openRequest)
        var start = state
        start.panes.focus = .editor
        let tester = ReducerTester(start)
        try tester.press(.character("?")) {
            var draft = try #require($0.currentRequest)
            draft.url = "{{host}}/json?"
            $0.editor.drafts[id] = draft
            // The URL field is sized to its area on screen, then takes the character.
            $0.editor.urlEditor.viewport = AppReducer.urlFieldArea($0).size
            $0.editor.urlEditor.insert("?")
        }
        tester.send(.editor(.saveRequested)) { $0.report(.info("Saving \(id.path)…")) }
        await tester.receive({ action -> Workspace? in
            guard case .workspace(.saveFinished(id, _, .success(let workspace))) = action else { return nil }
            return workspace
        }) { state, workspace in
            state.session.workspace = workspace
            state.rebuildTree()
            state.editor.drafts[id] = nil
            state.report(.info("Saved \(id.path)."), about: .request(id, draft: nil))
        }
        await tester.finish()
        #expect(try folder.read("requests.http").contains("GET {{host}}/json?\n"))
    }

    @Test mutating func thePickerChoosesAnEnvironment() {
        _ = AppReducer.reduce(&state, .session(.environmentPickerRequested))
        guard case .environmentPicker(let picker) = state.overlay else {
            Issue.record("expected the picker")
            return
        }
        #expect(picker.list.items.map(\.text) == ["local", "staging"])
        _ = AppReducer.reduce(&state, .overlay(.dialogEvent(.key(.down))))
        _ = AppReducer.reduce(&state, .overlay(.dialogEvent(.key(.enter))))
        #expect(state.environment == "staging")
        #expect(state.overlay == nil)
    }

    @Test func anUnresolvedVariableIsReportedBeforeSending() throws {
        let folder = try TemporaryWorkspace(requests: "GET {{base}}/x\n", environments: ["local": "http://h"])
        var state = try folder.loadState(size: Size(width: 80, height: 24))
        try sendFailsToPrepare(&state)
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("{{base}}") == true)
        #expect(state.message?.text.contains("local") == true)
        #expect(state.currentExchange == nil)
    }

    @Test func aPromptVariableIsAskedInTheFormAndEnterSendsWithTheAnswer() throws {
        let folder = try TemporaryWorkspace(
            requests: "# @prompt otp \"The code\"\nGET http://h/x?otp={{otp}}\n", environments: ["local": "http://h"])
        var state = try folder.loadState(size: Size(width: 80, height: 24))
        #expect(AppReducer.reduce(&state, .app(.sendRequested)).isEmpty, "nothing is sent before the answer")
        #expect(state.prompts.form?.fields.map(\.variable.name) == ["otp"])
        #expect(state.currentExchange == nil)
        _ = AppReducer.reduce(&state, .overlay(.prompts(.typed("123456"))))
        guard case .send(_, let plan)? = AppReducer.reduce(&state, .overlay(.prompts(.submitted))).last else {
            throw TestFailure("expected a send once answered")
        }
        #expect(plan.context.overrides["otp"] == "123456")
        #expect(state.overlay == nil)
    }

    @Test func anInvalidJSONBodyIsReportedBeforeSending() throws {
        let folder = try TemporaryWorkspace(
            requests: "POST {{host}}/x\nContent-Type: application/json\n\n{\"a\": }\n",
            environments: ["local": "http://h"])
        var state = try folder.loadState(size: Size(width: 80, height: 24))
        try sendFailsToPrepare(&state)
        #expect(state.message?.text.contains("JSON body is invalid") == true)
    }

    /// Ctrl-R, then the send effect's preparation fails and says so: nothing goes out.
    private func sendFailsToPrepare(_ state: inout AppState) throws {
        guard case .send(let id, let plan) = AppReducer.reduce(&state, .app(.sendRequested)).first else {
            throw TestFailure("expected a send")
        }
        guard
            case .failure(let problem) = EffectRunner.prepare(
                plan, with: RequestSender(client: HTTPClient(transport: MockTransport())), limits: ResponseLimits())
        else {
            throw TestFailure("expected the preparation to fail")
        }
        #expect(AppReducer.reduce(&state, .transfer(id, .preparationFailed(problem.message))).isEmpty)
    }

    // MARK: - Editing and saving

    @Test mutating func editsBecomeADraftThatSurvivesSwitchingAndIsSaved() throws {
        let id = try #require(state.openRequest)
        state.panes.focus = .editor
        let effects = state.feed([.character("?")])
        guard case .writeDraft(let draftID, let draft) = effects.first else {
            Issue.record("expected writeDraft, got \(effects)")
            return
        }
        #expect(draftID == id && draft?.url == "{{host}}/json?")
        #expect(state.isUnsaved(id))
        // Switch to another request and back: the edit is still there.
        state.panes.focus = .tree
        _ = AppReducer.reduce(&state, .tree(.cursorMoved(.down)))
        _ = AppReducer.reduce(&state, .tree(.rowActivated))
        #expect(state.openRequest != id)
        AppReducer.open(id, &state)
        #expect(state.currentRequest?.url == "{{host}}/json?")
        // Save.
        guard case .onFiles(.save(let savedID, let saved), _) = AppReducer.reduce(&state, .editor(.saveRequested)).first
        else {
            Issue.record("expected a save")
            return
        }
        #expect(savedID == id)
        var workspace = state.workspace
        try workspace.updateRequest(id, with: saved)
        let after = AppReducer.reduce(&state, .workspace(.saveFinished(id, saved, .success(workspace))))
        #expect(!state.isUnsaved(id))
        guard case .writeDraft(_, nil) = after.first else {
            Issue.record("expected the draft removed, got \(after)")
            return
        }
        #expect(try folder.read("requests.http").contains("GET {{host}}/json?\n"))
    }

    @Test mutating func theMethodPickerChangesTheMethod() {
        _ = AppReducer.reduce(&state, .editor(.methodCycled))
        for character in "pat" { _ = AppReducer.reduce(&state, .overlay(.dialogEvent(.character(character)))) }
        _ = AppReducer.reduce(&state, .overlay(.dialogEvent(.key(.enter))))
        #expect(state.currentRequest?.method == "PATCH")
        #expect(state.overlay == nil)
        #expect(state.hasUnsavedEdits)
    }

    // MARK: - Response body

    @Test mutating func jsonNodesToggleAndSearchByPathAndText() throws {
        _ = AppReducer.reduce(&state, .app(.sendRequested))
        let id = try #require(state.currentExchange?.id)
        let body = Data(#"{"user": {"name": "ada", "tags": ["x", "y"]}, "count": 2}"#.utf8)
        let url = try #require(URL(string: "http://x"))
        _ = AppReducer.reduce(
            &state,
            .transfer(
                id,
                ended(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], url: url, body: body))))
        let prepared = BodyPreparation.prepare(bytes: Array(body), isJSON: true)
        _ = AppReducer.reduce(&state, .transfer(id, .bodyPrepared(prepared)))
        state.panes.focus = .response
        _ = AppReducer.reduce(&state, .response(.cursorMoved(.down)))  // "user"
        _ = AppReducer.reduce(&state, .response(.rowActivated))  // collapse it
        guard case .json(let collapsed) = state.currentExchange?.body else { throw TestFailure("no tree") }
        #expect(collapsed.visibleRowCount == 3)
        _ = AppReducer.reduce(&state, .response(.jsonExpandedAll))
        guard case .json(let expanded) = state.currentExchange?.body else { throw TestFailure("no tree") }
        #expect(expanded.visibleRowCount == 7)
        _ = AppReducer.reduce(&state, .response(.jsonCollapsedAll))
        _ = AppReducer.reduce(&state, .response(.searchRequested))
        state.feed(InputEvent.typing(".user.tags[1]"))
        _ = AppReducer.reduce(&state, .overlay(.rowActivated))
        let exchange = try #require(state.currentExchange)
        guard case .json(let tree) = exchange.body else { throw TestFailure("no tree") }
        #expect(tree.document.path(of: tree.node(atRow: exchange.viewport.cursor)).description == ".user.tags[1]")
        _ = AppReducer.reduce(&state, .response(.searchRequested))
        state.feed(Array(repeating: .key(KeyEvent(.backspace)), count: 20) + InputEvent.typing("ADA"))
        _ = AppReducer.reduce(&state, .overlay(.rowActivated))
        let found = try #require(state.currentExchange)
        guard case .json(let searched) = found.body else { throw TestFailure("no tree") }
        #expect(found.viewport.matches.count == 1)
        #expect(searched.document.path(of: searched.node(atRow: found.viewport.cursor)).description == ".user.name")
        guard case .copy(let text) = AppReducer.reduce(&state, .response(.copyRequested(.path))).first else {
            throw TestFailure("expected a copy effect")
        }
        #expect(text == ".user.name")
    }

    @Test func textAndBinaryBodiesArePreparedForTheirViews() {
        guard case .text(let text) = BodyPreparation.prepare(bytes: Array("one\ntwo\r\nthree".utf8), isJSON: false)
        else {
            Issue.record("expected text")
            return
        }
        #expect(text.lineCount == 3 && text.line(1) == "two" && text.line(2) == "three")
        guard case .binary = BodyPreparation.prepare(bytes: [0, 1, 2, 0xFF], isJSON: false) else {
            Issue.record("expected binary")
            return
        }
        guard case .text(let invalid) = BodyPreparation.prepare(bytes: Array("{oops".utf8), isJSON: true) else {
            Issue.record("expected invalid JSON shown as text")
            return
        }
        #expect(invalid.note?.contains("Not valid JSON") == true)
    }

    // MARK: - Keys

    @Test func keysMapToActionsThroughTheKeyMap() {
        var state = state
        func action(_ key: KeyEvent) -> String { InputRouter.action(for: key, in: state).map { "\($0)" } ?? "nil" }
        #expect(action(.control("r")) == "app(FerryApp.AppEvent.sendRequested)")
        #expect(action(KeyEvent(.function(5))) == "app(FerryApp.AppEvent.sendRequested)")
        #expect(action(KeyEvent(.escape)) == "app(FerryApp.AppEvent.cancelRequested)")
        #expect(action(.control("e")) == "session(FerryApp.SessionAction.environmentCycled)")
        #expect(action(KeyEvent(.function(2))) == "session(FerryApp.SessionAction.environmentPickerRequested)")
        #expect(action(.control("s")) == "editor(FerryApp.EditorAction.saveRequested)")
        #expect(action(.control("q")) == "app(FerryApp.AppEvent.quitRequested)")
        #expect(action(KeyEvent(.character("?"))) == "app(FerryApp.AppEvent.helpRequested)")
        #expect(action(KeyEvent(.character("j"))) == "tree(FerryApp.TreeAction.cursorMoved(FerryApp.CursorMove.down))")
        #expect(action(KeyEvent(.tab, modifiers: .shift)) == "panes(FerryApp.PanesAction.focusMoved(-1))")
        state.panes.focus = .editor
        #expect(action(KeyEvent(.character("j"))) == "editor(FerryApp.EditorAction.textTyped(\"j\"))")
        #expect(action(KeyEvent(.character("?"))) == "editor(FerryApp.EditorAction.textTyped(\"?\"))")
        state.overlay = .help(scroll: 0)
        #expect(action(KeyEvent(.escape)) == "overlay(FerryApp.OverlayAction.dismissed)")
        state.overlay = .environmentPicker(PickerDialogState(title: "x", items: [PickerChoice("a")]))
        guard case .overlay(.dialogEvent(.key(let key))) = InputRouter.action(for: .key(KeyEvent(.escape)), in: state)
        else {
            Issue.record("a picker reads its own keys")
            return
        }
        #expect(key.key == .escape)
        #expect(action(.control("r")) == "nil")
    }

    @Test func aUserKeyMapFileRebindsKeys() throws {
        var keyMap = AppKeyMap.defaults
        let problems = keyMap.apply(userFile: "ctrl+g = request.send\nctrl+x = no.such\n")
        #expect(problems.count == 1)
        var state = state
        state.keyMap = keyMap
        #expect(
            InputRouter.action(for: KeyEvent.control("g"), in: state).map { "\($0)" }
                == "app(FerryApp.AppEvent.sendRequested)")
    }
}

/// A failed expectation that ends the test.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
