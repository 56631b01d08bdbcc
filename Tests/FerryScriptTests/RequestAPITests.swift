import FerryScript
import FerryWorkbench
import Foundation
import Testing

@Suite struct RequestAPITests {
    let request = ScriptRequestFacts(
        method: "POST", rawURL: "{{host}}/items?id={{id}}", substitutedURL: "http://127.0.0.1:9/items?id=7",
        headers: [
            .init(name: "Content-Type", raw: "application/json", substituted: "application/json"),
            .init(name: "Authorization", raw: "Bearer {{token}}", substituted: "Bearer t-1"),
        ],
        rawBody: #"{"id": {{id}}}"#, substitutedBody: #"{"id": 7}"#,
        environment: ["host": "http://127.0.0.1:9", "secret": "s3"])

    @Test func preRequestReadsMethodURLHeadersBodyAndEnvironment() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                client.log(request.method);
                client.log(request.url.getRaw(), request.url.tryGetSubstituted());
                client.log(request.headers.all().map((h) => h.name + "=" + h.getRawValue()).join(","));
                const auth = request.headers.findByName("authorization");
                client.log(auth.name, auth.getRawValue(), auth.tryGetSubstitutedValue());
                client.log(request.headers.findByName("X-Missing"));
                client.log(request.body.getRaw(), request.body.tryGetSubstituted());
                client.log(request.environment.get("secret"), request.environment.get("nope"));
                """), request: request, globals: ScriptGlobals())
        #expect(outcome.error == nil)
        #expect(
            outcome.log == [
                "POST", "{{host}}/items?id={{id}} http://127.0.0.1:9/items?id=7",
                "Content-Type=application/json,Authorization=Bearer {{token}}",
                "Authorization Bearer {{token}} Bearer t-1",
                "null", #"{"id": {{id}}} {"id": 7}"#, "s3 null",
            ])
    }

    @Test func variablesSetReachTheOutcome() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                """
                request.variables.set("ts", 1700000000);
                request.variables.set("name", "ferry");
                client.log(request.variables.get("name"), request.variables.get("unset"));
                """), request: request, globals: ScriptGlobals())
        #expect(outcome.requestVariables == ["ts": "1700000000", "name": "ferry"])
        #expect(outcome.log == ["ferry null"])
    }

    @Test func unsupportedMembersThrowNamingThemselves() {
        let outcome = sharedRunner.runPreRequest(
            inline("request.templateValue(0)"), request: request, globals: ScriptGlobals())
        #expect(outcome.error?.message == "Error: request.templateValue() is not supported by Ferry")
        #expect(outcome.error?.kind == .exception)
    }

    /// A single send is iteration 0, JetBrains' index of the first item (the corpus's kulala scripts call it);
    /// a pass of `ferry run --data/--repeat` gives its own index.
    @Test func iterationIsZeroForARequestSentOnceAndThePassInARun() {
        let outcome = sharedRunner.runPreRequest(
            inline("client.log(typeof request.iteration(), request.iteration())"), request: request,
            globals: ScriptGlobals())
        #expect(outcome.error == nil)
        #expect(outcome.log == ["number 0"])
        var third = request
        third.iteration = 2
        let handler = sharedRunner.runHandler(
            inline("client.log(request.iteration())"), request: third,
            response: ScriptResponseFacts(status: 200, headers: [], body: Data()), globals: ScriptGlobals())
        #expect(handler.log == ["2"])
    }
}
