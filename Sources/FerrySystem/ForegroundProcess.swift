import Glibc

/// A program run in the foreground of the terminal, as `system(3)` runs one, and waited for: the way Ferry hands
/// the terminal to `$EDITOR`.
///
/// While the child runs, Ctrl-C and Ctrl-\ are ignored here (they are the child's) and Ctrl-Z has its default
/// action (the child, suspended, stops its whole process group, this process too, which continues with it);
/// the child starts with an empty signal mask and default handling of the job-control and terminal signals,
/// this process's environment and descriptors.
///
/// ```swift
/// let ended = try ForegroundProcess.run(["/bin/sh", "-c", "vi \"$1\"", "sh", path])
/// if ended.signal == nil && ended.exitCode == 0 { … }
/// ```
public enum ForegroundProcess {
    /// How the child ended.
    public struct Termination: Sendable, Hashable {
        /// Its exit status, or 128 plus the signal that ended it.
        public var exitCode: Int32
        /// The signal that ended it, or `nil` when it exited.
        public var signal: Int32?
    }

    /// Runs `arguments` (the first one the program's path) and waits for it to end; throws when it cannot be
    /// started (`posix_spawn`) or waited for.
    public static func run(_ arguments: [String]) throws(SystemError) -> Termination {
        guard let program = arguments.first else { throw SystemError(call: "posix_spawn", code: EINVAL) }
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var savedInterrupt = sigaction()
        var savedQuit = sigaction()
        sigaction(SIGINT, &ignore, &savedInterrupt)
        sigaction(SIGQUIT, &ignore, &savedQuit)
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        var savedStop = sigaction()
        sigaction(SIGTSTP, &standard, &savedStop)
        defer {
            sigaction(SIGINT, &savedInterrupt, nil)
            sigaction(SIGQUIT, &savedQuit, nil)
            sigaction(SIGTSTP, &savedStop, nil)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGTERM, SIGHUP] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, nil, &attributes, &argv, environ)
        guard spawned == 0 else { throw SystemError(call: "posix_spawn", code: spawned) }
        var status: Int32 = 0
        try SystemCall.checked("waitpid") { waitpid(pid, &status, 0) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (the macros are not imported).
        let signal = status & 0x7F
        if signal == 0 { return Termination(exitCode: (status >> 8) & 0xFF, signal: nil) }
        return Termination(exitCode: 128 + signal, signal: signal)
    }
}
