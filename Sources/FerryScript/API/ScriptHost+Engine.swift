internal import CJavaScriptCore

/// The host functions the prelude runs a script with, so that all of it happens inside the one entry into
/// the engine the watchdog times (``ScriptWatchdog``): compiling it, and draining its promise jobs.
extension ScriptHost {
    static let engineFunctions: [String: Function] = [
        // `compile(source, sourceURL)`: the script as a function, its first line numbered 2 (line 1 is the
        // wrapper's). Code that closes the wrapper early runs here, still inside the entry; a syntax error is
        // thrown on as the engine made it, with its line.
        "compile": { context, arguments, _ throws(NativeFunctionError) in
            guard arguments.count == 2 else { throw NativeFunctionError(message: "compile(source, sourceURL)") }
            let source = "(function () {\n" + context.text(arguments[0]) + "\n})"
            do throws(JavaScriptException) {
                return try context.evaluate(source, sourceURL: context.text(arguments[1]), line: 1)
            } catch {
                throw NativeFunctionError(message: error.message, thrown: error.value)
            }
        },
        // `drainJobs()`: the promise jobs the script queued (and those they queue), run now rather than when
        // the engine's lock is released, where each would be timed on its own.
        "drainJobs": { _, _, realm throws(NativeFunctionError) in
            guard let group = realm.group else { return nil }
            ferry_jsc_drain_microtasks(group)
            return nil
        },
    ]
}
