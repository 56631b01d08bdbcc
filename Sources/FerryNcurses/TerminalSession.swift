import FerryTerminal
import Foundation

/// Runs a full-screen program on the process's terminal and always gives the terminal back: on a normal
/// return, a thrown error, SIGINT/SIGTERM/SIGHUP (exit status 128 + signal) and, through the crash
/// handlers, on a crash signal.
///
/// ```swift
/// let status = TerminalSession.run { backend, termination in
///     try loop(on: backend).run(…, isFinished: { $0.hasQuit || termination.isRequested })
///     return 0
/// }
/// exit(status)
/// ```
public enum TerminalSession {
    /// Starts ncurses, runs `body`, restores the terminal and returns the exit status.
    ///
    /// A thrown error is printed to standard error after the terminal is restored and gives status 1.
    public static func run(_ body: (NcursesBackend, TerminationWatcher) throws -> Int32) -> Int32 {
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend()
        } catch {
            report(error)
            return 1
        }
        let watcher = TerminationWatcher(waking: backend.wakeSignal)
        let status: Int32
        do {
            status = try body(backend, watcher)
            backend.restore()
        } catch {
            backend.restore()
            report(error)
            watcher.cancel()
            return 1
        }
        watcher.cancel()
        if let signalNumber = watcher.receivedSignal { return 128 + signalNumber }
        return status
    }

    /// Writes `ferry: ERROR` to standard error, made safe on a terminal (errors quote file names and text
    /// from the workspace).
    private static func report(_ error: any Error) {
        let bytes = Array("ferry: \(error)\n".utf8)
        FileHandle.standardError.write(Data(isatty(STDERR_FILENO) == 1 ? SafeTextStream.sanitized(bytes) : bytes))
    }
}
