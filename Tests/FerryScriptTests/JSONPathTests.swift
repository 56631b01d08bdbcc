import FerryScript
import FerryWorkbench
import Testing

@Suite struct JSONPathTests {
    @Test func pathsIntoObjectsArraysAndWildcards() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                const doc = { a: { b: [10, 20] }, items: [{ id: 1 }, { id: 2 }] };
                client.log(jsonPath(doc, "$.a.b[0]"));
                client.log(jsonPath(doc, "$.items[*].id"));
                client.log(jsonPath(doc, "$..id"));
                client.log(jsonPath(doc, "$.missing"));
                client.log(jsonPath('{"x": {"y": "z"}}', "$.x.y"));
                client.log(jsonPath(doc, "$.a"));
                client.log(jsonPath({ "a-b": 1 }, "$['a-b']"));
                """), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error == nil)
        #expect(outcome.log == ["10", "[1,2]", "[1,2]", "null", "z", #"{"b":[10,20]}"#, "1"])
    }

    @Test func badPathIsAnError() {
        let outcome = sharedRunner.runPreRequest(
            inline("jsonPath({}, '$.a[')"), request: plainRequest, globals: ScriptGlobals())
        #expect(outcome.error?.message.hasPrefix("Error: jsonPath: $.a[") == true)
    }
}
