import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The run feature on its own: the latest run as its state, what to run from a context, the run view and
/// messages asked of the root, the run itself an effect (not run here).
struct RunFeatureTests {
    let folder: TemporaryWorkspace
    let context: RunFeature.Context

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder(extraFiles: ["empty/notes.txt": "no requests\n"])
        let workspace = try Workspace.load(at: folder.url)
        context = RunFeature.Context(
            selection: .folder("api"), workspace: workspace, access: .confined, environment: "local")
    }

    @Test func aRunStartsAsAnEffectAndShowsTheRunViewOnce() {
        var run: RunFeature.State = nil
        let started = RunFeature.reduce(.requested, &run, context)
        guard case .runCollection(let id, let collection)? = started.effects.first else {
            Issue.record("expected the run as an effect, got \(started.effects)")
            return
        }
        #expect(id == 1 && run?.id == 1 && run?.path == "api" && run?.isRunning == true)
        #expect(collection.environment == "local" && collection.access == .confined)
        #expect(started.requests == [.present(.run(selection: 0)), .report(.info("Running api… Esc cancels."))])
        // Asked again while it runs: the view shows that run, and nothing new starts.
        let again = RunFeature.reduce(.requested, &run, context)
        #expect(again.effects.isEmpty && again.requests == [.present(.run(selection: 0))])
    }

    @Test func aFolderWithoutRequestFilesSaysSoAndStartsNothing() {
        var run: RunFeature.State = nil
        var context = context
        context.selection = .folder("empty")
        let output = RunFeature.reduce(.requested, &run, context)
        #expect(run == nil && output.effects.isEmpty)
        #expect(output.requests == [.report(.error("empty holds no request file to run."))])
    }

    @Test func resultsOfAnotherRunAreDroppedAndTheEndIsSummed() throws {
        var run: RunFeature.State = nil
        _ = RunFeature.reduce(.requested, &run, context)
        let diagnostic = Diagnostic("broken", at: SourceLocation(file: "api/users.http", line: 1))
        _ = RunFeature.reduce(.eventArrived(7, .diagnostic(diagnostic)), &run, context)
        #expect(run?.diagnostics.isEmpty == true)
        _ = RunFeature.reduce(.eventArrived(1, .diagnostic(diagnostic)), &run, context)
        #expect(run?.diagnostics.count == 1)
        let end = RunFeature.reduce(.finished(1, wasCanceled: false), &run, context)
        #expect(run?.isRunning == false)
        #expect(end.requests == [.report(.error("Run of api: 0 passed, 0 failed"))])
        // Esc once it ended closes the view.
        #expect(RunFeature.reduce(.cancelRequested, &run, context).requests == [.dismiss])
    }
}
