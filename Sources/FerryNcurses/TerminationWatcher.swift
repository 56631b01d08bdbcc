import FerryTerminal
import Glibc

// Read and written by the signal handler: plain values only.
nonisolated(unsafe) private var terminationReceived: Int32 = 0
nonisolated(unsafe) private var terminationWakeDescriptor: Int32 = -1
nonisolated(unsafe) private var terminationPrevious: [sigaction] = []

/// Watches SIGINT, SIGTERM and SIGHUP without dying of them: a handler records the first one and wakes
/// the app loop through its `WakeSignal`, so the loop can end and the terminal be restored before the
/// process exits with 128 + the signal number.
///
/// Why not a `DispatchSource`: its registration completes asynchronously after `resume()`, and with the
/// signal already set to `SIG_IGN` a signal arriving in between was lost (the tmux test caught it). A
/// `sigaction` handler is in place the moment `init` returns; it only stores a number and writes one byte.
///
/// ```swift
/// let watcher = TerminationWatcher(waking: backend.wakeSignal)
/// try loop.run(…, isFinished: { $0.hasQuit || watcher.isRequested })
/// ```
public final class TerminationWatcher: @unchecked Sendable {
    /// The signals watched.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private var isActive = false

    /// Starts watching; `wake` is signalled when a termination signal arrives. Only one watcher may be
    /// active at a time.
    public init(waking wake: WakeSignal) {
        terminationReceived = 0
        terminationWakeDescriptor = wake.signalDescriptor
        terminationPrevious = Self.signals.map { signalNumber in
            var action = sigaction()
            action.__sigaction_handler.sa_handler = terminationHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            sigaction(signalNumber, &action, &previous)
            return previous
        }
        isActive = true
    }

    deinit {
        cancel()
    }

    // MARK: - API

    /// The first termination signal received, if any.
    public var receivedSignal: Int32? {
        let value = terminationReceived
        return value == 0 ? nil : value
    }

    /// Whether a termination signal arrived.
    public var isRequested: Bool { receivedSignal != nil }

    /// Stops watching and puts the previous handlers back.
    public func cancel() {
        guard isActive else { return }
        isActive = false
        for (signalNumber, previous) in zip(Self.signals, terminationPrevious) {
            var action = previous
            sigaction(signalNumber, &action, nil)
        }
        terminationWakeDescriptor = -1
    }
}

private func terminationHandler(_ signalNumber: Int32) {
    if terminationReceived == 0 { terminationReceived = signalNumber }
    if terminationWakeDescriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(terminationWakeDescriptor, &byte, 1)
    }
}
