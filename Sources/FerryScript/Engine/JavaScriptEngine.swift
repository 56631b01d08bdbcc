internal import CJavaScriptCore
import FerryDynamic
import FerryWorkbench

/// One JavaScriptCore context group (one engine instance, its heap and its watchdog) in which the scripts
/// of a runner run, each in a realm of its own (``JavaScriptRealm``), until one is stopped: then the engine
/// is spent (``isSpent``) and the runner makes another. Not thread-safe: `ScriptRunner` serialises calls.
final class JavaScriptEngine {
    private let api: UnsafePointer<FerryJSC>
    private let group: OpaquePointer?
    /// An empty context kept for collecting the garbage a realm left once the realm is gone.
    private let home: OpaquePointer?
    private let functions: NativeFunctionClass
    private let watchdog: ScriptWatchdog
    private let prelude: PreludeStrings
    /// The generators `$random` draws from, shared by the engine's realms.
    private let values = DynamicValues()

    /// Creates the group; throws when JavaScriptCore cannot make a context.
    init(api: UnsafePointer<FerryJSC>, limitSeconds: Double, memoryLimit: Int) throws(ScriptError) {
        self.api = api
        group = api.pointee.contextGroupCreate()
        home = api.pointee.globalContextCreateInGroup(group, nil)
        guard home != nil else {
            api.pointee.contextGroupRelease(group)
            throw ScriptError(message: "JavaScriptCore could not create a context", location: nil, kind: .engineMissing)
        }
        functions = NativeFunctionClass(api: api)
        prelude = PreludeStrings(api: api)
        watchdog = ScriptWatchdog(group: group, api: api, seconds: limitSeconds, memoryLimit: memoryLimit)
    }

    deinit {
        api.pointee.globalContextRelease(home)
        api.pointee.contextGroupRelease(group)
    }

    /// Whether a script of this engine was stopped (time, memory, cancel): its jobs may still be queued and a
    /// termination pending, so no other script may run here.
    private(set) var isSpent = false

    /// A new realm; throws when the API cannot be installed in it (a bug).
    func makeRealm() throws(ScriptError) -> JavaScriptRealm {
        watchdog.arm()
        return try JavaScriptRealm(
            engine: self, group: group, api: api, functions: functions, prelude: prelude, values: values)
    }

    /// Runs `script` with `session`'s facts in a new realm, which is gone afterwards; what it produced lands in
    /// the returned outcome.
    func run(_ script: Script, session: ScriptSession, response: ScriptResponseFacts?) -> ScriptOutcome {
        let outcome: ScriptOutcome
        do throws(ScriptError) {
            let realm = try makeRealm()
            outcome = run(script, in: realm, session: session, response: response, liveID: nil)
        } catch {
            var failed = ScriptOutcome()
            failed.error = error
            return failed
        }
        collectIfGrown()
        return outcome
    }

    /// Runs `script` in `realm` with `session`'s facts. With `liveID`, `response.body.onEachMessage` subscribes
    /// under that id for ``deliver(_:toLive:in:session:)``.
    func run(
        _ script: Script, in realm: JavaScriptRealm, session: ScriptSession, response: ScriptResponseFacts?,
        liveID: Int?
    ) -> ScriptOutcome {
        realm.slot.session = session
        defer { realm.slot.session = nil }
        var outcome = ScriptOutcome()
        let facts = realm.context.parseJSON(
            ScriptFacts.json(request: session.request, response: response, liveID: liveID))
        watchdog.arm()
        do throws(JavaScriptException) {
            outcome.exited = try realm.run(script.source, sourceURL: session.sourceURL, facts: facts)
        } catch {
            outcome.error = scriptError(error, session: session)
        }
        return outcome.gathering(session)
    }

    /// Hands `message` to the callbacks live handler `id` subscribed in `realm`; returns whether one still
    /// listens, or why a callback stopped (it threw or was stopped: the handler listens no more).
    func deliver(_ message: String, toLive id: Int, in realm: JavaScriptRealm, session: ScriptSession)
        -> Result<Bool, ScriptError>
    {
        realm.slot.session = session
        defer { realm.slot.session = nil }
        watchdog.arm()
        do throws(JavaScriptException) {
            return .success(try realm.deliver(message, toLive: id))
        } catch {
            return .failure(scriptError(error, session: session))
        }
    }

    /// Ends live handler `id` of `realm`; returns whether one of its callbacks called `client.exit()`, or why
    /// one failed.
    func finishLive(_ id: Int, in realm: JavaScriptRealm, session: ScriptSession, quietly: Bool)
        -> Result<Bool, ScriptError>
    {
        realm.slot.session = session
        defer { realm.slot.session = nil }
        watchdog.arm()
        do throws(JavaScriptException) {
            return .success(try realm.finishLive(id, quietly: quietly))
        } catch {
            return .failure(scriptError(error, session: session))
        }
    }

    /// Collects the garbage now when the last script grew the process noticeably: call once its realm is gone,
    /// so what it kept is returned before the next script runs.
    func collectIfGrown() {
        if watchdog.grewNoticeably { api.pointee.synchronousGarbageCollect(home) }
    }

    private func scriptError(_ exception: JavaScriptException, session: ScriptSession) -> ScriptError {
        if watchdog.reason != nil { isSpent = true }
        let location: ScriptLocation
        if innermostFrame(in: exception.stack, sourceURL: session.sourceURL) != nil {
            location = session.location(stack: exception.stack)
        } else if let line = exception.line,
            exception.sourceURL == session.sourceURL || !exception.stack.contains(ScriptPrelude.sourceURL)
        {
            // A syntax error: thrown while compiling (from the prelude's frames), its line is the script's.
            location = session.location(evaluatedLine: line, column: exception.column)
        } else {
            location = ScriptLocation(path: session.origin.path, line: session.origin.line)
        }
        switch watchdog.reason {
        case .time:
            return ScriptError(
                message: "stopped after \(Self.seconds(watchdog.seconds)) s", location: location, kind: .timeout)
        case .memory:
            return ScriptError(
                message: "stopped: the process grew by more than \(watchdog.memoryLimit >> 20) MiB while it ran",
                location: location, kind: .memoryLimit)
        case .canceled:
            return ScriptError(message: "stopped: the send was canceled", location: location, kind: .canceled)
        case nil:
            return ScriptError(message: exception.message, location: location, kind: .exception)
        }
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
