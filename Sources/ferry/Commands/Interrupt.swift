import Dispatch
import FerrySystem
import Foundation

/// Watches SIGINT (Ctrl-C) while a command runs: the signal is ignored by default handling and
/// seen through a dispatch source, which runs the current cancel action and wakes any waiter.
final class Interrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    private var action: @Sendable () -> Void = {}
    private let wake = DispatchSemaphore(value: 0)
    private let source: DispatchSourceSignal

    init() {
        ProcessSignal.ignore(ProcessSignal.interrupt)
        // A queue of its own, not a global one: a response handler running on a pool thread must not keep
        // Ctrl-C waiting for a free thread until it ends.
        source = DispatchSource.makeSignalSource(
            signal: ProcessSignal.interrupt, queue: DispatchQueue(label: "ferry.interrupt"))
        source.setEventHandler { [weak self] in self?.raise() }
        source.resume()
    }

    /// Whether Ctrl-C was pressed.
    var isRaised: Bool {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }

    /// Sets what to do on Ctrl-C; runs it at once if Ctrl-C already came.
    func onRaise(_ newAction: @escaping @Sendable () -> Void) {
        lock.lock()
        action = newAction
        let already = raised
        lock.unlock()
        if already { newAction() }
    }

    /// Waits up to `seconds`; returns `true` when Ctrl-C came first.
    func wait(seconds: Double) -> Bool {
        if isRaised { return true }
        _ = wake.wait(timeout: .now() + seconds)
        return isRaised
    }

    /// Stops watching.
    func stop() { source.cancel() }

    private func raise() {
        lock.lock()
        raised = true
        let current = action
        lock.unlock()
        current()
        wake.signal()
    }
}
