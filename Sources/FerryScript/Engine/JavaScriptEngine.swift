internal import CJavaScriptCore
import FerryDynamic
import FerryWorkbench

/// One JavaScriptCore context group and global context with the API installed, reused for every script
/// of a runner (each script runs in its own function scope, so its declarations do not leak into the
/// next). Not thread-safe: `ScriptRunner` serialises calls.
final class JavaScriptEngine {
    private let api: UnsafePointer<FerryJSC>
    private let group: OpaquePointer?
    private let global: OpaquePointer?
    private let context: JavaScriptContext
    private let functions: NativeFunctionClass
    private let limit: ExecutionLimit
    private let slot = SessionSlot()
    private let runFunction: OpaquePointer?
    private let listensFunction: OpaquePointer?
    private let deliverFunction: OpaquePointer?
    private let finishFunction: OpaquePointer?

    /// Creates the context and installs the API; throws when the prelude itself fails (a bug).
    init(api: UnsafePointer<FerryJSC>, limitSeconds: Double) throws(ScriptError) {
        self.api = api
        group = api.pointee.contextGroupCreate()
        global = api.pointee.globalContextCreateInGroup(group, nil)
        guard let global else {
            throw ScriptError(message: "JavaScriptCore could not create a context", location: nil, kind: .engineMissing)
        }
        let context = JavaScriptContext(api: api, ref: global)
        self.context = context
        functions = NativeFunctionClass(api: api)
        limit = ExecutionLimit(seconds: limitSeconds)
        let host = ScriptHost.make(in: context, functions: functions, slot: slot, values: DynamicValues())
        let controller: OpaquePointer?
        do throws(JavaScriptException) {
            let install = try context.evaluate(ScriptPrelude.source, sourceURL: ScriptPrelude.sourceURL, line: 1)
            controller = context.object(try context.call(context.object(install), [host]))
        } catch {
            throw ScriptError(
                message: "the script API did not install: \(error.message)", location: nil, kind: .exception)
        }
        let functions = ["run", "listens", "deliver", "finish"].map {
            context.object(context.property($0, of: controller))
        }
        guard functions.allSatisfy({ $0 != nil }) else {
            throw ScriptError(message: "the script API did not install", location: nil, kind: .exception)
        }
        for function in functions { context.protect(function) }
        (runFunction, listensFunction, deliverFunction, finishFunction) =
            (functions[0], functions[1], functions[2], functions[3])
    }

    deinit {
        context.unprotect(runFunction)
        context.unprotect(listensFunction)
        context.unprotect(deliverFunction)
        context.unprotect(finishFunction)
        api.pointee.globalContextRelease(global)
        api.pointee.contextGroupRelease(group)
    }

    /// Runs `script` with `session`'s facts; what it produced lands in the returned outcome. With `liveID`,
    /// `response.body.onEachMessage` subscribes under that id for ``deliver(_:toLive:session:)``.
    func run(
        _ script: Script, session: ScriptSession, response: ScriptResponseFacts?, liveID: Int? = nil
    ) -> ScriptOutcome {
        slot.session = session
        defer { slot.session = nil }
        var outcome = ScriptOutcome()
        do throws(JavaScriptException) {
            let wrapped = "(function () {\n" + script.source + "\n})"
            let compiled = try context.evaluate(wrapped, sourceURL: session.sourceURL, line: 1)
            let facts = context.parseJSON(
                ScriptFacts.json(request: session.request, response: response, liveID: liveID))
            limit.arm(group, api: api)
            let exited = try context.call(runFunction, [compiled, facts])
            outcome.exited = context.truthy(exited)
        } catch {
            outcome.error = scriptError(error, session: session)
        }
        return outcome.gathering(session)
    }

    /// Whether live handler `id` subscribed a callback that still listens.
    func listens(_ id: Int) -> Bool {
        (try? context.call(listensFunction, [context.number(Double(id))])).map(context.truthy) ?? false
    }

    /// Hands `message` to the callbacks live handler `id` subscribed; returns whether one still listens, or
    /// why a callback stopped (it threw or ran past the limit: the handler listens no more). What they sent
    /// with `output()` is in `session.outputs`.
    func deliver(_ message: String, toLive id: Int, session: ScriptSession) -> Result<Bool, ScriptError> {
        slot.session = session
        defer { slot.session = nil }
        do throws(JavaScriptException) {
            limit.arm(group, api: api)
            return .success(
                context.truthy(
                    try context.call(deliverFunction, [context.number(Double(id)), context.string(message)])))
        } catch {
            return .failure(scriptError(error, session: session))
        }
    }

    /// Ends live handler `id`: the `onFinish` of each subscription still listening runs (none when `quietly`);
    /// returns whether one called `client.exit()`, or why one failed.
    func finishLive(_ id: Int, session: ScriptSession, quietly: Bool) -> Result<Bool, ScriptError> {
        slot.session = session
        defer { slot.session = nil }
        do throws(JavaScriptException) {
            limit.arm(group, api: api)
            let exited = try context.call(finishFunction, [context.number(Double(id)), context.boolean(quietly)])
            return .success(context.truthy(exited))
        } catch {
            return .failure(scriptError(error, session: session))
        }
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

extension ScriptOutcome {
    /// This outcome with the tests, log lines and request variables `session` gathered.
    func gathering(_ session: ScriptSession) -> ScriptOutcome {
        var outcome = self
        outcome.tests = session.tests
        outcome.log = session.log
        outcome.requestVariables = session.variables
        return outcome
    }
}
