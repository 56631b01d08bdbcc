import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The tree feature on its own: its reducer gets the tree's state and a context, and nothing else — no
/// `AppState`, no effects run, no disk (the workspace is read once, before). What it cannot change itself it
/// asks of the root, and the last test shows the root doing it.
struct TreeFeatureTests {
    let folder: TemporaryWorkspace
    let workspace: Workspace
    var tree: TreeFeature.State

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
        workspace = try Workspace.load(at: folder.url)
        tree = TreeFeature.State(filterMode: .substring, usesVimKeys: false)
        tree.roots = CollectionTree.roots(of: workspace)
        tree.setExpanded(true, ids: CollectionTree.branches(of: tree.roots))
    }

    /// The context of a focused tree in a 30-row pane, with `drafts`.
    func context(focused: Bool = true, drafts: [RequestID: SavedRequest] = [:]) -> TreeFeature.Context {
        TreeFeature.Context(
            keyMap: AppKeyMap.defaults, isFocused: focused, listArea: Rect(x: 0, y: 0, width: 30, height: 30),
            workspace: workspace, drafts: drafts)
    }

    var users: RequestID { RequestID(path: "api/users.http", selector: "list") }

    @Test mutating func enterOnARequestAsksTheRootToOpenItAndOnAFolderToggles() throws {
        tree.select(id: .request(users))
        let opened = TreeFeature.reduce(.rowActivated, &tree, context())
        #expect(opened.requests == [.open(users)])
        #expect(opened.effects.isEmpty)
        tree.select(id: .folder("api"))
        let before = tree.expanded
        let toggled = TreeFeature.reduce(.rowActivated, &tree, context())
        #expect(toggled.requests.isEmpty)
        #expect(tree.expanded != before && !tree.expanded.contains(.folder("api")))
    }

    @Test mutating func newThingsAreNamedInTheSelectedRowsFolderAndOnlyWhileFocused() {
        tree.select(id: .request(users))
        #expect(TreeFeature.reduce(.newFolderRequested, &tree, context(focused: false)).requests.isEmpty)
        guard
            case .present(.namePrompt(.newFolder(let parent), _))? =
                TreeFeature.reduce(.newFolderRequested, &tree, context()).requests.first
        else {
            Issue.record("no prompt for the folder's name")
            return
        }
        #expect(parent == "api")
        guard
            case .present(.namePrompt(.newRequest(let file), _))? =
                TreeFeature.reduce(.newRequestRequested, &tree, context()).requests.first
        else {
            Issue.record("no prompt for the request's name")
            return
        }
        #expect(file == "api/users.http")
        // A folder holds no requests: a new request there gets a file of its own.
        tree.select(id: .folder("api"))
        guard
            case .present(.namePrompt(.newFile(let inFolder), _))? =
                TreeFeature.reduce(.newRequestRequested, &tree, context()).requests.first
        else {
            Issue.record("no prompt for the file's name")
            return
        }
        #expect(inFolder == "api")
    }

    @Test mutating func aRequestWithUnsavedEditsIsNotRenamedOrMoved() throws {
        tree.select(id: .request(users))
        let draft = try #require(workspace.files.first { $0.path == "api/users.http" }?.requests.first?.request)
        for command in [TreeItemCommand.rename, .move] {
            let output = TreeFeature.reduce(.itemCommand(command), &tree, context(drafts: [users: draft]))
            guard case .report(let message)? = output.requests.first else {
                Issue.record("\(command): expected a message, got \(output.requests)")
                continue
            }
            #expect(message.isError && message.text.contains("Save (Ctrl-S) or undo the edits of \(users)"))
        }
        guard
            case .present(.namePrompt(.rename(users), let prompt))? =
                TreeFeature.reduce(.itemCommand(.rename), &tree, context()).requests.first
        else {
            Issue.record("no rename prompt without edits")
            return
        }
        #expect(prompt.text == "list")
    }

    @Test mutating func deletingAFolderAsksNamingItsRequestsAndUnsavedEdits() throws {
        tree.select(id: .folder("api"))
        let draft = try #require(workspace.files.first { $0.path == "api/users.http" }?.requests.first?.request)
        let output = TreeFeature.reduce(.itemCommand(.delete), &tree, context(drafts: [users: draft]))
        #expect(output.requests == [.present(.confirmDeleteItem(path: "api", requests: 2, unsaved: 1))])
    }

    @Test mutating func slashStartsAFreshFilterKeepingTheSelection() {
        let one = RequestID(path: "api/users.http", selector: "one")
        tree.setFilter("one")
        tree.select(id: .request(one))
        let output = TreeFeature.reduce(.filterRequested, &tree, context())
        #expect(output.requests == [.present(.treeFilter(""))])
        #expect(tree.filter.isEmpty && tree.selectedID == .request(one))
    }

    @Test mutating func anUnboundLetterSaysHowToFilterAndChangesNothing() {
        let before = tree.selectedID
        let output = TreeFeature.reduce(.unboundLetterTyped("x"), &tree, context())
        guard case .report(let message)? = output.requests.first else {
            Issue.record("expected a hint, got \(output.requests)")
            return
        }
        #expect(message.text == "x is no command in the tree: / filters, F1 lists the keys.")
        #expect(tree.selectedID == before && output.effects.isEmpty)
    }

    @Test func theRootScopesTheTreeAndDoesWhatItAsks() async throws {
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        state.tree.select(id: .request(users))
        let tester = ReducerTester(state)
        tester.press(.key(.enter)) {
            _ = AppReducer.perform(.show(users), &$0)
            $0.panes.focus = .editor
        }
        tester.press(.key(KeyEvent(.tab, modifiers: .shift))) { $0.panes.focus = .tree }
        tester.press(.character("f")) {
            $0.overlay = .namePrompt(
                .newFolder(parent: "api"), PromptDialogState(title: "New folder in api", label: "Name"))
        }
        await tester.finish()
    }
}
