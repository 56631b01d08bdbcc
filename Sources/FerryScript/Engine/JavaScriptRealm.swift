internal import CJavaScriptCore
import FerryDynamic
import FerryWorkbench

/// One global object with the API installed: a script's whole world. Each script gets a new realm
/// (``JavaScriptEngine/makeRealm()``), so nothing one script changes — `JSON.parse`, `Array.prototype`, a
/// global — reaches another; values travel between scripts only through `client.global`. A WebSocket
/// handler keeps its realm while its conversation lasts. Not thread-safe: `ScriptRunner` serialises calls.
final class JavaScriptRealm {
    /// The engine the realm is in, kept alive by it.
    let engine: JavaScriptEngine
    let context: JavaScriptContext
    /// The session the host functions serve while a script of this realm runs.
    let slot = SessionSlot()
    private let api: UnsafePointer<FerryJSC>
    private let global: OpaquePointer?
    private let runFunction: OpaquePointer?
    private let listensFunction: OpaquePointer?
    private let deliverFunction: OpaquePointer?
    private let finishFunction: OpaquePointer?

    /// A new global context in `group` with `prelude` run over the host function; throws when the prelude
    /// itself fails (a bug) or the context cannot be made.
    init(
        engine: JavaScriptEngine, group: OpaquePointer?, api: UnsafePointer<FerryJSC>, functions: NativeFunctionClass,
        prelude: PreludeStrings, values: DynamicValues
    ) throws(ScriptError) {
        self.engine = engine
        self.api = api
        global = api.pointee.globalContextCreateInGroup(group, nil)
        guard let global else {
            throw ScriptError(message: "JavaScriptCore could not create a context", location: nil, kind: .engineMissing)
        }
        let context = JavaScriptContext(api: api, ref: global)
        self.context = context
        let host = ScriptHost.make(
            in: context, functions: functions, realm: ScriptHost.Realm(slot: slot, values: values, group: group))
        let controller: OpaquePointer?
        do throws(JavaScriptException) {
            let install = try context.evaluate(prelude.source, sourceURL: prelude.sourceURL, line: 1)
            controller = context.object(try context.call(context.object(install), [host]))
        } catch {
            api.pointee.globalContextRelease(global)
            throw ScriptError(
                message: "the script API did not install: \(error.message)", location: nil, kind: .exception)
        }
        let functions = prelude.controllerMethods.map {
            context.object(context.property($0, of: controller))
        }
        guard functions.allSatisfy({ $0 != nil }) else {
            api.pointee.globalContextRelease(global)
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
    }

    /// Compiles and runs `source` (named `sourceURL` in stacks) with `facts`, inside one entry into the engine:
    /// the compile, the script and its promise jobs all run under the watchdog. Returns whether it called
    /// `client.exit()`.
    func run(_ source: String, sourceURL: String, facts: JavaScriptValue?) throws(JavaScriptException) -> Bool {
        context.truthy(try context.call(runFunction, [context.string(source), context.string(sourceURL), facts]))
    }

    /// Whether live handler `id` subscribed a callback that still listens.
    func listens(_ id: Int) -> Bool {
        (try? context.call(listensFunction, [context.number(Double(id))])).map(context.truthy) ?? false
    }

    /// Hands `message` to the callbacks live handler `id` subscribed; returns whether one still listens.
    func deliver(_ message: String, toLive id: Int) throws(JavaScriptException) -> Bool {
        context.truthy(try context.call(deliverFunction, [context.number(Double(id)), context.string(message)]))
    }

    /// Ends live handler `id` (its callbacks' `onFinish`, unless `quietly`); returns whether one called
    /// `client.exit()`.
    func finishLive(_ id: Int, quietly: Bool) throws(JavaScriptException) -> Bool {
        context.truthy(try context.call(finishFunction, [context.number(Double(id)), context.boolean(quietly)]))
    }
}

/// The prelude's text and the names the realm reads from its controller, made into the engine's strings once
/// per engine: converting the prelude's 15 kB for every realm cost a fifth of a short handler.
struct PreludeStrings {
    let source: JavaScriptString
    let sourceURL: JavaScriptString
    /// `run`, `listens`, `deliver` and `finish`, in that order.
    let controllerMethods: [JavaScriptString]

    init(api: UnsafePointer<FerryJSC>) {
        source = JavaScriptString(ScriptPrelude.source, api: api)
        sourceURL = JavaScriptString(ScriptPrelude.sourceURL, api: api)
        controllerMethods = ["run", "listens", "deliver", "finish"].map { JavaScriptString($0, api: api) }
    }
}
