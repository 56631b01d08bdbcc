import Glibc

/// This process's handling of signals, where a command sees them through a dispatch source instead.
public enum ProcessSignal {
    /// `SIGINT`, what Ctrl-C sends.
    public static let interrupt: Int32 = SIGINT

    /// Ignores `signal` in this process (`SIG_IGN`): its default action (ending the process) no longer happens,
    /// and a dispatch source made for it still hears it.
    public static func ignore(_ signal: Int32) {
        _ = Glibc.signal(signal, SIG_IGN)
    }
}
