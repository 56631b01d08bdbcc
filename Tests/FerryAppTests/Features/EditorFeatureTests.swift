import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The request editor on its own: a request from a parsed file as the one saved, no `AppState`, no disk. Each
/// edit is a draft written by an effect, and an edit that gives the file's version back drops the draft;
/// pickers are asked of the root.
struct EditorFeatureTests {
    static let id = RequestID(path: "requests.http", selector: "search")
    static let file = HTTPFileParser.parse(
        text: "### Search\n# @name search\nPOST http://127.0.0.1:9/search?q=ferry\nAccept: text/plain\n\n{\"a\": 1}\n",
        path: "requests.http")

    static var context: EditorFeature.Context {
        let saved = file.requests.first
        return EditorFeature.Context(
            saved: { $0 == id ? saved : nil },
            layout: WorkbenchLayout(size: Size(width: 100, height: 30)), completions: { _ in [] },
            root: URL(fileURLWithPath: "/nonexistent"), keyMap: AppKeyMap.defaults, plan: { nil })
    }

    @Test func typingInTheURLMakesADraftAndErasingItGivesTheFileBack() throws {
        var editor = EditorFeature.State(openRequest: Self.id)
        let typed = EditorFeature.reduce(.textTyped("&page=2"), &editor, Self.context)
        let draft = try #require(editor.drafts[Self.id])
        #expect(draft.fullURL == "http://127.0.0.1:9/search?q=ferry&page=2")
        guard case .writeDraft(Self.id, let written)? = typed.effects.first, written == draft else {
            Issue.record("expected the draft written, got \(typed.effects)")
            return
        }
        for _ in 0..<7 { _ = EditorFeature.reduce(.erased(backwards: true), &editor, Self.context) }
        #expect(editor.drafts.isEmpty, "the URL is the file's again")
    }

    @Test func theParamsTableWritesTheURLAndTheURLFieldFollows() throws {
        var editor = EditorFeature.State(openRequest: Self.id)
        #expect(EditorFeature.reduce(.tabEditingStarted, &editor, Self.context).requests.isEmpty)
        guard case .params(let table) = editor.mode else {
            Issue.record("Down on the Params tab gives its table the keyboard: \(editor.mode)")
            return
        }
        #expect(table.rows.map(\.name) == ["q"])
        _ = EditorFeature.reduce(
            .paramsEdited(.key(KeyEvent(.character(" "), modifiers: .control))), &editor, Self.context)
        #expect(editor.drafts[Self.id]?.fullURL == "http://127.0.0.1:9/search", "the row turned off leaves the URL")
        #expect(editor.urlEditor.text == "http://127.0.0.1:9/search", "the URL field shows it at once")
        _ = EditorFeature.reduce(.tabEditingEnded, &editor, Self.context)
        guard case .url = editor.mode else {
            Issue.record("Esc gives the keyboard back to the URL: \(editor.mode)")
            return
        }
    }

    @Test func pickersAreAskedOfTheRootAndFormattingTellsWhy() {
        var editor = EditorFeature.State(openRequest: Self.id)
        guard case .present(.methodPicker)? = EditorFeature.reduce(.methodCycled, &editor, Self.context).requests.first
        else {
            Issue.record("the method picker is the root's to show")
            return
        }
        editor.tab = .auth
        guard
            case .present(.authPicker)? = EditorFeature.reduce(.tabEditingStarted, &editor, Self.context).requests.first
        else {
            Issue.record("the Auth tab opens its picker")
            return
        }
        let formatted = EditorFeature.reduce(.bodyFormatRequested, &editor, Self.context)
        #expect(formatted.requests == [.report(.error("Only a JSON body can be formatted (F7 picks the body kind)."))])
        #expect(editor.drafts.isEmpty)
    }

    @Test func theChoicesAnswersEditTheDraftOrAskAgainWithTheReason() {
        var editor = EditorFeature.State(openRequest: Self.id)
        let picker = PickerDialogState(title: "Method", items: AppReducer.methodRows(for: "GE T"))
        let refused = EditorFeature.reduce(.methodChosen("GE T", picker: picker), &editor, Self.context)
        guard case .present(.methodPicker)? = refused.requests.first, refused.requests.count == 2 else {
            Issue.record("a method with a space asks again and says why: \(refused.requests)")
            return
        }
        #expect(editor.drafts.isEmpty)
        _ = EditorFeature.reduce(.methodChosen("PURGE", picker: picker), &editor, Self.context)
        #expect(editor.drafts[Self.id]?.method == "PURGE")
        let timeout = EditorFeature.reduce(.promptAnswered(.timeout(Self.id), "soon"), &editor, Self.context)
        #expect(timeout.requests == [.report(.error("The timeout is a number of seconds, such as 30."))])
        _ = EditorFeature.reduce(.promptAnswered(.timeout(Self.id), "30"), &editor, Self.context)
        #expect(editor.drafts[Self.id]?.directives.timeout == 30)
        let file = EditorFeature.reduce(.bodyKindChosen(.file), &editor, Self.context)
        #expect(editor.tab == .body)
        guard case .present(.namePrompt(.bodyFile(Self.id), _))? = file.requests.last,
            file.requests.first == .focus(.editor)
        else {
            Issue.record("a file body asks for its path, the editor taking the keyboard: \(file.requests)")
            return
        }
        let folder = EditorFeature.reduce(.promptAnswered(.bodyFile(Self.id), "./"), &editor, Self.context)
        #expect(folder.requests.count == 2, "a folder is no body file: asked again with the reason")
        _ = EditorFeature.reduce(.promptAnswered(.bodyFile(Self.id), "./body.json"), &editor, Self.context)
        #expect(editor.drafts[Self.id]?.bodyFilePath == "./body.json")
    }

    @Test func savingAndDiscardingAreAskedOfTheFilesAndDiscardingNamesWhatGoes() throws {
        var editor = EditorFeature.State(openRequest: Self.id)
        #expect(
            EditorFeature.reduce(.saveRequested, &editor, Self.context).requests == [
                .report(.info("No unsaved changes in \(Self.id)."))
            ])
        _ = EditorFeature.reduce(.textTyped("&page=2"), &editor, Self.context)
        let draft = try #require(editor.drafts[Self.id])
        let save = EditorFeature.reduce(.saveRequested, &editor, Self.context)
        #expect(save.requests == [.report(.info("Saving requests.http…")), .onFiles(.save(Self.id, draft))])
        #expect(editor.drafts[Self.id] == draft, "the draft stays until the file is written")

        let asked = EditorFeature.reduce(.discardRequested, &editor, Self.context)
        guard case .present(.confirmDiscard(Self.id, let lost))? = asked.requests.first else {
            Issue.record("discarding asks first: \(asked.requests)")
            return
        }
        #expect(
            lost == ["- POST http://127.0.0.1:9/search?q=ferry", "+ POST http://127.0.0.1:9/search?q=ferry&page=2"])
        editor.reloadConflicts = [Self.id]
        let discarded = EditorFeature.reduce(.discardConfirmed(Self.id), &editor, Self.context)
        #expect(editor.drafts.isEmpty && editor.reloadConflicts.isEmpty)
        #expect(editor.urlEditor.text == "http://127.0.0.1:9/search?q=ferry", "the URL field shows the file's version")
        guard case .writeDraft(Self.id, nil)? = discarded.effects.first else {
            Issue.record("the draft file goes too: \(discarded.effects)")
            return
        }
        #expect(
            EditorFeature.reduce(.discardRequested, &editor, Self.context).requests == [
                .report(.info("No unsaved changes to discard."))
            ])
    }

    @Test func theReloadQuestionsAnswersKeepTheEditsOrTakeTheFile() {
        var editor = EditorFeature.State(openRequest: Self.id)
        _ = EditorFeature.reduce(.textTyped("&page=2"), &editor, Self.context)
        editor.reloadConflicts = [Self.id]
        #expect(editor.nextReloadConflict(saved: Self.context.saved) == Self.id)
        _ = EditorFeature.reduce(.reloadAnswered(Self.id, keepsEdits: true), &editor, Self.context)
        #expect(editor.reloadConflicts.isEmpty && editor.drafts[Self.id] != nil, "kept: asked no more, the draft stays")
        editor.reloadConflicts = [Self.id]
        _ = EditorFeature.reduce(.reloadAnswered(Self.id, keepsEdits: false), &editor, Self.context)
        #expect(editor.reloadConflicts.isEmpty && editor.drafts.isEmpty, "the file's version: the draft goes")
        #expect(editor.urlEditor.text == "http://127.0.0.1:9/search?q=ferry")
        editor.reloadConflicts = [Self.id]
        #expect(editor.nextReloadConflict(saved: Self.context.saved) == nil, "no draft left: nothing to ask")
        #expect(editor.reloadConflicts.isEmpty)
    }

    @Test func openingARequestGivesTheURLFieldItsURLAndAGoneRequestCloses() {
        var editor = EditorFeature.State()
        editor.mode = .body(TextEditorState(text: "{}"))
        editor.urlEditor = TextEditorState(text: "http://other")
        #expect(EditorFeature.reduce(.requestOpened(Self.id), &editor, Self.context).effects.isEmpty)
        #expect(editor.openRequest == Self.id)
        #expect(editor.urlEditor.text == "http://127.0.0.1:9/search?q=ferry")
        guard case .url = editor.mode else {
            Issue.record("the URL field takes the keyboard: \(editor.mode)")
            return
        }
        let moved = RequestID(path: "v2/requests.http", selector: "search")
        var afterMove = Self.context
        afterMove.saved = { $0 == moved ? Self.file.requests.first : nil }
        _ = EditorFeature.reduce(
            .workspaceAdopted(Relocation(from: "requests.http", to: "v2/requests.http")), &editor, afterMove)
        #expect(editor.openRequest == moved, "the open request follows its file")
        _ = EditorFeature.reduce(.workspaceAdopted(nil), &editor, afterMove)
        #expect(editor.openRequest == moved, "nothing moved and the request is there: it stays open")
        _ = EditorFeature.reduce(.workspaceAdopted(nil), &editor, Self.context)
        #expect(editor.openRequest == nil, "a request gone from the workspace closes")
        #expect(editor.urlEditor.text == "")
    }
}
