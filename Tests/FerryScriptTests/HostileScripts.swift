/// Scripts written to outrun the watchdog, generated as every loop in every place it can hide: the shapes
/// the engine must stop (`HostileScriptTests`).
enum HostileScripts {
    /// Statements that never end, each by another road: plain loops, promise jobs that queue more jobs
    /// forever (the engine drains those outside the script unless Ferry drains them itself), callbacks the
    /// engine calls from native code, recursion that survives its own stack overflow.
    static let loops = [
        "for (;;) {}",
        "while (true) {}",
        "(async () => { for (;;) await 0; })();",
        "const again = () => Promise.resolve().then(again); again();",
        "new Promise(function spin(resolve) { Promise.resolve().then(() => spin(resolve)); });",
        "(async () => { for await (const _ of (async function* () { for (;;) yield 0; })()) {} })();",
        "Promise.reject(0).catch(function retry() { return Promise.reject(0).catch(retry); });",
        "function deeper() { try { deeper(); } catch { deeper(); } } deeper();",
        "[2, 1].sort(() => { for (;;) {} });",
        "JSON.parse('[1]', () => { for (;;) {} });",
        "'a'.replace(/a/, () => { for (;;) {} });",
        "new Proxy({}, { get() { for (;;) {} } }).x;",
        "class Spinner { static { for (;;) {} } }",
    ]

    /// Places a loop can be put: as it is, in a test, in `finally`, queued as a job, before `client.exit()` or a
    /// throw (jobs queued and then left behind), and outside the function the script is wrapped in.
    static let places: [(name: String, wrap: @Sendable (String) -> String)] = [
        ("bare", { $0 }),
        ("in a test", { "client.test('t', () => { \($0) });" }),
        ("in finally", { "try { \($0) } finally { \($0) }" }),
        ("in a job", { "Promise.resolve().then(() => { \($0) });" }),
        ("before exit", { "\($0)\nclient.exit();" }),
        ("before a throw", { "\($0)\nthrow new Error('after');" }),
        ("outside the wrapper", { "});\n\($0)\n(function () {" }),
    ]

    /// Every loop in every place.
    static var all: [String] {
        loops.flatMap { loop in places.map { $0.wrap(loop) } }
    }

    /// The scripts that blocked or looped where the watchdog did not look: a WebAssembly loop and
    /// `Atomics.wait` on shared memory (both refused now: there is no WebAssembly or SharedArrayBuffer).
    static let blocking = [
        "new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([0,97,115,109,1,0,0,0,1,4,1,96,0,0,3,2,1,0,7,5,"
            + "1,1,102,0,0,10,9,1,7,0,3,64,12,0,11,11])),{}).exports.f()",
        "Atomics.wait(new Int32Array(new WebAssembly.Memory({initial:1,maximum:1,shared:true}).buffer),0,0)",
        "Atomics.wait(new Int32Array(new SharedArrayBuffer(16)), 0, 0)",
        "Atomics.wait(new Int32Array(16), 0, 0)",
    ]
}
