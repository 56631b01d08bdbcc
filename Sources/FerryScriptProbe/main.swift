import FerryScript
import FerryWorkbench
import Foundation

// Runs scripts in a fresh process, for what one test process cannot show: whether JavaScriptCore is
// mapped before the first script, what a missing library looks like, and how long the engine takes.
//
//   FerryScriptProbe maps SOURCE     prints `before: yes|no`, the script's log, `after: yes|no`, `error: …`
//   FerryScriptProbe time N [SOURCE] prints the first script's time and the mean of N handlers after it
//   FerryScriptProbe warm            warms the engine up in the background, prints `before: no`, `warm: yes`,
//                                    `mapped: yes` once it is ready, then the first script's time after it

/// Whether this process has mapped libjavascriptcoregtk.
func javaScriptCoreIsMapped() -> Bool {
    // /proc files report size 0, so read to the end instead of by size.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps"), let maps = try? file.readToEnd() else {
        return false
    }
    return String(decoding: maps, as: UTF8.self).contains("libjavascriptcoregtk")
}

let arguments = CommandLine.arguments.dropFirst()
let runner = ScriptRunner()
let request = ScriptRequestFacts(method: "GET", rawURL: "http://127.0.0.1/get")
let origin = ScriptOrigin(path: "probe.http", line: 1)

switch (arguments.first, arguments.dropFirst().first) {
case ("maps", let source?):
    print("before: \(javaScriptCoreIsMapped() ? "yes" : "no")")
    let outcome = runner.runPreRequest(
        Script(source: source, origin: origin), request: request, globals: ScriptGlobals())
    for line in outcome.log { print("log: \(line)") }
    print("after: \(javaScriptCoreIsMapped() ? "yes" : "no")")
    if let error = outcome.error { print("error: \(error.kind): \(error.message)") }
case ("time", let count?):
    let iterations = Int(count) ?? 1000
    let response = ScriptResponseFacts(
        status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"token":"t","id":1}"#.utf8))
    let handler = Script(
        source: arguments.dropFirst(2).first
            ?? """
            client.global.set("token", response.body.token);
            client.test("ok", () => client.assert(response.status === 200, "status"));
            """, origin: origin)
    let globals = ScriptGlobals()
    let clock = ContinuousClock()
    let first = clock.measure { _ = runner.runHandler(handler, request: request, response: response, globals: globals) }
    let rest = clock.measure {
        for _ in 0..<iterations {
            _ = runner.runHandler(handler, request: request, response: response, globals: globals)
        }
    }
    print("first script (dlopen, context, API): \(first)")
    print("per handler after (mean of \(iterations)): \(rest / iterations)")
case ("warm", _):
    print("before: \(javaScriptCoreIsMapped() ? "yes" : "no")")
    let clock = ContinuousClock()
    let start = clock.now
    runner.warmUp()
    let returned = clock.now - start
    while !runner.isWarm && clock.now - start < .seconds(30) { usleep(1000) }
    let ready = clock.now - start
    print("warm: \(runner.isWarm ? "yes" : "no")")
    print("mapped: \(javaScriptCoreIsMapped() ? "yes" : "no")")
    let first = clock.measure {
        _ = runner.runPreRequest(
            Script(source: "client.log(1)", origin: origin), request: request, globals: ScriptGlobals())
    }
    print("warmUp returned after \(returned), engine ready after \(ready), first script then \(first)")
default:
    print("usage: FerryScriptProbe maps SOURCE | time N [SOURCE] | warm")
    exit(2)
}
