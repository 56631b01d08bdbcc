import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// A run reports a request's own errors with the request and the rest of a file's errors once, at the start;
/// both found in one pass over the file, so a file of many requests is not read once per request.
@Suite struct RunDiagnosticsTests {
    @Test func errorsInsideARequestGoWithItAndTheOthersGoFirst() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "a.http",
            """
            @ = 1

            ### one
            GET http://127.0.0.1/one

            ### two
            GET

            ### three
            GET http://127.0.0.1/three

            """)
        let workspace = try Workspace.load(at: folder.url)
        let run = CollectionRun(workspace: workspace, paths: ["a.http"])
        let requests = run.files.flatMap(\.requests)
        #expect(requests.count == 3)
        let problems = requests.map { workspace.problems(of: $0).map(\.location.line) }
        #expect(problems == [[], [7], []], "\(problems)")
        let general = run.diagnostics.filter { $0.severity == .error }.map(\.location.line)
        #expect(general == [1], "\(run.diagnostics)")
    }
}
