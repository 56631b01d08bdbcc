import Glibc

/// Stops the process the way Ctrl-Z does in a cooked terminal, for full-screen programs that read the key
/// themselves in raw mode.
///
/// Call it inside ``NcursesBackend/suspend(_:)`` so the shell gets its terminal back first.
///
/// ```swift
/// backend.suspend { JobControl.stop() }   // returns after `fg`
/// ```
public enum JobControl {
    /// Sends SIGTSTP to the process group with the default action in place, so the shell sees the job
    /// stopped; returns once it is continued (`fg`). Without a job-control shell the kernel discards the
    /// signal and this returns at once.
    public static func stop() {
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        var previous = sigaction()
        sigaction(SIGTSTP, &standard, &previous)
        kill(0, SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }
}
