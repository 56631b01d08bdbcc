import FerryHTTP
import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The Body tab's kinds, driven by scripted key events through the key map and the reducer: the kind picker,
/// the form and multipart fields table, JSON checking and formatting, file bodies read before sending.
@Suite("Body kinds in the editor")
struct BodyKindEditorTests {
    let folder: TemporaryWorkspace
    var state: AppState
    var effects: [Effect] = []

    static let requests = """
        ### form
        POST {{host}}/post
        Content-Type: application/x-www-form-urlencoded

        a=1&b=x+y

        ### multipart
        POST {{host}}/post
        Content-Type: multipart/form-data; boundary=WebAppBoundary

        --WebAppBoundary
        Content-Disposition: form-data; name="title"

        Hello
        --WebAppBoundary--

        ### empty
        POST {{host}}/post

        ### broken form
        POST {{host}}/post
        Content-Type: application/x-www-form-urlencoded

        a=1
        &b=2

        """

    init() throws {
        folder = try TemporaryWorkspace(
            requests: Self.requests, environments: ["local": "http://127.0.0.1:9"],
            extraFiles: ["data.json": "{\"from\": \"file\"}"])
        state = try folder.loadState(size: Size(width: 100, height: 30))
    }

    // MARK: - Helpers

    /// Opens a request on the Body tab with the editor focused.
    mutating func openBody(_ name: String) throws {
        let id = try #require(state.workspace.requests.first { $0.request.title == name }?.id)
        _ = AppReducer.perform(.show(id), &state)
        state.panes.focus = .editor
        state.editor.tab = .body
    }

    /// Feeds events through the key map and the reducer, as the app loop does.
    mutating func press(_ events: InputEvent...) { press(events) }

    mutating func press(_ events: [InputEvent]) { effects += state.feed(events) }

    mutating func type(_ text: String) { press(InputEvent.typing(text)) }

    /// Picks `kind` in the body-kind picker (F7), as the user does: down to its row, then Enter.
    mutating func chooseKind(_ kind: BodyKind) {
        press(.key(.function(7)))
        for _ in 0..<(BodyKind.allCases.firstIndex(of: kind) ?? 0) { press(.key(.down)) }
        press(.key(.enter))
    }

    var body: String? { state.currentRequest?.body }

    // MARK: - Form

    @Test mutating func theFormTableAddsEditsTogglesAndDeletesRows() throws {
        try openBody("form")
        press(.key(.down))
        let table = try #require(state.bodyTable)
        #expect(table.rows.map(\.name) == ["a", "b"] && table.rows.map(\.value) == ["1", "x y"])
        #expect(state.keyContexts == [.table])
        // Add a row after the last: name, Enter, value with a variable, Enter.
        press(.key(.end), .key(.insert))
        type("c")
        press(.key(.enter))
        type("{{user}} & co")
        press(.key(.enter))
        #expect(body == "a=1&b=x+y&c={{user}}%20%26%20co")
        // Edit a value: the other fields keep their text.
        press(.key(.up), .key(.right), .key(.enter))
        press(.key(.backspace), .key(.backspace), .key(.backspace))
        type("é/2")
        press(.key(.enter))
        #expect(body == "a=1&b=%C3%A9%2F2&c={{user}}%20%26%20co")
        // Space disables a row (it is not written), d deletes one.
        press(.key(KeyEvent(.character(" "), modifiers: .control)))
        #expect(body == "a=1&c={{user}}%20%26%20co")
        press(.key(.up), .key(.delete))
        #expect(body == "c={{user}}%20%26%20co")
        #expect(state.bodyTable?.rows.count == 2)
        // Esc leaves the table; the draft stays.
        press(.key(.escape))
        #expect(state.bodyTable == nil && state.hasUnsavedEdits)
        // The written body reads back as the same fields.
        #expect(state.currentRequest?.formFields == [FormField(name: "c", value: "{{user}} & co")])
    }

    @Test mutating func aBodyThatDoesNotParseAsAFormIsEditedAsText() throws {
        try openBody("broken form")
        press(.key(.down))
        #expect(state.bodyTable == nil)
        #expect(state.bodyEditor?.text == "a=1\n&b=2")
    }

    // MARK: - Multipart

    @Test mutating func theMultipartTableHasTextAndFileFields() throws {
        try openBody("multipart")
        press(.key(.down))
        #expect(state.bodyTable?.rows == [KeyValueRow(name: "title", value: "Hello")])
        press(.key(.insert))
        type("upload")
        press(.key(.enter))
        type("< ./data.json")
        press(.key(.enter))
        #expect(
            body == """
                --WebAppBoundary
                Content-Disposition: form-data; name="title"

                Hello
                --WebAppBoundary
                Content-Disposition: form-data; name="upload"; filename="data.json"
                Content-Type: application/json

                < ./data.json
                --WebAppBoundary--
                """)
        let fields = try #require(state.currentRequest?.formFields)
        #expect(fields.map(\.isFile) == [false, true])
        // Editing the text field keeps the file part as it was.
        press(.key(.up), .key(.right), .key(.enter))
        type(" {{user}}")
        press(.key(.enter))
        #expect(state.currentRequest?.formFields?.first?.value == "Hello {{user}}")
        #expect(state.currentRequest?.formFields?.last == fields.last)
    }

    @Test mutating func fTurnsAMultipartFieldIntoAFileAndBack() throws {
        try openBody("multipart")
        press(.key(.down))
        #expect(state.keyContexts == [.multipart, .table])
        press(.key(.end), .key(.insert))
        type("doc")
        press(.key(.enter), .key(.enter))
        #expect(state.currentRequest?.formFields?.last == FormField(name: "doc", value: ""))
        // f: the value becomes `< ./` and its path is edited at once.
        press(.control("f"))
        #expect(state.bodyTable?.isEditing == true)
        type("data.json")
        press(.key(.enter))
        let file = try #require(state.currentRequest?.formFields?.last)
        #expect(
            file.filePath == "./data.json" && file.fileName == "data.json" && file.contentType == "application/json")
        // f again: a text field holding the path.
        press(.control("f"))
        #expect(state.currentRequest?.formFields?.last == FormField(name: "doc", value: "./data.json"))
        #expect(state.bodyTable?.isEditing == false)
        // f means nothing in a form table (it is not bound there, and the table ignores it).
        try openBody("form")
        press(.key(.down))
        #expect(state.keyContexts == [.table])
        press(.control("f"))
        #expect(body == "a=1&b=x+y")
    }

    // MARK: - The kind picker

    @Test mutating func thePickerSetsTheContentTypeAndConvertsTheBody() throws {
        try openBody("empty")
        // No body yet: Down opens the picker.
        press(.key(.down))
        guard case .bodyKindPicker = state.overlay else {
            throw TestFailure("expected the picker, got \(String(describing: state.overlay))")
        }
        type("form")
        press(.key(.enter))
        #expect(state.currentRequest?.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(state.bodyTable?.rows == [])
        press(.key(.insert))
        type("n")
        press(.key(.enter))
        type("1")
        press(.key(.enter))
        #expect(body == "n=1")
        // F7 → Multipart: the field is carried over.
        press(.key(.function(7)))
        type("multi")
        press(.key(.enter))
        #expect(state.currentRequest?.header("Content-Type") == "multipart/form-data; boundary=WebAppBoundary")
        #expect(state.currentRequest?.formFields == [FormField(name: "n", value: "1")])
        #expect(state.bodyTable?.rows == [KeyValueRow(name: "n", value: "1")])
        // F7 → JSON: an object of the fields, edited as text and checked as you type.
        press(.key(.function(7)))
        type("json")
        press(.key(.enter))
        #expect(state.currentRequest?.header("Content-Type") == "application/json")
        #expect(try JSONValue(parsing: try #require(body))["n"].value == .string("1"))
        #expect(state.bodyEditor != nil && state.editor.bodyProblem == nil)
        press(.key(.home, modifiers: .control), .key(.delete))
        #expect(state.editor.bodyProblem?.contains("column") == true, "\(String(describing: state.editor.bodyProblem))")
        type("{")
        #expect(state.editor.bodyProblem == nil)
        // F7 → File: asks for the path.
        press(.key(.function(7)))
        type("file")
        press(.key(.enter))
        guard case .namePrompt(.bodyFile, _) = state.overlay else { throw TestFailure("expected the path prompt") }
        type("data.json")
        press(.key(.enter))
        #expect(body == "< ./data.json" && state.currentRequest?.bodyKind == .file)
        // F7 → None: no body, no Content-Type.
        press(.key(.function(7)))
        type("none")
        press(.key(.enter))
        #expect(body == nil && state.currentRequest?.header("Content-Type") == nil)
        #expect(!state.hasUnsavedEdits)
    }

    @Test mutating func pickingABodyKindFromTheHeadersTableLeavesOnlyTheBodyEditorOpen() throws {
        try openBody("empty")
        state.editor.tab = .headers
        press(.key(.down))
        #expect(state.headerTable != nil)
        chooseKind(.json)
        // One editor has the keyboard: the headers table closed when the body editor opened.
        #expect(state.editor.tab == .body && state.bodyEditor != nil)
        #expect(state.headerTable == nil && state.bodyTable == nil)
        #expect(state.keyContexts == [.body])
    }

    // MARK: - JSON

    @Test mutating func f8FormatsTheJSONBodyAndCtrlZTakesItBack() throws {
        try openBody("empty")
        chooseKind(.json)
        type("{\"b\": [1,2], \"a\": {{n}}}")
        #expect(state.editor.bodyProblem == nil, "variables count as values while checking")
        press(.key(.function(8)))
        #expect(state.message?.isError == true && state.message?.text.contains("Cannot format") == true)
        for _ in 0..<6 { press(.key(.backspace)) }
        type("true}")
        #expect(body == "{\"b\": [1,2], \"a\": true}")
        press(.key(.function(8)))
        #expect(body == "{\n  \"b\": [\n    1,\n    2\n  ],\n  \"a\": true\n}")
        #expect(state.bodyEditor?.text == body)
        press(.key(.character("z"), modifiers: .control))
        #expect(body == "{\"b\": [1,2], \"a\": true}")
        // Not JSON: formatting says so.
        chooseKind(.text)
        press(.key(.function(8)))
        #expect(state.message?.text.contains("Only a JSON body") == true)
    }

    // MARK: - Sending a file body

    @Test mutating func aFileBodyIsReadOffTheLoopThenSent() async throws {
        try openBody("empty")
        chooseKind(.file)
        type("data.json")
        press(.key(.enter))
        let id = try #require(state.openRequest)
        let mock = MockTransport()
        mock.respond(to: .post, "http://127.0.0.1:9/post", with: .status(204))
        let tester = ReducerTester(state, transport: mock)
        // The send effect reads the file as it prepares the send, off the loop.
        tester.press(.key(.character("r"), modifiers: .control)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
            $0.message = nil  // "Body: the bytes of ./data.json, read when sending." was about the edit
        }
        await tester.receivePrepared(.first, of: id)
        await tester.receiveEnd(.first, of: id)
        await tester.finish()
        let sent = try #require(mock.receivedRequests.first)
        #expect(sent.body == .data(Data("{\"from\": \"file\"}".utf8), contentType: nil))
        #expect(sent.headers["Content-Type"] == "application/json")
        // A missing file is reported in words, and nothing is sent.
        state.editor.drafts[id]?.body = "< ./nope.bin"
        let missing = ReducerTester(state, transport: mock)
        missing.press(.key(.character("r"), modifiers: .control)) {
            $0.response.exchanges[id] = Exchange(id: .first, requestID: id)
            $0.response.nextSendID = SendID.first.next
            $0.message = nil  // "Body: the bytes of ./data.json, read when sending." was about the edit
        }
        await missing.receive(
            { action -> String? in
                guard case .transfer(.first, .preparationFailed(let problem)) = action else { return nil }
                return problem
            },
            { state, problem in
                #expect(problem.contains("Cannot read ./nope.bin"))
                state.response.exchanges[id] = nil
                state.report(.error(problem), about: .request(id, draft: state.editor.drafts[id]))
            })
        await missing.finish()
        #expect(mock.receivedRequests.count == 1)
    }
}
