internal import CJavaScriptCore

/// Stops a script that runs past `seconds`: JavaScriptCore's watchdog asks `shouldTerminate`, which
/// records that the limit, not the script, ended the run.
final class ExecutionLimit {
    let seconds: Double
    private(set) var expired = false

    init(seconds: Double) { self.seconds = seconds }

    /// Arms the limit on `group` for the next run.
    func arm(_ group: OpaquePointer?, api: UnsafePointer<FerryJSC>) {
        expired = false
        api.pointee.contextGroupSetExecutionTimeLimit(
            group, seconds,
            { _, info in
                guard let info else { return true }
                Unmanaged<ExecutionLimit>.fromOpaque(info).takeUnretainedValue().expired = true
                return true
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
