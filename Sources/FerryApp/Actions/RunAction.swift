import FerryWorkbench

/// A run of the selected file or folder in the workbench (what `ferry run` does, shown as it goes).
enum RunAction: Sendable {
    /// Run the file or folder selected in the tree (the request's file when a request is selected), or show
    /// the run under way.
    case requested
    /// The `# @prompt` form's answers for a run of `path` (``PromptPurpose/run(path:)``): run with them.
    case answered(PromptedValues, path: String)
    /// Esc in the run view: cancel the run under way, else close the view.
    case cancelRequested
    /// Run `id` reported a problem of its files or a request's result.
    case eventArrived(Int, RunEvent)
    /// Run `id` ended: every request ran, or it was canceled.
    case finished(Int, wasCanceled: Bool)
    /// Enter on this row of the run view.
    case rowOpened(Int)
    /// Load test the request, file or folder selected in the tree: ask how long and how hard.
    case loadRequested
    /// The load asked for `target` was typed (`30s 8`, `1m 200/s`; see ``LoadModel/init(spec:)``).
    case loadTyped(CollectionNode?, String)
    /// The `# @prompt` form's answers for the load test of `target` as `spec` says: start it with them.
    case loadAnswered(PromptedValues, CollectionNode?, String)
    /// Load run `id` measured this much so far (about once a second, and once more at its end).
    case loadProgressed(Int, LoadProgress)
}
