import FerryScript
import FerryWorkbench
import Foundation
import Testing

@Suite struct ClientAPITests {
    @Test func globalSetGetIsEmptyClearAndClearAll() {
        let globals = ScriptGlobals()
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                client.assert(client.global.isEmpty(), "starts empty");
                client.global.set("token", "abc");
                client.global.set("count", 3);
                client.global.set("user", { id: 7 });
                client.assert(!client.global.isEmpty(), "not empty after set");
                client.assert(client.global.get("token") === "abc", "get returns what set stored");
                client.assert(client.global.get("missing") === null, "missing is null");
                client.global.set("gone", "x");
                client.global.clear("gone");
                client.assert(client.global.get("gone") === null, "clear removes one");
                """), request: plainRequest, globals: globals)
        #expect(outcome.error == nil)
        #expect(outcome.tests.isEmpty)
        #expect(globals.snapshot() == ["token": "abc", "count": "3", "user": #"{"id":7}"#])

        let cleared = sharedRunner.runPreRequest(
            inline("client.global.clearAll()"), request: plainRequest, globals: globals)
        #expect(cleared.error == nil)
        #expect(globals.isEmpty)
    }

    @Test func globalsSetByOneScriptAreReadByTheNext() {
        let globals = ScriptGlobals()
        _ = sharedRunner.runPreRequest(
            inline("client.global.set('step', 'one')"), request: plainRequest, globals: globals)
        let outcome = sharedRunner.runPreRequest(
            inline("request.variables.set('seen', client.global.get('step'))"), request: plainRequest, globals: globals)
        #expect(outcome.requestVariables == ["seen": "one"])
    }

    @Test func testsPassAndFailWithTheirMessageAndLine() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                client.test("holds", function () {
                  client.assert(1 + 1 === 2, "arithmetic");
                });
                client.test("breaks", () => {
                  client.assert(false, "expected 200");
                });
                client.test("throws", () => { null.x; });
                """, line: 20), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error == nil)
        #expect(outcome.tests.map(\.name) == ["holds", "breaks", "throws"])
        #expect(outcome.tests.map(\.passed) == [true, false, false])
        #expect(outcome.tests[0].message == nil)
        #expect(outcome.tests[0].location.line == 20)
        #expect(outcome.tests[1].message == "expected 200")
        #expect(outcome.tests[1].location == ScriptLocation(path: "/collections/api.http", line: 24, column: 16))
        #expect(outcome.tests[2].message?.contains("null is not an object") == true)
        #expect(outcome.tests[2].location.line == 26)
        #expect(!outcome.succeeded)
    }

    @Test func failedAssertOutsideATestIsAFailedTestNamedAfterItsMessage() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                "client.assert(true, 'fine');\nclient.assert(false, 'status was 500');\nclient.log('after')", line: 3),
            request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.tests.count == 1)
        #expect(outcome.tests.first?.name == "status was 500")
        #expect(outcome.tests.first?.passed == false)
        #expect(outcome.tests.first?.location.line == 4)
        #expect(outcome.log == ["after"])
    }

    @Test func logWritesObjectsAsJSON() {
        let outcome = sharedRunner.runPreRequest(
            inline("client.log('id', 42, { a: [1, 'b'] }, null);\nconsole.log('from console')"), request: plainRequest,
            globals: ScriptGlobals())
        #expect(outcome.log == [#"id 42 {"a":[1,"b"]} null"#, "from console"])
    }

    @Test func exitEndsTheScriptWithoutAnError() {
        let outcome = sharedRunner.runPreRequest(
            inline("client.log('before');\nclient.exit();\nclient.log('after')"), request: plainRequest,
            globals: ScriptGlobals())
        #expect(outcome.exited)
        #expect(outcome.error == nil)
        #expect(outcome.log == ["before"])
    }

    @Test func exitInsideATestEndsTheScriptToo() {
        let outcome = sharedRunner.runPreRequest(
            inline("client.test('t', () => { client.exit(); });\nclient.log('after')"), request: plainRequest,
            globals: ScriptGlobals())
        #expect(outcome.exited)
        #expect(outcome.log.isEmpty)
        #expect(outcome.tests.isEmpty)
    }

    @Test func declarationsOfOneScriptDoNotLeakIntoTheNext() {
        let first = sharedRunner.runPreRequest(
            inline("const token = 1; var other = 2;"), request: plainRequest, globals: ScriptGlobals())
        let second = sharedRunner.runPreRequest(
            inline("const token = 3; client.log(typeof other)"), request: plainRequest, globals: ScriptGlobals())
        #expect(first.error == nil)
        #expect(second.error == nil)
        #expect(second.log == ["undefined"])
    }
}
