internal import CJavaScriptCore

/// One JavaScriptCore context group and global context with the API installed, reused for every script
/// of a runner (each script runs in its own function scope, so its declarations do not leak into the
/// next). Not thread-safe: `ScriptRunner` serialises calls.
final class ScriptEngine {
    private let api: UnsafePointer<FerryJSC>
    private let group: OpaquePointer?
    private let global: OpaquePointer?
    private let context: JavaScriptContext
    private let functions: NativeFunctionClass
    private let limit: ExecutionLimit
    private let slot = SessionSlot()
    private let runFunction: OpaquePointer?

    /// Creates the context and installs the API; throws when the prelude itself fails (a bug).
    init(api: UnsafePointer<FerryJSC>, limitSeconds: Double) throws(ScriptError) {
        self.api = api
        group = api.pointee.contextGroupCreate()
        global = api.pointee.globalContextCreateInGroup(group, nil)
        guard let global else {
            throw ScriptError(message: "JavaScriptCore could not create a context", location: nil, kind: .engineMissing)
        }
        context = JavaScriptContext(api: api, ref: global)
        functions = NativeFunctionClass(api: api)
        limit = ExecutionLimit(seconds: limitSeconds)
        let host = ScriptHost.make(in: context, functions: functions, slot: slot, values: DynamicValues())
        let installed: OpaquePointer?
        do throws(JavaScriptException) {
            let install = try context.evaluate(ScriptPrelude.source, sourceURL: ScriptPrelude.sourceURL, line: 1)
            let controller = try context.call(context.object(install), [host])
            installed = context.object(context.property("run", of: context.object(controller)))
        } catch {
            throw ScriptError(
                message: "the script API did not install: \(error.message)", location: nil, kind: .exception)
        }
        guard let installed else {
            throw ScriptError(message: "the script API did not install", location: nil, kind: .exception)
        }
        context.protect(installed)
        runFunction = installed
    }

    deinit {
        context.unprotect(runFunction)
        api.pointee.globalContextRelease(global)
        api.pointee.contextGroupRelease(group)
    }

    /// Runs `script` with `session`'s facts; what it produced lands in the returned outcome.
    func run(_ script: Script, session: ScriptSession, response: ScriptResponseFacts?) -> ScriptOutcome {
        slot.session = session
        defer { slot.session = nil }
        var outcome = ScriptOutcome()
        do throws(JavaScriptException) {
            let wrapped = "(function () {\n" + script.source + "\n})"
            let compiled = try context.evaluate(wrapped, sourceURL: session.sourceURL, line: 1)
            let facts = context.parseJSON(ScriptFacts.json(request: session.request, response: response))
            limit.arm(group, api: api)
            let exited = try context.call(runFunction, [compiled, facts])
            outcome.exited = context.truthy(exited)
        } catch {
            outcome.error = scriptError(error, session: session)
        }
        outcome.tests = session.tests
        outcome.log = session.log
        outcome.requestVariables = session.variables
        return outcome
    }

    private func scriptError(_ exception: JavaScriptException, session: ScriptSession) -> ScriptError {
        let location: ScriptLocation
        if innermostFrame(in: exception.stack, sourceURL: session.sourceURL) != nil {
            location = session.location(stack: exception.stack)
        } else if let line = exception.line, !exception.stack.contains(ScriptPrelude.sourceURL) {
            location = session.location(evaluatedLine: line, column: exception.column)
        } else {
            location = ScriptLocation(path: session.origin.path, line: session.origin.line)
        }
        if limit.expired {
            return ScriptError(
                message: "stopped after \(Self.seconds(limit.seconds)) s", location: location, kind: .timeout)
        }
        return ScriptError(message: exception.message, location: location, kind: .exception)
    }

    /// `5` for whole seconds, else `0.25`.
    private static func seconds(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
