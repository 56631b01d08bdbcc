import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The Params tab's query table: rows as the URL writes them (percent-encoding and `{{variables}}` kept),
/// edits written back into the URL at once, typed characters that would break the query encoded.
@Suite("Params table")
struct ParamsTableTests {
    var state: AppState
    let folder: TemporaryWorkspace
    let id = RequestID(path: "requests.http", selector: "search")

    init() throws {
        folder = try TemporaryWorkspace(
            requests: """
                ### search
                # @name search
                GET {{host}}/search?q=caf%C3%A9%20au%20lait&page={{page}}&flag#top

                """, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
        // The Params tab's table, as a user reaches it: Tab to the editor, Down from the URL.
        state.feed([.key(.tab), .key(.down)])
    }

    mutating func press(_ events: InputEvent...) { state.feed(events) }
    mutating func type(_ text: String) { state.feed(InputEvent.typing(text)) }

    var url: String? { state.currentRequest?.fullURL }

    @Test func rowsAreThePairsAsWritten() throws {
        let table = try #require(state.paramsTable)
        #expect(
            table.rows == [
                KeyValueRow(name: "q", value: "caf%C3%A9%20au%20lait"), KeyValueRow(name: "page", value: "{{page}}"),
                KeyValueRow(name: "flag", value: ""),
            ])
        #expect(state.keyContexts == [.table])
        #expect(state.editor.drafts[id] == nil, "opening the table changes nothing")
    }

    @Test mutating func editingAValueRewritesOnlyThatPairAndTheFieldShowsIt() throws {
        // Second row, value column, edit: replace {{page}} with "2 & more".
        press(.key(.down), .key(.right), .key(.enter))
        for _ in 0..<"{{page}}".count { press(.key(.backspace)) }
        type("2 & more")
        press(.key(.enter))
        #expect(url == "{{host}}/search?q=caf%C3%A9%20au%20lait&page=2%20%26%20more&flag#top")
        #expect(state.editor.urlEditor.text == url)
        #expect(state.editor.drafts[id] != nil)
    }

    @Test mutating func addingDisablingAndDeletingRowsKeepTheURLInStep() throws {
        press(.key(.insert))
        type("sort")
        press(.key(.tab))
        type("{{order}}")
        press(.key(.enter))
        // The new row goes below the selected (first) one.
        #expect(url == "{{host}}/search?q=caf%C3%A9%20au%20lait&sort={{order}}&page={{page}}&flag#top")
        // Space on the first row leaves it out of the URL; the table still shows it.
        press(.key(.home), .key(KeyEvent(.character(" "), modifiers: .control)))
        #expect(url == "{{host}}/search?sort={{order}}&page={{page}}&flag#top")
        #expect(state.paramsTable?.rows.count == 4)
        press(.key(.down), .key(.delete), .key(.delete), .key(.delete))
        #expect(url == "{{host}}/search#top")
        // Esc gives the keyboard back to the URL; typing there shows in the table when it opens again.
        press(.key(.escape))
        type("?x=1")
        #expect(url == "{{host}}/search#top?x=1")
        press(.key(.end))
        state.feed([.key(.down)])
        #expect(state.paramsTable?.rows.isEmpty == true, "`?` after `#` is part of the fragment")
    }

    /// The slip users met: `dev` typed on `[x] q …` deleted the row at `d`; `newp` gave `pagewp`. Letters are
    /// text: they edit the cell, Esc takes the edit back, and nothing else changes.
    @Test mutating func lettersTypedOnARowEditItsCellAndNeverDeleteIt() throws {
        let before = try #require(state.paramsTable?.rows)
        for word in ["dev", "newp", "aoeij", " hl"] {
            type(word)
            #expect(state.paramsTable?.rows == before, "\(word)")
            #expect(state.paramsTable?.isEditing == true)
            press(.key(.escape))
            #expect(state.paramsTable?.rows == before && state.editor.drafts[id] == nil, "\(word)")
        }
        // Kept with Enter, the typed text is the cell's.
        press(.key(.right))
        type("-x")
        press(.key(.enter))
        #expect(url == "{{host}}/search?q=caf%C3%A9%20au%20lait-x&page={{page}}&flag#top")
    }

    @Test mutating func ctrlZBringsADeletedRowBackIntoTheURL() {
        press(.key(.down), .key(.delete))
        #expect(url == "{{host}}/search?q=caf%C3%A9%20au%20lait&flag#top")
        press(.control("z"))
        #expect(url == "{{host}}/search?q=caf%C3%A9%20au%20lait&page={{page}}&flag#top")
        #expect(state.paramsTable?.rows.count == 3)
    }

    /// F1 on the table lists the table's own keys, not the URL field's.
    @Test mutating func f1ListsTheTablesKeys() {
        let bindings = state.keyMap.activeBindings(in: state.keyContexts).map(\.action)
        #expect(bindings.contains(AppCommand.deleteRow.rawValue))
        #expect(bindings.contains(AppCommand.undoRows.rawValue))
        #expect(!bindings.contains(AppCommand.complete.rawValue))
    }

    @Test func urlsWithoutAQueryAndVariablesHoldingQuestionMarks() {
        #expect(QueryRows.rows(of: "{{host}}/a").isEmpty)
        #expect(QueryRows.rows(of: "{{base?}}/a?b=1") == [KeyValueRow(name: "b", value: "1")])
        #expect(
            QueryRows.rows(of: "/a?x={{$random.integer(1, 10)}}&y={{a&b}}")
                == [
                    KeyValueRow(name: "x", value: "{{$random.integer(1, 10)}}"),
                    KeyValueRow(name: "y", value: "{{a&b}}"),
                ])
        #expect(QueryRows.url("/a", with: [KeyValueRow(name: "a=b", value: "100%")]) == "/a?a%3Db=100%25")
        #expect(QueryRows.url("/a?x=1#f", with: []) == "/a#f")
    }
}
