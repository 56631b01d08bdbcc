/// How long a test waits for an event before it fails: only a bound for a failure, never the expected time.
/// It is generous because a test waits for what it waits for on a busy 2-core machine: at the start of a full
/// run, a thousand tests and a CPU-bound process beside them, the first workbench launched in tmux took over
/// 90 s to draw (each of the test process's threads gets its share of the CPU before the child does).
public enum FailureBound {
    /// The default wait for an event (a frame on screen, an effect's answer, a process's exit).
    public static let event: Duration = .seconds(300)
}
