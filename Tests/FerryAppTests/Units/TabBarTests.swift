import FerryTerminal
import FerryWorkbench
import Testing

@testable import FerryApp

/// The editor's and the response's tab bars, drawn by the widgets' `Tabs`: the selected tab stays in view on a
/// narrow terminal, and a click selects the tab the screen shows under it.
@Suite("Tab bars")
struct TabBarTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        // 60 columns: the editor's five tab titles need 42 columns, its pane has 40 inside the border.
        state = try folder.loadState(size: Size(width: 60, height: 24))
        state.panes.focus = .editor
    }

    /// The screen as drawn now.
    func screen() -> [String] {
        var frame = Frame(size: state.size)
        frame.render(WorkbenchView(state: state), area: frame.area)
        return frame.buffer.lines
    }

    /// The column where `title` starts on row `y` of the screen, if it is shown whole.
    func column(of title: String, onRow y: Int) -> Int? {
        let row = Array(screen()[y])
        let characters = Array(title)
        return row.indices.first { Array(row[$0..<min(row.count, $0 + characters.count)]) == characters }
    }

    @Test mutating func theSelectedEditorTabShowsWholeWhenTheTitlesDoNotFit() throws {
        let tabRow = state.layout.editorTabs.y
        state.editor.tab = .options
        let options = try #require(column(of: "Options", onRow: tabRow), "\(screen()[tabRow])")
        #expect(column(of: "Params", onRow: tabRow) == nil)
        // A click on the title the screen shows selects that tab.
        state.editor.tab = .params
        #expect(column(of: "Options", onRow: tabRow) == nil)
        let auth = try #require(column(of: "Auth", onRow: tabRow))
        state.feed([.mouse(MouseEvent(.press(.left), at: Position(x: auth, y: tabRow)))])
        #expect(state.editor.tab == .auth)
        state.editor.tab = .options
        state.feed([.mouse(MouseEvent(.press(.left), at: Position(x: options + 3, y: tabRow)))])
        #expect(state.editor.tab == .options)
    }
}
