import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The tree filter matches what a user knows a request by — its name, its file, its folder, its id, its URL —
/// shows a matched file or folder with everything in it, and each `/` starts afresh.
@Suite("Tree filter")
struct TreeFilterTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
        state = try folder.loadState(size: Size(width: 100, height: 30))
    }

    mutating func filter(_ text: String) {
        state.panes.focus = .tree
        state.feed([.character("/")] + InputEvent.typing(text) + [.key(.enter)])
    }

    var titles: [String] { state.visibleTreeRows.map(\.title) }

    @Test mutating func aFileNameShowsTheFileWithItsRequestsAndEnterOpensOne() throws {
        filter("users.http")
        #expect(titles.contains("users.http"), "\(titles)")
        #expect(titles.contains("list") && titles.contains("one"), "\(titles)")
        #expect(!titles.contains("get-json"), "\(titles)")
        // Down onto its first request and Enter opens it.
        state.feed([.key(.down), .key(.down)])
        state.feed([.key(.enter)])
        #expect(state.openRequest?.path == "api/users.http", "\(String(describing: state.openRequest))")
    }

    @Test mutating func anIdMatchesItsRequest() {
        filter("#post-json")
        #expect(titles.contains("post-json"), "\(titles)")
        #expect(!titles.contains("get-json"), "\(titles)")
    }

    @Test mutating func eachSlashStartsAfresh() {
        filter("users")
        #expect(state.tree.filter == "users")
        filter("json")
        #expect(state.tree.filter == "json", "typed after a new / is the whole filter, not appended")
        state.feed([.character("/")])
        guard case .treeFilter(let text) = state.overlay else {
            Issue.record("expected the filter prompt")
            return
        }
        #expect(text.isEmpty && state.tree.filter.isEmpty)
    }
}
