/// What a run reports as it goes: problems in the files it runs, then each request's result as it finishes.
public enum RunEvent: Sendable {
    /// A problem in a file of the run that belongs to no request (a request's own problems make it
    /// ``RunOutcome/invalid``), or in the environment files.
    case diagnostic(Diagnostic)
    /// A request finished (or was skipped).
    case result(RequestRunResult)
}
