internal import CJavaScriptCore
import FerrySystem

/// Stops a script that runs too long, grows the process by too much memory, or whose task was canceled.
///
/// JavaScriptCore's watchdog (the context group's execution time limit) calls back after every `slice` of
/// the thread's CPU time within one entry into the engine; the callback counts the slices and answers
/// whether to stop. Everything a script runs happens inside one entry (its promise jobs are drained from
/// inside it, `ferry_jsc_drain_microtasks`), so the slices add up over the whole script. Once it stopped,
/// the limit drops to a millisecond, so a job still queued stops at its first check, wherever the engine
/// runs it.
final class ScriptWatchdog {
    /// Why a script was stopped.
    enum Reason {
        /// It used its CPU time.
        case time
        /// The process grew by more than the memory limit while it ran.
        case memory
        /// The task running it was canceled (Esc, Ctrl-C).
        case canceled
    }

    /// The CPU time a script may use.
    let seconds: Double
    /// How many bytes the process may grow by while a script runs.
    let memoryLimit: Int
    /// Why the current (or last) script was stopped; nil while it may run.
    private(set) var reason: Reason?
    private let group: OpaquePointer?
    private let api: UnsafePointer<FerryJSC>
    private let slice: Double
    private var used = 0.0
    private var baseline = 0

    /// How often the callback asks: at most a twentieth of a second of CPU, so a cancel lands well within
    /// a second even on a busy machine.
    static let longestSlice = 0.05
    /// The limit once a script stopped: any job left stops at once.
    private static let stopping = 0.001

    init(group: OpaquePointer?, api: UnsafePointer<FerryJSC>, seconds: Double, memoryLimit: Int) {
        self.group = group
        self.api = api
        self.seconds = seconds
        self.memoryLimit = memoryLimit
        slice = max(0.001, min(Self.longestSlice, seconds))
    }

    /// Starts watching a new script: its CPU time from zero, its memory from what the process holds now.
    func arm() {
        reason = nil
        used = 0
        baseline = ProcessMemory.residentBytes() ?? 0
        limit(slice)
    }

    /// Whether the process grew by more than a twentieth of the memory limit since ``arm()``: worth a full
    /// collection once the script's realm is gone.
    var grewNoticeably: Bool {
        guard let resident = ProcessMemory.residentBytes() else { return false }
        return resident - baseline > memoryLimit / 20
    }

    /// The watchdog's question, after another slice of CPU time: stop now?
    fileprivate func shouldStop() -> Bool {
        if reason == nil {
            used += slice
            if Task.isCancelled {
                reason = .canceled
            } else if used >= seconds {
                reason = .time
            } else if let resident = ProcessMemory.residentBytes(), resident - baseline > memoryLimit {
                reason = .memory
            }
        }
        limit(reason == nil ? slice : Self.stopping)
        return reason != nil
    }

    private func limit(_ seconds: Double) {
        // Set again from inside the callback too: the engine restarts its timer only when the limit is set.
        api.pointee.contextGroupSetExecutionTimeLimit(
            group, seconds,
            { _, info in
                guard let info else { return true }
                return Unmanaged<ScriptWatchdog>.fromOpaque(info).takeUnretainedValue().shouldStop()
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
