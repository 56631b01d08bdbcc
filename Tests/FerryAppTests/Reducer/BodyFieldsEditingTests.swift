import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Editing a body's fields, driven by scripted keys through the key map and the reducer: Esc after `f` in the
/// multipart table, disabled form fields kept as comments (and kept by the headers table), a folder refused
/// as a file body.
@Suite("Editing body fields")
struct BodyFieldsEditingTests {
    let folder: TemporaryWorkspace
    var state: AppState

    static let requests = """
        ### Form title
        # @name form
        POST {{host}}/post
        Content-Type: application/x-www-form-urlencoded
        # a note kept by hand

        a=1&b=x+y

        ### multipart
        POST {{host}}/post
        Content-Type: multipart/form-data; boundary=WebAppBoundary

        --WebAppBoundary
        Content-Disposition: form-data; name="title"

        Hello
        --WebAppBoundary--

        """

    init() throws {
        folder = try TemporaryWorkspace(requests: Self.requests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 100, height: 30))
    }

    // MARK: - Helpers

    mutating func openBody(_ name: String) throws {
        let id = try #require(state.workspace.requests.first { $0.request.name == name }?.id)
        _ = AppReducer.perform(.show(id), &state)
        state.panes.focus = .editor
        state.editor.tab = .body
    }

    /// Feeds events through the key map and the reducer, as the app loop does.
    mutating func press(_ events: InputEvent...) { state.feed(events) }

    mutating func type(_ text: String) { state.feed(InputEvent.typing(text)) }

    /// Picks `kind` in the body-kind picker (F7), as the user does: down to its row, then Enter.
    mutating func chooseKind(_ kind: BodyKind) {
        press(.key(.function(7)))
        for _ in 0..<(BodyKind.allCases.firstIndex(of: kind) ?? 0) { press(.key(.down)) }
        press(.key(.enter))
    }

    // MARK: - Esc after f

    @Test mutating func escWhileTypingTheNewFilePathTakesTheWholeFBack() throws {
        try openBody("multipart")
        press(.key(.down), .key(.end), .key(.insert))
        type("doc")
        press(.key(.enter))
        type("notes")
        press(.key(.enter))
        #expect(state.currentRequest?.formFields?.last == FormField(name: "doc", value: "notes"))
        press(.control("f"))
        #expect(state.bodyTable?.rows.last?.value == "< ./notes")
        type("x")
        press(.key(.escape))
        // The field is the text it was: no `< ./` left to fail the send.
        #expect(state.currentRequest?.formFields?.last == FormField(name: "doc", value: "notes"))
        #expect(state.bodyTable?.rows.last?.value == "notes")
        #expect(state.bodyTable?.isEditing == false)
        #expect(state.currentRequest?.body?.contains("< ./") == false)
        // An empty field made a file and left with Esc stays an empty text field.
        press(.key(.insert))
        type("empty")
        press(.key(.enter), .key(.enter), .control("f"))
        #expect(state.bodyTable?.rows.last?.value == "< ./")
        press(.key(.escape))
        #expect(state.currentRequest?.formFields?.last == FormField(name: "empty", value: ""))
        // Enter keeps the path; a later Esc while editing it again throws only that edit away.
        press(.control("f"))
        type("data.json")
        press(.key(.enter))
        #expect(state.currentRequest?.formFields?.last?.filePath == "./data.json")
        press(.key(.enter))
        type("zz")
        press(.key(.escape))
        #expect(state.currentRequest?.formFields?.last?.filePath == "./data.json")
    }

    // MARK: - Disabled form fields

    @Test mutating func aDisabledFormFieldStaysAnUncheckedRowAndIsNotSent() throws {
        try openBody("form")
        press(.key(.down), .key(.end), .key(KeyEvent(.character(" "), modifiers: .control)))
        #expect(state.currentRequest?.body == "a=1")
        // Leaving the table and coming back: the row is still there, unchecked.
        press(.key(.escape), .key(.down))
        #expect(
            state.bodyTable?.rows == [
                KeyValueRow(name: "a", value: "1"), KeyValueRow(name: "b", value: "x y", isEnabled: false),
            ])
        // Written as a comment among the headers (the hand-written one kept) and read back as a disabled row.
        press(.key(.escape))
        let text = try #require(state.currentRequest).rendered(separator: true)
        #expect(text.contains("# a note kept by hand\n# (disabled) b=x y\n\na=1\n"), "\(text)")
        let reread = try #require(HTTPFileParser.parse(Array(text.utf8), path: "requests.http").requests.first)
        #expect(DisabledFormFields.rows(in: reread) == [KeyValueRow(name: "b", value: "x y", isEnabled: false)])
        #expect(reread.formFields == [FormField(name: "a", value: "1")])
        press(.key(.down))
        // Enabled again: back in the body, the comment gone.
        press(.key(.end), .key(KeyEvent(.character(" "), modifiers: .control)))
        #expect(state.currentRequest?.body == "a=1&b=x y" || state.currentRequest?.body == "a=1&b=x%20y")
        #expect(DisabledFormFields.rows(in: try #require(state.currentRequest)).isEmpty)
        // Odd characters survive the comment.
        var request = try #require(state.currentRequest)
        let odd = KeyValueRow(name: "k=&%", value: "line\nbreak & 100%", isEnabled: false)
        DisabledFormFields.store([odd], in: &request)
        #expect(DisabledFormFields.rows(in: request) == [odd])
    }

    @Test mutating func editingHeadersKeepsCommentsThatAreNotHeaders() throws {
        try openBody("form")
        press(.key(.down), .key(.end), .key(KeyEvent(.character(" "), modifiers: .control)), .key(.escape))
        state.editor.tab = .headers
        press(.key(.down), .key(.insert))
        type("X-One")
        press(.key(.enter))
        type("1")
        press(.key(.enter))
        let lines = try #require(state.currentRequest?.headerLines)
        #expect(lines.contains(.comment("# a note kept by hand")))
        #expect(lines.contains(.comment("# (disabled) b=x y")))
        #expect(lines.contains(.field(name: "X-One", value: "1")))
    }

    // MARK: - File body prompt

    @Test mutating func aFolderIsRefusedAsAFileBodyAndThePromptStays() throws {
        try openBody("form")
        chooseKind(.file)
        press(.key(.enter))
        guard case .namePrompt(.bodyFile, let prompt) = state.overlay else {
            Issue.record("the prompt closed: \(String(describing: state.overlay))")
            return
        }
        #expect(prompt.text == "./")
        #expect(state.message?.isError == true)
        #expect(state.currentRequest?.body == "a=1&b=x+y")
        type("data.bin")
        press(.key(.enter))
        #expect(state.overlay == nil)
        #expect(state.currentRequest?.bodyFilePath == "./data.bin")
    }
}
