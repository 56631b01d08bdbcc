import FerryScript
import FerryWorkbench
import Foundation
import Testing

@Suite struct ScriptErrorTests {
    @Test func exceptionInAnInlineBlockIsLocatedAtTheHTTPFileLine() {
        let outcome = sharedRunner.runHandler(
            inline("const a = 1;\n\n  a.b.c = 2;", line: 31, path: "/collections/login.http"), request: plainRequest,
            response: ScriptResponseFacts(status: 200, headers: [], body: Data()), globals: ScriptGlobals())
        #expect(outcome.error?.kind == .exception)
        #expect(outcome.error?.message.hasPrefix("TypeError") == true)
        #expect(outcome.error?.location?.path == "/collections/login.http")
        #expect(outcome.error?.location?.line == 33)
        #expect(outcome.error?.location?.column != nil)
    }

    @Test func exceptionInAJSFileIsLocatedAtItsLine() {
        let script = Script(
            source: "// handler\nfunction check() {\n  throw new Error('bad token');\n}\ncheck();\n",
            origin: ScriptOrigin(path: "/collections/handler.js"))
        let outcome = sharedRunner.runPreRequest(script, request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error?.message == "Error: bad token")
        #expect(outcome.error?.location == ScriptLocation(path: "/collections/handler.js", line: 3, column: 18))
        #expect(outcome.error?.description == "/collections/handler.js:3:18: Error: bad token")
    }

    @Test func syntaxErrorIsLocated() {
        let outcome = sharedRunner.runPreRequest(
            inline("client.log('ok');\nlet = = 3;", line: 50), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error?.message.hasPrefix("SyntaxError") == true)
        #expect(outcome.error?.location?.line == 51)
        #expect(outcome.log.isEmpty)
    }

    @Test func thrownNonErrorValueIsReported() {
        let outcome = sharedRunner.runPreRequest(
            inline("throw 'plain'", line: 2), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error?.message == "plain")
        #expect(outcome.error?.location?.line == 2)
    }

    @Test func loopingScriptIsStoppedAtTheLimitWithItsLocation() {
        let runner = ScriptRunner(limit: .milliseconds(200))
        let started = ContinuousClock.now
        let outcome = runner.runPreRequest(
            inline("client.log('start');\nwhile (true) {}", line: 12), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error?.kind == .timeout)
        #expect(outcome.error?.message == "stopped after 0.2 s")
        #expect(outcome.error?.location?.path == "/collections/api.http")
        #expect((12...13).contains(outcome.error?.location?.line ?? 0))
        #expect(outcome.log == ["start"])
        // Stopped, not left running (a generous bound: the machine may be loaded).
        #expect(ContinuousClock.now - started < .seconds(300))

        let next = runner.runPreRequest(inline("client.log('again')"), request: plainRequest, globals: ScriptGlobals())
        #expect(next.error == nil)
        #expect(next.log == ["again"])
    }
}
