import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The session on its own: its reducer gets the workspace's state and a context, nothing else — no `AppState`,
/// no effects run. A file operation's result changes the workspace here; what it means for the drafts, the
/// responses and the tree goes out as hand-overs and one adoption, which the last test shows the root doing.
struct SessionFeatureTests {
    let folder: TemporaryWorkspace
    let workspace: Workspace
    var session: SessionFeature.State

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
        workspace = try Workspace.load(at: folder.url)
        session = SessionFeature.State(
            workspace: workspace, environments: workspace.environments(), environment: nil, dotenv: [:],
            processEnvironment: [:])
    }

    var list: RequestID { RequestID(path: "api/users.http", selector: "list") }
    var one: RequestID { RequestID(path: "api/users.http", selector: "one") }

    func context(drafts: [RequestID: SavedRequest] = [:]) -> SessionFeature.Context {
        SessionFeature.Context(drafts: drafts, keyMap: AppKeyMap.defaults)
    }

    func draft(of id: RequestID, url: String) throws -> SavedRequest {
        var request = try #require(AppState.savedRequest(id, in: workspace))
        request.url = url
        return request
    }

    @Test mutating func aMovedFolderHandsItsDraftsAndResponsesOnAndTheRootAdoptsItWithTheMove() throws {
        let output = SessionFeature.reduce(
            .itemChanged(.success(workspace), from: "api", to: "v2", copied: false), &session, context())
        #expect(
            output.requests == [
                .dispatch(.editor(.requestsRelocated(from: "api", to: "v2"))),
                .dispatch(.response(.requestsRelocated(from: "api", to: "v2"))),
                .adopt(WorkspaceAdoption(relocated: Relocation(from: "api", to: "v2"), selectItem: "v2")),
                .report(.info("Moved api to v2.")),
            ])
        #expect(output.effects.isEmpty)
    }

    @Test mutating func aDeletedFolderSaysHowManyUnsavedEditsWentToTheTrashWithIt() throws {
        let drafts = [list: try draft(of: list, url: "http://a"), one: try draft(of: one, url: "http://b")]
        let output = SessionFeature.reduce(
            .itemChanged(.success(workspace), from: "api", to: nil, copied: false), &session, context(drafts: drafts))
        #expect(output.requests.contains(.dispatch(.editor(.requestsTrashed(under: "api")))))
        #expect(
            output.requests.last
                == .report(.info("Moved api to the trash (.ferry/trash) with 2 unsaved edits; F9 restores it.")))
    }

    @Test mutating func aFailedSaveSaysWhyAndTellsTheScreenSoWqDoesNotQuit() throws {
        let saved = try #require(AppState.savedRequest(list, in: workspace))
        let output = SessionFeature.reduce(
            .saveFinished(list, saved, .failure(SaveFailure(message: "disk full"))), &session, context())
        #expect(output.requests == [.report(.error("disk full")), .dispatch(.app(.saveEnded(list, succeeded: false)))])
    }

    @Test mutating func aNewFileIsQueuedWithTheEditorToFocusButNeverOverAnExistingOne() {
        var output = SessionFeature.reduce(.nameTyped(.newFile(inFolder: "api"), "users"), &session, context())
        #expect(output.requests == [.report(.error("api/users.http exists already: pick another name."))])
        #expect(session.fileQueue.isIdle && session.focusAfterChange == nil)
        output = SessionFeature.reduce(.nameTyped(.newFile(inFolder: "api"), "orders"), &session, context())
        #expect(output.requests.isEmpty)
        #expect(session.fileQueue.waiting == [.change(.create(name: "first-request", inFile: "api/orders.http"))])
        #expect(session.focusAfterChange == .editor)
    }

    @Test mutating func anAnswerAnotherFeatureAskedForIsHandedToIt() {
        let output = SessionFeature.reduce(.nameTyped(.timeout(list), " 30 "), &session, context())
        #expect(output.requests == [.dispatch(.editor(.promptAnswered(.timeout(list), "30")))])
        #expect(session.fileQueue.isIdle)
    }

    @Test func aReloadSortsEachDraftByHowItsRequestChangedOnDisk() throws {
        let edited = try draft(of: list, url: "http://edited")
        let untouched = try draft(of: one, url: "http://mine")
        let getJSON = RequestID(path: "requests.http", selector: "get-json")
        let gone = try draft(of: getJSON, url: "http://gone")
        // On disk: `list` now says what its draft says, `one` is unchanged, `get-json` is removed.
        try "### list\n# @name list\nGET http://edited\n\n### one\n# @name one\nGET {{host}}/users/1\n"
            .write(to: folder.url.appendingPathComponent("api/users.http"), atomically: true, encoding: .utf8)
        try "### Post JSON\n# @name post-json\nPOST {{host}}/echo\n"
            .write(to: folder.url.appendingPathComponent("requests.http"), atomically: true, encoding: .utf8)
        let after = try Workspace.load(at: folder.url)
        let sorting = ReloadSorting(
            drafts: [list: edited, one: untouched, getJSON: gone], before: workspace, after: after)
        #expect(sorting.matching == [list])
        #expect(sorting.removed == [getJSON])
        #expect(sorting.conflicting.isEmpty)
    }

    @Test func theRootAdoptsAMoveTheOpenRequestAndCollapsedFoldersFollowing() async throws {
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        _ = AppReducer.perform(.show(list), &state)
        state.tree.setExpanded(false, ids: [.file("api/users.http")])
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("api"), to: folder.url.appendingPathComponent("v2"))
        let moved = try Workspace.load(at: folder.url)
        let tester = ReducerTester(state)
        tester.send(.workspace(.itemChanged(.success(moved), from: "api", to: "v2", copied: false))) {
            $0.session.workspace = moved
            $0.rebuildTree()
            $0.tree.setExpanded(false, ids: [.file("v2/users.http")])
            $0.openRequest = RequestID(path: "v2/users.http", selector: "list")
            $0.tree.select(id: .folder("v2"))
            $0.report(.info("Moved api to v2."))
        }
        await tester.finish()
    }
}
