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

/// A load test on its own: L asks how long and how hard, the answer starts the load as an effect (one request
/// alone when a request is selected), its progress fills the run view, and the end is summed up in figures.
struct LoadTestFeatureTests {
    let folder: TemporaryWorkspace
    let context: RunFeature.Context
    let list = RequestID(path: "api/users.http", selector: "list")

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
        let workspace = try Workspace.load(at: folder.url)
        context = RunFeature.Context(
            selection: .request(list), workspace: workspace, access: .confined, environment: "local")
    }

    @Test func theLoadIsAskedForThenStartedForTheSelectedRequestAlone() throws {
        var run: RunFeature.State = nil
        let asked = RunFeature.reduce(.loadRequested, &run, context)
        guard case .present(.namePrompt(.loadTest(.request(list)), let prompt))? = asked.requests.first else {
            Issue.record("expected the load prompt, got \(asked.requests)")
            return
        }
        #expect(prompt.text == "10s 4" && run == nil)
        let started = RunFeature.reduce(.loadTyped(.request(list), "2s 3"), &run, context)
        guard case .loadCollection(1, let collection, let model)? = started.effects.first else {
            Issue.record("expected the load as an effect, got \(started.effects)")
            return
        }
        #expect(model == .closed(concurrency: 3, duration: .seconds(2)))
        #expect(collection.onlyRequest == list && collection.paths == ["api/users.http"])
        #expect(collection.environment == "local" && collection.access == .confined)
        let kept = collection.files.flatMap(\.requests).filter(collection.keeps).map(\.id)
        #expect(kept == [list])
        #expect(run?.load == model && run?.path == "api/users.http#list" && run?.isRunning == true)
        #expect(
            started.requests == [
                .present(.run(selection: 0)),
                .report(.info("Load testing api/users.http#list, closed: 3 senders for 2 s… Esc stops it.")),
            ])
        // While it runs, L shows it instead of asking again.
        #expect(RunFeature.reduce(.loadRequested, &run, context).requests == [.present(.run(selection: 0))])
    }

    @Test func whatIsNoLoadIsSaidAndNothingStarts() {
        var run: RunFeature.State = nil
        let refused = RunFeature.reduce(.loadTyped(.folder("api"), "soon\u{1B}[2J"), &run, context)
        #expect(run == nil && refused.effects.isEmpty)
        guard case .report(let message)? = refused.requests.first else {
            Issue.record("expected an error, got \(refused.requests)")
            return
        }
        #expect(message.isError && message.text.hasPrefix("\"soon\\x1b[2J\" is no load: a time"), "\(message.text)")
    }

    @Test func progressFillsTheViewAndTheEndIsSummedInFigures() throws {
        var run: RunFeature.State = nil
        _ = RunFeature.reduce(.loadTyped(.folder("api"), "1s 2"), &run, context)
        var latency = LatencyHistogram()
        for milliseconds in [1, 2, 2, 3] { latency.record(.milliseconds(milliseconds)) }
        let progress = LoadProgress(
            elapsed: .seconds(1), duration: .seconds(1), count: 4, errors: 1, recentRate: 4, latency: latency)
        _ = RunFeature.reduce(.loadProgressed(9, progress), &run, context)
        #expect(run?.loadProgress == nil, "another run's progress is dropped")
        _ = RunFeature.reduce(.loadProgressed(1, progress), &run, context)
        #expect(run?.loadProgress?.count == 4)
        let end = RunFeature.reduce(.finished(1, wasCanceled: false), &run, context)
        #expect(end.requests == [.report(.error("Load of api: 4 requests, 1 errors, 4/s, p50 2 ms, p99 3 ms"))])
    }
}
