import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// `Workspace.listRequests(at:_:)` (`ferry list`): the ids, methods, URLs and problems a loaded workspace gives,
/// read file by file without keeping any file's model.
@Suite struct WorkspaceListingTests {
    func listed(_ folder: TemporaryFolder) throws -> (rows: [String], diagnostics: [Diagnostic]?) {
        var rows: [String] = []
        let diagnostics = try Workspace.listRequests(at: folder.url) { id, method, url in
            rows.append("\(id) \(method) \(url)")
        }
        return (rows, diagnostics)
    }

    @Test func theListingIsWhatTheLoadedWorkspaceGives() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "### twice\nGET http://h/1\n\n### twice\nPOST http://h/2\n\n###\nGET http://h/3\n")
        try folder.write("b/c.http", "\u{FEFF}# @name one\nGET http://h/c\n    ?x=1\n")
        try folder.write("b/broken.http", "### bad\nGET\n\n### fine\nDELETE http://h/d\n")
        try folder.write(".ferry/hidden.http", "GET http://hidden\n")
        let workspace = try Workspace.load(at: folder.url)
        let (rows, diagnostics) = try listed(folder)
        #expect(rows == workspace.requests.map { "\($0.id) \($0.request.method) \($0.request.fullURL)" })
        #expect(rows.first == "a.http#1 GET http://h/1")
        #expect(diagnostics?.map(\.description) == workspace.diagnostics.map(\.description))
        #expect(diagnostics?.isEmpty == false)
    }

    @Test func aFileThatComposesOthersAsksForTheWholeWorkspace() throws {
        let folder = try TemporaryFolder()
        try folder.write("login.http", "# @name login\nPOST http://h/login\n")
        try folder.write("flow.http", "run ./login.http\n### after\nGET http://h/after\n")
        #expect(try listed(folder).diagnostics == nil)
    }
}
