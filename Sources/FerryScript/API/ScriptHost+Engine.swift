internal import CJavaScriptCore

/// The host functions the prelude runs a script with, so that all of it happens inside the one entry into
/// the engine the watchdog times (``ScriptWatchdog``): compiling it, and draining its promise jobs.
extension ScriptHost {
    static func defineEngineFunctions(
        in context: JavaScriptContext, on host: OpaquePointer?, functions: NativeFunctionClass,
        group: OpaquePointer?, slot: SessionSlot
    ) {
        // `compile(source, sourceURL)`: the script as a function, its first line numbered 2 (line 1 is the
        // wrapper's). Code that closes the wrapper early runs here, still inside the entry; a syntax error is
        // thrown on as the engine made it, with its line.
        let compile = functions.make(in: context) { context, arguments throws(NativeFunctionError) in
            guard arguments.count == 2 else { throw NativeFunctionError(message: "compile(source, sourceURL)") }
            let source = "(function () {\n" + context.text(arguments[0]) + "\n})"
            do throws(JavaScriptException) {
                return try context.evaluate(source, sourceURL: context.text(arguments[1]), line: 1)
            } catch {
                throw NativeFunctionError(message: error.message, thrown: error.value)
            }
        }
        context.setProperty("compile", compile, on: host)
        // `drainJobs()`: the promise jobs the script queued (and those they queue), run now rather than when
        // the engine's lock is released, where each would be timed on its own.
        let drain = functions.make(in: context) { _, _ throws(NativeFunctionError) in
            guard let group else { return nil }
            ferry_jsc_drain_microtasks(group)
            return nil
        }
        context.setProperty("drainJobs", drain, on: host)
    }
}
