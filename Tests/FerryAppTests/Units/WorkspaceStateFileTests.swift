import Foundation
import Testing

@testable import FerryApp

/// The workspace state file (`.ferry`) remembering the environment.
@Suite("Workspace state file")
struct WorkspaceStateFileTests {
    @Test func stateFileRemembersTheEnvironment() throws {
        let folder = try TemporaryWorkspace(requests: "GET http://x\n", environments: [:])
        let state = folder.url.appendingPathComponent(".ferry")
        #expect(WorkspaceStateFile.read(from: state).environment == nil)
        try WorkspaceStateFile(environment: "staging").write(to: state)
        #expect(WorkspaceStateFile.read(from: state).environment == "staging")
    }
}
