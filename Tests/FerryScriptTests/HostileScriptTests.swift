import FerryScript
import FerrySystem
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// Scripts cannot hang Ferry: every loop in every place stops at the limit with an error, blocking primitives
/// do not exist, memory has a ceiling, a canceled task stops its script, and each script has a realm of its
/// own. After each, the same runner runs the next script as if nothing happened. Serialized, each script on a
/// thread of its own: a script holds its thread while it runs, which must not be one of the cooperative pool's
/// (two on this machine) that other suites wait on.
@Suite(.serialized) struct HostileScriptTests {
    /// One runner for the generated shapes: each stops, and the next one runs on the same engine.
    static let runner = ScriptRunner(limit: .milliseconds(100))

    @Test(arguments: HostileScripts.all)
    func everyLoopStopsAndTheNextScriptRuns(source: String) async throws {
        let outcome = try await Self.preRequest(source, on: Self.runner)
        #expect(outcome.error?.kind == .timeout, "\(source): \(String(describing: outcome.error))")
        let next = try await Self.preRequest("client.log('next')", on: Self.runner)
        #expect(next.error == nil, "after \(source): \(String(describing: next.error))")
        #expect(next.log == ["next"], "after \(source)")
    }

    @Test(arguments: HostileScripts.blocking)
    func blockingPrimitivesDoNotExist(source: String) async throws {
        // A limit no test waits for: the script must fail at once, not be stopped.
        let outcome = try await Self.preRequest(source, on: ScriptRunner(limit: .seconds(600)))
        #expect(outcome.error?.kind == .exception, "\(source): \(String(describing: outcome.error))")
        let message = outcome.error?.message ?? ""
        #expect(
            message.contains("WebAssembly") || message.contains("SharedArrayBuffer"), "\(source): \(message)")
    }

    @Test func aMicrotaskLoopInAResponseHandlerStops() {
        let runner = ScriptRunner(limit: .milliseconds(200))
        let outcome = runner.runHandler(
            inline("client.log('before'); (async () => { for (;;) await 0; })(); client.log('queued');"),
            request: plainRequest, response: ScriptResponseFacts(status: 200, headers: [], body: Data()),
            globals: ScriptGlobals())
        #expect(outcome.error?.kind == .timeout)
        #expect(outcome.error?.message == "stopped after 0.2 s")
        #expect(outcome.log == ["before", "queued"])
    }

    @Test func promiseJobsThatEndRunBeforeTheScriptReturns() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                (async () => { await 0; await 0; request.variables.set('token', 'late'); })();
                Promise.resolve().then(() => client.test('in a job', () => client.assert(true)));
                """), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error == nil)
        #expect(outcome.requestVariables == ["token": "late"])
        #expect(outcome.tests.map(\.name) == ["in a job"])
    }

    @Test func aLoopingCallbackOfALiveHandlerStops() {
        let runner = ScriptRunner(limit: .milliseconds(200))
        let handler = runner.startHandler(
            inline("response.body.onEachMessage(() => { (async () => { for (;;) await 0; })(); });"),
            request: plainRequest, response: ScriptResponseFacts(status: 101, headers: [], body: Data()),
            globals: ScriptGlobals())
        #expect(runner.deliver("m", to: handler).isEmpty)
        #expect(!runner.isListening(handler))
        #expect(runner.finish(handler).error?.kind == .timeout)
    }

    // MARK: - Memory

    @Test(arguments: [
        "const keep = []; for (;;) keep.push(new Array(1 << 16).fill(1.5));",
        "const keep = []; for (;;) keep.push(new Uint8Array(1 << 20).fill(1));",
        "let text = 'x'; for (;;) { text = text + text; text.charCodeAt(text.length - 1); }",
    ])
    func aScriptThatGrowsTheProcessPastTheCeilingStops(source: String) async throws {
        // Time enough that only the ceiling can stop it.
        let runner = ScriptRunner(limit: .seconds(600), memoryLimit: 64 << 20)
        let outcome = try await Self.preRequest(source, on: runner)
        #expect(outcome.error?.kind == .memoryLimit, "\(String(describing: outcome.error))")
        #expect(outcome.error?.message == "stopped: the process grew by more than 64 MiB while it ran")
        let next = try await Self.preRequest("client.log('next')", on: runner)
        #expect(next.error == nil)
    }

    // MARK: - Cancel

    @Test func aScriptWhoseTaskIsAlreadyCanceledStops() async {
        let runner = ScriptRunner(limit: .seconds(600))
        let task = Task.detached {
            withUnsafeCurrentTask { $0?.cancel() }
            return runner.runPreRequest(inline("for (;;) {}"), request: plainRequest, globals: ScriptGlobals())
        }
        let outcome = await task.value
        #expect(outcome.error?.kind == .canceled)
        #expect(outcome.error?.message == "stopped: the send was canceled")
    }

    @Test func cancelingTheTaskStopsARunningScriptAndTheRunnerRunsTheNext() async {
        let runner = ScriptRunner(limit: .seconds(600))
        let globals = ScriptGlobals()
        let task = Task.detached {
            runner.runPreRequest(
                inline("client.global.set('started', 'yes'); (async () => { for (;;) await 0; })();"),
                request: plainRequest, globals: globals)
        }
        #expect(await eventually(timeout: .seconds(600)) { globals["started"] == "yes" })
        task.cancel()
        let outcome = await task.value
        #expect(outcome.error?.kind == .canceled)
        let next = runner.runPreRequest(inline("client.log('next')"), request: plainRequest, globals: ScriptGlobals())
        #expect(next.error == nil)
        #expect(next.log == ["next"])
    }

    // MARK: - Realms

    @Test func oneScriptsChangesToTheBuiltInsNeverReachTheNext() {
        let globals = ScriptGlobals()
        let first = sharedRunner.runHandler(
            inline(
                """
                JSON.parse = () => ({ passed: true });
                Array.prototype.find = function () { client.global.set('captured', String(this.length)); };
                Object.defineProperty(Object.prototype, 'hooked', { get() { return 'yes'; } });
                globalThis.leftover = 1;
                client.global.set('token', 't-1');
                """), request: plainRequest, response: ScriptResponseFacts(status: 200, headers: [], body: Data()),
            globals: globals)
        #expect(first.error == nil)
        let second = sharedRunner.runPreRequest(
            inline(
                """
                client.log(JSON.stringify(JSON.parse('{"passed":false}')));
                client.log(String([1, 2].find((x) => x === 2)));
                client.log(String(({}).hooked), typeof leftover, client.global.get('token'));
                client.log(String(request.headers.findByName('Authorization')?.value));
                """),
            request: ScriptRequestFacts(
                method: "GET", rawURL: "http://127.0.0.1/get",
                headers: [ScriptRequestFacts.Header(name: "Authorization", raw: "Bearer s", substituted: "Bearer s")]),
            globals: globals)
        #expect(second.error == nil)
        #expect(second.log == [#"{"passed":false}"#, "2", "undefined undefined t-1", "Bearer s"])
        #expect(globals["captured"] == nil)
    }

    /// Runs `source` as a pre-request script on `runner`, on a thread of its own.
    static func preRequest(_ source: String, on runner: ScriptRunner) async throws -> ScriptOutcome {
        try await DedicatedThread.run {
            runner.runPreRequest(inline(source), request: plainRequest, globals: ScriptGlobals())
        }
    }
}
