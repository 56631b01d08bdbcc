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
    let state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests,
            environments: ["local": "http://127.0.0.1:9", "staging": "http://staging.test"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
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

    @Test func aResponseIsStoredAndItsBodyPreparedOffTheLoop() async throws {
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        mock.respond(to: .get, "http://127.0.0.1:9/json", with: .json(#"{"a": [1, 2]}"#))
        let tester = ReducerTester(state, transport: mock)
        tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        await tester.receivePrepared(.first, of: id)
        let end = await tester.receiveEnd(.first, of: id)
        #expect(end?.response?.status == 200 && end?.body.count == 13)
        #expect(tester.state.currentExchange?.response?.status == 200)
        await tester.receivePreparedBody(.first, of: id)
        await tester.finish()
        guard case .json(let tree) = tester.state.currentExchange?.body else {
            Issue.record("expected a JSON tree")
            return
        }
        #expect(tree.visibleRowCount == 4)
        #expect(!tester.state.isAnythingInFlight)
    }

    @Test func aResultForAReplacedSendIsDropped() async throws {
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        mock.respond(to: .get, "http://127.0.0.1:9/json", with: .status(204))
        // The last rule answers first: the first send's answer would come long after the second replaced it.
        mock.respond(
            to: .get, "http://127.0.0.1:9/json", with: MockResponse.status(500).delayed(by: .seconds(3600)), times: 1)
        let tester = ReducerTester(state, transport: mock)
        tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        await tester.receivePrepared(.first, of: id)
        let second = SendID.first.next
        let effects = tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: second, requestID: id)
            $0.response.nextSendID = second.next
        }
        guard case .cancel(.first) = effects.first else {
            Issue.record("expected the first send to be canceled, got \(effects)")
            return
        }
        await tester.receiveEndDropped(.first)
        await tester.receivePrepared(second, of: id)
        await tester.receiveEnd(second, of: id)
        await tester.finish()
        #expect(tester.state.currentExchange?.response?.status == 204)
    }

    @Test func cancelMarksTheExchangeAndDropsItsLateResult() async throws {
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        mock.respond(to: .get, "http://127.0.0.1:9/json", with: MockResponse.status(200).delayed(by: .seconds(3600)))
        let tester = ReducerTester(state, transport: mock)
        tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        await tester.receivePrepared(.first, of: id)
        tester.send(.transfer(.first, .progressed(TransferProgress(bytesReceived: 1234), elapsed: .seconds(2)))) {
            $0.response.exchanges[id]?.progress = TransferProgress(bytesReceived: 1234)
            $0.response.exchanges[id]?.elapsed = .seconds(2)
        }
        #expect(tester.state.currentExchange?.receiveRate == 617)
        let effects = tester.send(.app(.cancelRequested)) {
            $0.response.exchanges[id]?.phase = .canceled
            $0.report(.info("Canceled."))
        }
        guard case .cancel(.first) = effects.first else {
            Issue.record("expected a cancel effect, got \(effects)")
            return
        }
        // The late end keeps Canceled: no response is taken in.
        await tester.receiveCanceledEnd(.first, of: id)
        await tester.finish()
        #expect(tester.state.currentExchange?.response == nil)
        let again = tester.send(.app(.cancelRequested)) { _ in }
        #expect(again.isEmpty)
    }

    @Test func failuresAreShownInWords() async throws {
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        mock.respond(
            to: .get, "http://127.0.0.1:9/json", with: .failure(.connectionRefused(host: "127.0.0.1", port: 9)))
        let tester = ReducerTester(state, transport: mock)
        tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        await tester.receivePrepared(.first, of: id)
        await tester.receiveEnd(.first, of: id)
        await tester.finish()
        guard case .failed(let message) = tester.state.currentExchange?.phase else {
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
        await tester.receiveSaved(id)
        await tester.finish()
        #expect(try folder.read("requests.http").contains("GET {{host}}/json?\n"))
    }

    @Test func thePickerChoosesAnEnvironment() async {
        let tester = ReducerTester(state)
        var picker = PickerDialogState(
            title: "Environment (local now)", items: ["local", "staging"].map { PickerChoice($0) })
        tester.send(.session(.environmentPickerRequested)) { $0.overlay = .environmentPicker(picker) }
        #expect(picker.handle(.key(.down), area: Rect(size: state.size)) == .handled)
        tester.send(.overlay(.dialogEvent(.key(.down)))) { $0.overlay = .environmentPicker(picker) }
        tester.send(.overlay(.dialogEvent(.key(.enter)))) {
            $0.overlay = nil
            $0.session.environment = "staging"
            $0.report(.info("Environment: staging"))
        }
        await tester.finish()
    }

    @Test func anUnresolvedVariableIsReportedBeforeSending() async throws {
        let folder = try TemporaryWorkspace(requests: "GET {{base}}/x\n", environments: ["local": "http://h"])
        let message = try await sendFailsToPrepare(in: folder)
        #expect(message?.isError == true)
        #expect(message?.text.contains("{{base}}") == true)
        #expect(message?.text.contains("local") == true)
    }

    @Test func aPromptVariableIsAskedInTheFormAndEnterSendsWithTheAnswer() async throws {
        let folder = try TemporaryWorkspace(
            requests: "# @prompt otp \"The code\"\nGET http://h/x?otp={{otp}}\n", environments: ["local": "http://h"])
        let state = try folder.loadState(size: Size(width: 80, height: 24))
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        mock.respond(to: .get, "http://h/x?otp=123456", with: .status(204))
        let tester = ReducerTester(state, transport: mock)
        var form = PromptsFeature.Form(
            purpose: .send(id, asWritten: false),
            fields: [PromptsFeature.Field(variable: PromptVariable(name: "otp", description: "The code"), text: "")])
        let asked = tester.send(.app(.sendRequested)) { $0.overlay = .promptForm(form) }
        #expect(asked.isEmpty, "nothing is sent before the answer")
        form.fields[0].text = "123456"
        tester.send(.overlay(.prompts(.typed("123456")))) { $0.overlay = .promptForm(form) }
        tester.send(.overlay(.prompts(.submitted))) {
            $0.overlay = nil
            $0.promptMemory.answers["otp"] = "123456"  // the next form's default
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        await tester.receivePrepared(.first, of: id)
        await tester.receiveEnd(.first, of: id)
        await tester.finish()
        #expect(mock.receivedRequests.map { $0.url?.query } == ["otp=123456"])
    }

    @Test func anInvalidJSONBodyIsReportedBeforeSending() async throws {
        let folder = try TemporaryWorkspace(
            requests: "POST {{host}}/x\nContent-Type: application/json\n\n{\"a\": }\n",
            environments: ["local": "http://h"])
        let message = try await sendFailsToPrepare(in: folder)
        #expect(message?.text.contains("JSON body is invalid") == true)
    }

    /// Ctrl-R on the first request in `folder`, whose preparation fails and says so: the exchange goes, the
    /// status bar says why (about the request as it is), nothing reaches the transport. Returns the message.
    private func sendFailsToPrepare(in folder: TemporaryWorkspace) async throws -> AppState.Message? {
        let state = try folder.loadState(size: Size(width: 80, height: 24))
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        let tester = ReducerTester(state, transport: mock)
        tester.send(.app(.sendRequested)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
        }
        await tester.receivePreparationFailed(.first, of: id)
        await tester.finish()
        #expect(mock.receivedRequests.isEmpty)
        return tester.state.message
    }

    // MARK: - Editing and saving

    @Test func editsBecomeADraftThatSurvivesSwitchingAndIsSaved() async throws {
        let id = try #require(state.openRequest)
        let other = RequestID(path: "requests.http", selector: "post-json")
        var start = state
        start.panes.focus = .editor
        let tester = ReducerTester(start)
        let typed = try tester.press(.character("?")) {
            var draft = try #require($0.currentRequest)
            draft.url = "{{host}}/json?"
            $0.editor.drafts[id] = draft
            $0.editor.urlEditor.viewport = AppReducer.urlFieldArea($0).size
            $0.editor.urlEditor.insert("?")
        }
        guard case .writeDraft(id, let draft)? = typed.first else {
            Issue.record("expected writeDraft, got \(typed)")
            return
        }
        #expect(draft?.url == "{{host}}/json?" && tester.state.isUnsaved(id))
        // Another request and back: the edit is still there.
        tester.press(.key(KeyEvent(.tab, modifiers: .shift))) { $0.panes.focus = .tree }
        tester.press(.character("j")) { $0.tree.select(id: .request(other)) }
        tester.press(.key(KeyEvent(.enter))) {
            _ = AppReducer.perform(.show(other), &$0)
            $0.panes.focus = .editor
        }
        tester.press(.key(KeyEvent(.tab, modifiers: .shift))) { $0.panes.focus = .tree }
        tester.press(.character("k")) { $0.tree.select(id: .request(id)) }
        tester.press(.key(KeyEvent(.enter))) {
            _ = AppReducer.perform(.show(id), &$0)
            $0.panes.focus = .editor
        }
        #expect(tester.state.currentRequest?.url == "{{host}}/json?")
        // Ctrl-S saves the draft and drops it.
        let saving = tester.press(.key(.control("s"))) { $0.report(.info("Saving \(id.path)…")) }
        guard case .onFiles(.save(id, let saved), _)? = saving.first else {
            Issue.record("expected a save, got \(saving)")
            return
        }
        #expect(saved.url == "{{host}}/json?")
        await tester.receiveSaved(id)
        await tester.finish()
        #expect(!tester.state.isUnsaved(id))
        #expect(try folder.read("requests.http").contains("GET {{host}}/json?\n"))
    }

    @Test func theMethodPickerChangesTheMethod() async throws {
        let id = try #require(state.openRequest)
        let tester = ReducerTester(state)
        var picker = PickerDialogState(title: "Method (GET now)", items: EditorFeature.methods.map { PickerChoice($0) })
        tester.send(.editor(.methodCycled)) { $0.overlay = .methodPicker(picker) }
        for character in "pat" {
            _ = picker.handle(.key(KeyEvent(.character(character))), area: Rect(size: state.size))
            picker = AppReducer.followingQuery(picker)
            tester.send(.overlay(.dialogEvent(.character(character)))) { $0.overlay = .methodPicker(picker) }
        }
        try tester.send(.overlay(.dialogEvent(.key(.enter)))) {
            $0.overlay = nil
            var draft = try #require($0.currentRequest)
            draft.explicitMethod = "PATCH"
            $0.editor.drafts[id] = draft
        }
        await tester.finish()
        #expect(tester.state.currentRequest?.method == "PATCH" && tester.state.hasUnsavedEdits)
    }

    // MARK: - Response body

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
